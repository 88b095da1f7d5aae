import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import {
  applyMultiplier,
  isOption,
  judgeLine,
  type LottoFamily,
  type Outcome,
  winningNumbers,
} from "../../../src/domain/lotto/index.ts";
import type { TransactionType } from "../../../src/domain/transactionTypes.ts";
import type { DB } from "../../db/schema.ts";
import type { Executor } from "../../kernel/db.ts";
import { inTransaction } from "../../kernel/db.ts";
import {
  memberAccounts,
  notifyCashChanged,
  postTransfers,
  systemAccount,
  type TransferInput,
} from "../../ledger/ledger.ts";
import { notifySettledSlips } from "../push/lottoEvents.ts";
import { houseAccountCode } from "./poys.ts";
import { toOutcome } from "./resultViews.ts";

/**
 * Settlement (docs/results-api.md "Settlement"): pays a resulted round's winning lines, re-judges them when a
 * correction is confirmed, and refunds a cancelled round's waiting slips.
 *
 * Durable and exactly once without any in-memory state:
 * - a round has work while `settled_at` is null (confirming a result or cancelling the round clears it);
 * - work is claimed a batch of slips at a time with `for update skip locked`, so several processes share a
 *   round, and a slip is judged whole in one transaction: its lines, its status and the ledger transfers that
 *   pay them commit together or not at all;
 * - every transfer has a key naming its line (or slip) and result, so nothing is ever paid twice, and a killed
 *   run leaves only untouched slips, which the next run claims;
 * - the round is marked settled under its row lock, after re-reading its confirmed result, when no slip is
 *   left to judge; whichever process commits last does it.
 */

export const WIN_TRANSACTION: Readonly<Record<LottoFamily, TransactionType>> = {
  gov: "WIN_GOV",
  yeekee: "WIN_YEEKEE",
  yeekee5Min: "WIN_YEEKEE",
  pingpong: "WIN_YEEKEE",
  stock: "WIN_STOCK",
  set4: "WIN_SET_4",
};

/** Slips per transaction: big enough to be fast, small enough that bets on the house account wait little. */
export const SETTLE_BATCH_SLIPS = 500;

export interface SettleOptions {
  batchSize?: number;
  /** Only these rounds (tests and the bench). */
  roundIds?: readonly bigint[];
  /**
   * Called after each committed batch with the number of batches committed so far in this call. Tests use it
   * as a fault injector: throwing stops the run there, as a killed process would.
   */
  afterBatch?: (batches: number) => void | Promise<void>;
  /** Tests: called inside each batch's transaction, before its commit (a crash there rolls the batch back). */
  beforeCommit?: (batch: number) => void | Promise<void>;
}

export interface SettleReport {
  /** Rounds marked settled by this call. */
  rounds: number;
  slips: number;
  lines: number;
  /** Transfers this call inserted (wins, reversals, refunds). */
  transfers: number;
}

interface RoundState {
  id: bigint;
  family: LottoFamily;
  status: "resulted" | "cancelled";
  /** The confirmed result (resulted rounds). */
  result: { id: bigint; outcome: Outcome } | null;
  /** Results of the round that are no longer confirmed: lines judged on them must be judged again. */
  stale: bigint[];
}

async function roundState(db: Executor, roundId: bigint): Promise<RoundState | null> {
  const round = await db
    .selectFrom("lotto_rounds")
    .select(["id", "family", "status"])
    .where("id", "=", roundId)
    .executeTakeFirst();
  if (!round || (round.status !== "resulted" && round.status !== "cancelled")) return null;
  const results = await db
    .selectFrom("lotto_results")
    .select(["id", "status", "outcome"])
    .where("round_id", "=", roundId)
    .where("status", "in", ["confirmed", "superseded"])
    .execute();
  const confirmed = results.find((r) => r.status === "confirmed");
  if (round.status === "resulted" && !confirmed) return null;
  return {
    id: round.id,
    family: round.family,
    status: round.status,
    result:
      round.status === "resulted" && confirmed
        ? { id: confirmed.id, outcome: toOutcome(confirmed.outcome) }
        : null,
    stale: results.filter((r) => r.status === "superseded").map((r) => r.id),
  };
}

/**
 * The slips of the round still to settle: waiting ones, and (after a correction) judged ones with a line judged
 * on a result that is no longer confirmed.
 */
function pendingSlips(
  trx: Executor,
  state: RoundState,
  from: { after: bigint } | { ids: readonly bigint[] },
) {
  const stale = state.status === "resulted" && state.stale.length > 0 ? state.stale.map(String) : null;
  const base = trx.selectFrom("poys as p").select(["p.id", "p.member_id", "p.total", "p.status"]);
  // By ids (the re-check of claimed slips) the primary key finds them; else the round's slips in id order.
  const scoped =
    "ids" in from
      ? base.where(sql<boolean>`p.id = any(${from.ids.map(String)}::bigint[])`)
      : base.where("p.round_id", "=", state.id).where("p.id", ">", from.after);
  return scoped
    .where((eb) =>
      stale
        ? eb.or([
            eb("p.status", "=", "waiting"),
            eb.and([
              eb("p.status", "in", ["won", "lost"]),
              eb.exists(
                eb
                  .selectFrom("poy_lines as l")
                  .select(sql`1`.as("one"))
                  .whereRef("l.poy_id", "=", "p.id")
                  .where(sql<boolean>`l.result_id = any(${stale}::bigint[])`),
              ),
            ]),
          ])
        : eb("p.status", "=", "waiting"),
    )
    .orderBy("p.id");
}

/**
 * What a claim walks: the round's slips after the cursor that may be pending, by a plain index range (after a
 * correction every judged slip; the precise test, a sub-query per slip, runs on the claimed ones only).
 */
function claimable(trx: Transaction<DB>, state: RoundState, after: bigint) {
  const corrected = state.status === "resulted" && state.stale.length > 0;
  return trx
    .selectFrom("poys as p")
    .select(["p.id", "p.member_id", "p.total", "p.status"])
    .where("p.round_id", "=", state.id)
    .where("p.id", ">", after)
    .where("p.status", "in", corrected ? ["waiting", "won", "lost"] : ["waiting"])
    .orderBy("p.id");
}

type SlipRow = { id: bigint; member_id: bigint; total: bigint; status: string };

/**
 * Claims the next batch: locks up to `size` slips after `after` that may be pending, skipping those another run
 * holds, then keeps those still pending once locked (checked on what has committed since: a slip another run
 * settled meanwhile without changing its row, a correction that leaves it lost, is dropped here). `lastId` moves
 * the cursor past every claimed slip.
 */
async function claimSlips(
  trx: Transaction<DB>,
  state: RoundState,
  after: bigint,
  size: number,
): Promise<{ slips: SlipRow[]; lastId: bigint | null }> {
  const claimed = await claimable(trx, state, after).limit(size).forUpdate().skipLocked().execute();
  if (claimed.length === 0) return { slips: [], lastId: null };
  const lastId = (claimed.at(-1) as SlipRow).id;
  const still = await pendingSlips(trx, state, { ids: claimed.map((c) => c.id) }).execute();
  return { slips: still, lastId };
}

interface BatchOutcome {
  slips: number;
  lines: number;
  lastId: bigint | null;
  transfers: number;
  accountIds: bigint[];
}

const NOTHING: BatchOutcome = { slips: 0, lines: 0, lastId: null, transfers: 0, accountIds: [] };

/** Refunds a batch of a cancelled round's waiting slips (ABORT_POY, house → member). */
async function refundBatch(trx: Transaction<DB>, state: RoundState, after: bigint, size: number) {
  const { slips, lastId } = await claimSlips(trx, state, after, size);
  if (lastId === null) return NOTHING;
  if (slips.length === 0) return { ...NOTHING, lastId };
  const house = await systemAccount(trx, houseAccountCode(state.family), "house");
  const cash = await memberAccounts(
    trx,
    slips.map((s) => s.member_id),
    "member_cash",
  );
  const key = (id: bigint) => `poy-refund:${id}`;
  const ids = slips.map((s) => String(s.id));
  const lines = await sql`
    update poy_lines set status = 'refunded' where poy_id = any(${ids}::bigint[]) and status = 'waiting'`.execute(
    trx,
  );
  // Money last: the house account's lock (every bet of the family takes it) is held only until the commit.
  const posted = await postTransfers(
    trx,
    slips.map((s) => ({
      debitAccountId: house,
      creditAccountId: cash.get(s.member_id) as bigint,
      amount: s.total,
      type: "ABORT_POY",
      reference: `poy:${s.id}`,
      idempotencyKey: key(s.id),
    })),
  );
  await sql`
    update poys p set status = 'refunded', refund_transfer_id = d.transfer_id, cancelled_at = now()
      from unnest(${ids}::bigint[], ${slips.map((s) => String(posted.ids.get(key(s.id))))}::bigint[])
           as d(id, transfer_id)
     where p.id = d.id`.execute(trx);
  return {
    slips: slips.length,
    lines: Number(lines.numAffectedRows ?? 0n),
    lastId,
    transfers: posted.inserted,
    accountIds: posted.accountIds,
  };
}

interface LineChange {
  id: bigint;
  status: "won" | "lost";
  payout: bigint;
}

/**
 * Judges a batch of slips on the confirmed result: waiting lines are judged for the first time; lines judged on
 * an earlier version are judged again, a win that no longer wins is reversed, a new win is paid.
 */
async function judgeBatch(trx: Transaction<DB>, state: RoundState, after: bigint, size: number) {
  const result = state.result as NonNullable<RoundState["result"]>;
  const { slips, lastId } = await claimSlips(trx, state, after, size);
  if (lastId === null) return NOTHING;
  if (slips.length === 0) return { ...NOTHING, lastId };
  const slipIds = slips.map((s) => String(s.id));
  const memberOf = new Map(slips.map((s) => [s.id, s.member_id]));
  // Only the lines that may win now or won before come to the server (a few percent); the rest of the batch is
  // lost and is marked so in one statement below. winningNumbers and judgeLine are the same rules (judge.ts);
  // judgeLine has the last word on every line fetched.
  const winning = Object.entries(winningNumbers(result.outcome)).flatMap(([option, numbers]) =>
    numbers.map((number) => ({ option, number })),
  );
  const lines = await sql<{
    id: bigint;
    poy_id: bigint;
    option: string;
    number: string;
    price: bigint;
    multiply: string;
    status: "waiting" | "won" | "lost";
    payout: bigint | null;
    result_id: bigint | null;
  }>`
    select id, poy_id, option, number, price, multiply, status, payout, result_id
      from poy_lines
     where poy_id = any(${slipIds}::bigint[]) and status in ('waiting', 'won', 'lost')
       and (status = 'won'
            or (option, number) in (select unnest(${winning.map((w) => w.option)}::text[]),
                                           unnest(${winning.map((w) => w.number)}::text[])))
     order by id`.execute(trx);

  const type = WIN_TRANSACTION[state.family];
  const house = await systemAccount(trx, houseAccountCode(state.family), "house");
  const changes: LineChange[] = [];
  const wins: { lineId: bigint; poyId: bigint; memberId: bigint; amount: bigint }[] = [];
  const reversals: { lineId: bigint; poyId: bigint; memberId: bigint; amount: bigint; oldResult: bigint }[] =
    [];
  const slipWon = new Map<bigint, boolean>(slips.map((s) => [s.id, false]));
  for (const line of lines.rows) {
    const memberId = memberOf.get(line.poy_id) as bigint;
    const won = isOption(line.option) && judgeLine(line.option, line.number, result.outcome);
    const payout = won ? applyMultiplier(line.price, line.multiply) : 0n;
    if (won) slipWon.set(line.poy_id, true);
    if (line.result_id === result.id && line.status !== "waiting") continue;
    const paidBefore = line.status === "won" ? (line.payout ?? 0n) : 0n;
    if (won && paidBefore === 0n)
      wins.push({ lineId: line.id, poyId: line.poy_id, memberId, amount: payout });
    if (!won && paidBefore > 0n)
      reversals.push({
        lineId: line.id,
        poyId: line.poy_id,
        memberId,
        amount: paidBefore,
        oldResult: line.result_id as bigint,
      });
    // A line that won on both versions keeps its payment (the rate it was accepted at did not change).
    changes.push({ id: line.id, status: won ? "won" : "lost", payout: won ? paidBefore || payout : 0n });
  }

  const cash = await memberAccounts(
    trx,
    [...wins, ...reversals].map((w) => w.memberId),
    "member_cash",
  );
  const transfers: TransferInput[] = wins
    .filter((w) => w.amount > 0n)
    .map((w) => ({
      debitAccountId: house,
      creditAccountId: cash.get(w.memberId) as bigint,
      amount: w.amount,
      type,
      reference: `poy:${w.poyId}:line:${w.lineId}`,
      idempotencyKey: `win:${w.lineId}:${result.id}`,
    }));

  // Reversals take what the member has (plus what this batch pays them), never more: the rest is a shortfall.
  const shortfalls: { lineId: bigint; memberId: bigint; oldResult: bigint; amount: bigint; taken: bigint }[] =
    [];
  if (reversals.length > 0) {
    // Every account the batch moves, locked before reading in id order as the ledger locks (the house with the
    // members: a bet locks both in that order too), so no balance moves under the decision and none deadlocks.
    const accounts = [house, ...cash.values()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const balances = await sql<{ id: bigint; balance: bigint; held: bigint }>`
      select id, balance, held from ledger_accounts
       where id = any(${accounts.map(String)}::bigint[]) order by id for update`.execute(trx);
    const room = new Map(balances.rows.map((b) => [b.id, b.balance - b.held]));
    for (const t of transfers) room.set(t.creditAccountId, (room.get(t.creditAccountId) ?? 0n) + t.amount);
    for (const r of reversals) {
      const account = cash.get(r.memberId) as bigint;
      const available = room.get(account) ?? 0n;
      const taken = available < r.amount ? (available > 0n ? available : 0n) : r.amount;
      room.set(account, available - taken);
      if (taken > 0n)
        transfers.push({
          debitAccountId: account,
          creditAccountId: house,
          amount: taken,
          type,
          reference: `poy:${r.poyId}:line:${r.lineId}`,
          idempotencyKey: `win-reversal:${r.lineId}:${r.oldResult}`,
        });
      if (taken < r.amount)
        shortfalls.push({
          lineId: r.lineId,
          memberId: r.memberId,
          oldResult: r.oldResult,
          amount: r.amount,
          taken,
        });
    }
  }

  if (changes.length > 0) {
    await sql`
      update poy_lines l set status = d.status, payout = d.payout, result_id = ${result.id}
        from unnest(${changes.map((c) => String(c.id))}::bigint[], ${changes.map((c) => c.status)}::text[],
                    ${changes.map((c) => String(c.payout))}::bigint[]) as d(id, status, payout)
       where l.id = d.id`.execute(trx);
  }
  // Every other line of the batch was neither a possible winner nor a past one: lost on this result.
  const lost = await sql`
    update poy_lines set status = 'lost', payout = 0, result_id = ${result.id}
     where poy_id = any(${slipIds}::bigint[]) and status in ('waiting', 'lost')
       and result_id is distinct from ${result.id}`.execute(trx);
  await sql`
    update poys p set status = d.status
      from unnest(${slipIds}::bigint[], ${slips.map((s) => (slipWon.get(s.id) ? "won" : "lost"))}::text[])
           as d(id, status)
     where p.id = d.id and p.status <> d.status`.execute(trx);
  // The members hear of it (won with the amount, or lost, and the round's result) in this same transaction.
  await notifySettledSlips(trx, {
    roundId: state.id,
    resultId: result.id,
    outcome: result.outcome,
    slips: slips.map((s) => ({ id: s.id, memberId: s.member_id, won: slipWon.get(s.id) === true })),
  });
  // Money last: the house account's lock (every bet of the family takes it) is held only until the commit.
  const posted = await postTransfers(trx, transfers);
  if (shortfalls.length > 0) {
    await trx
      .insertInto("lotto_shortfalls")
      .values(
        shortfalls.map((s) => ({
          round_id: state.id,
          line_id: s.lineId,
          result_id: s.oldResult,
          member_id: s.memberId,
          amount: s.amount,
          taken: s.taken,
          owed: s.amount - s.taken,
          transfer_id:
            s.taken > 0n ? (posted.ids.get(`win-reversal:${s.lineId}:${s.oldResult}`) ?? null) : null,
        })),
      )
      .onConflict((oc) => oc.columns(["line_id", "result_id"]).doNothing())
      .execute();
  }
  return {
    slips: slips.length,
    lines: changes.length + Number(lost.numAffectedRows ?? 0n),
    lastId,
    transfers: posted.inserted,
    accountIds: posted.accountIds,
  };
}

/**
 * Marks the round settled when nothing is left to do on its current decision. Under the round's row lock, so a
 * correction or cancellation committing meanwhile is seen (it clears settled_at again, or this waits for it).
 */
async function markSettled(db: Kysely<DB>, roundId: bigint, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const round = await trx
      .selectFrom("lotto_rounds")
      .select(["id", "settled_at"])
      .where("id", "=", roundId)
      .forUpdate()
      .executeTakeFirst();
    if (!round || round.settled_at !== null) return false;
    const state = await roundState(trx, roundId);
    if (!state) return false;
    const left = await pendingSlips(trx, state, { after: 0n }).limit(1).executeTakeFirst();
    if (left) return false;
    await trx
      .updateTable("lotto_rounds")
      .set({ settled_result_id: state.result?.id ?? null, settled_at: now })
      .where("id", "=", roundId)
      .execute();
    return true;
  });
}

/** Settles one round as far as it can; returns whether this call marked it settled. */
export async function settleRound(
  db: Kysely<DB>,
  roundId: bigint,
  now: Date = new Date(),
  options: SettleOptions = {},
  report: SettleReport = { rounds: 0, slips: 0, lines: 0, transfers: 0 },
  batches = { count: 0 },
): Promise<boolean> {
  const size = options.batchSize ?? SETTLE_BATCH_SLIPS;
  let after = 0n;
  for (;;) {
    const batch = await inTransaction(db, async (trx) => {
      // Read in the batch's transaction: a correction confirmed meanwhile is used from the next batch on.
      const state = await roundState(trx, roundId);
      if (!state) return NOTHING;
      const done =
        state.status === "cancelled"
          ? await refundBatch(trx, state, after, size)
          : await judgeBatch(trx, state, after, size);
      if (done.lastId !== null) await options.beforeCommit?.(batches.count + 1);
      return done;
    });
    if (batch.accountIds.length > 0) await notifyCashChanged(db, batch.accountIds);
    report.slips += batch.slips;
    report.lines += batch.lines;
    report.transfers += batch.transfers;
    if (batch.lastId === null) break;
    after = batch.lastId;
    batches.count += 1;
    await options.afterBatch?.(batches.count);
  }
  // Slips skipped because another run held them are that run's to finish; it marks the round when it is last.
  const marked = await markSettled(db, roundId, now);
  if (marked) report.rounds += 1;
  return marked;
}

/** Settles every round with work left (resulted on a result not yet settled, or cancelled with waiting slips). */
export async function settleDueRounds(
  db: Kysely<DB>,
  now: Date = new Date(),
  options: SettleOptions = {},
): Promise<SettleReport> {
  let query = db
    .selectFrom("lotto_rounds")
    .select("id")
    .where("status", "in", ["resulted", "cancelled"])
    .where("settled_at", "is", null)
    .orderBy("result_at")
    .orderBy("id")
    .limit(100);
  if (options.roundIds)
    query = query.where("id", "in", options.roundIds.length ? [...options.roundIds] : [-1n]);
  const due = await query.execute();
  const report: SettleReport = { rounds: 0, slips: 0, lines: 0, transfers: 0 };
  const batches = { count: 0 };
  for (const round of due) await settleRound(db, round.id, now, options, report, batches);
  return report;
}
