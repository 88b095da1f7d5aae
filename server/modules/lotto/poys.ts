import type { Kysely, Selectable } from "kysely";
import { sql } from "kysely";
import {
  type AnyOption,
  applyMultiplier,
  compareLines,
  exposureKey,
  FOUR_DIGIT_LOTTERIES,
  familyOffers,
  isClosedRate,
  isOption,
  isWellFormedNumber,
  type LottoFamily,
  normalizeDecimal,
  optionFromWire,
  optionWire,
  sameRate,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { TransactionType } from "../../../src/domain/transactionTypes.ts";
import { parseAmount } from "../../../src/domain/wallet.ts";
import type { DB, PoyLinesTable, PoysTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import {
  inTransaction,
  LedgerError,
  memberAccount,
  notifyCashChanged,
  systemAccount,
  transfer,
} from "../../ledger/ledger.ts";
import { currentRate, restrictionsOf } from "./rates.ts";
import { confirmedResultsOf, resultNumbers } from "./results.ts";
import {
  betNameOf,
  type Executor,
  familyOf,
  isRowActive,
  type RoundRow,
  roundLimit,
  roundMaxPerOption,
} from "./rounds.ts";

export type PoyRow = Selectable<PoysTable>;
export type PoyLineRow = Selectable<PoyLinesTable>;

/** The ledger type of a family's stakes (SPEC.md section 9: BET_ and WIN_ for GOV, YEEKEE, STOCK, SET_4). */
export const BET_TRANSACTION: Readonly<Record<LottoFamily, TransactionType>> = {
  gov: "BET_GOV",
  yeekee: "BET_YEEKEE",
  yeekee5Min: "BET_YEEKEE",
  pingpong: "BET_YEEKEE",
  stock: "BET_STOCK",
  set4: "BET_SET_4",
};

/** The house account a family's stakes go to and refunds come from. */
export const houseAccountCode = (family: LottoFamily) => `house:lotto:${family}`;

/**
 * Cancellation by the member (docs/lotto-api.md): never for yeekee, yeekee 5-minute and ping-pong (rounds of
 * minutes whose result the members shoot or a seed decides); gov, stock and the 4-digit lotteries until
 * 30 minutes before the round closes.
 */
export const CANCEL_RULES: Readonly<Record<LottoFamily, { allowed: boolean; minutesBeforeClose: number }>> = {
  yeekee: { allowed: false, minutesBeforeClose: 0 },
  yeekee5Min: { allowed: false, minutesBeforeClose: 0 },
  pingpong: { allowed: false, minutesBeforeClose: 0 },
  gov: { allowed: true, minutesBeforeClose: 30 },
  stock: { allowed: true, minutesBeforeClose: 30 },
  set4: { allowed: true, minutesBeforeClose: 30 },
};

/** When a slip of this round may last be cancelled; null when the family never allows it. */
export function cancelUntil(round: RoundRow): Date | null {
  const rule = CANCEL_RULES[familyOf(round)];
  return rule.allowed ? new Date(round.close_at.getTime() - rule.minutesBeforeClose * 60_000) : null;
}

/** Most lines one slip may carry (19-door on both 2-digit options is 38; low + high on both, 200). */
export const MAX_LINES_PER_SLIP = 1000;

export interface LineInput {
  option: string;
  number: string;
  price: unknown;
  multiply: string;
  add?: number | undefined;
}

/** Which create call the slip came through: poys.create (lotto families) or lotteries.{api}.create (set4). */
export type CreateVia = { kind: "poys" } | { kind: "lottery"; api: string };

export interface PlaceInput {
  memberId: bigint;
  betId: bigint;
  lines: readonly LineInput[];
  idempotencyKey: string;
  via: CreateVia;
}

interface CheckedLine {
  index: number;
  option: AnyOption;
  number: string;
  price: bigint;
  seen: string;
  add: number;
  key: string;
}

const lineError = (
  status: number,
  code: string,
  message: string,
  index: number,
  line: { option: string; number: string },
  extra: Record<string, unknown> = {},
) => new AppError(status, code, message, { line: index, option: line.option, number: line.number, ...extra });

function checkRoute(round: RoundRow, via: CreateVia): void {
  const isSet4 = round.family === "set4";
  const ok = via.kind === "poys" ? !isSet4 : isSet4 && betNameOf(round) === via.api;
  if (!ok) {
    const where = isSet4 ? `lotteries.${betNameOf(round)}.create` : "poys.create";
    throw new AppError(400, "ROUND_MISMATCH", `This round takes slips through ${where}.`, {
      betName: betNameOf(round),
    });
  }
}

/** Shape, option, number and price of every line (the round's offer and limits); no rates yet. */
function checkLines(round: RoundRow, lines: readonly LineInput[]): CheckedLine[] {
  const family = familyOf(round);
  const seen = new Set<string>();
  return lines.map((line, index) => {
    const option = optionFromWire(line.option) ?? (isOption(line.option) ? line.option : null);
    if (!option) throw lineError(400, "OPTION_UNKNOWN", "Unknown bet option.", index, line);
    const wire = { option: optionWire(option), number: line.number };
    const limit = roundLimit(round, option);
    if (!familyOffers(family, option) || round.rates[option] === undefined || !limit) {
      throw lineError(400, "OPTION_NOT_OFFERED", "This round does not offer this option.", index, wire);
    }
    if (!isWellFormedNumber(option, line.number)) {
      throw lineError(400, "NUMBER_INVALID", "The number does not fit this option.", index, wire);
    }
    const price = parseAmount(line.price);
    if (price === null || price < limit.min || price > limit.max) {
      throw lineError(400, "PRICE_OUT_OF_RANGE", "The price is outside this option's limits.", index, wire, {
        betMin: satangToBaht(limit.min),
        betMax: satangToBaht(limit.max),
      });
    }
    const ref = `${option}:${line.number}`;
    if (seen.has(ref)) {
      throw lineError(400, "LINE_DUPLICATE", "The slip has this option and number twice.", index, wire);
    }
    seen.add(ref);
    return {
      index,
      option,
      number: line.number,
      price,
      seen: line.multiply,
      add: line.add ?? 1,
      key: exposureKey(option, line.number),
    };
  });
}

async function findByKey(db: Executor, memberId: bigint, key: string): Promise<PoyRow | undefined> {
  return db
    .selectFrom("poys")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export interface RateChangeView {
  option: string;
  number: string;
  from: string;
  /** The rate now; "0" when the number is closed. */
  to: string;
  closed: boolean;
}

/**
 * Places a slip (docs/lotto-api.md "Placing a slip"): everything in one transaction, nothing stored on any
 * refusal. The same idempotency key returns the first slip (`replay`).
 */
export async function placePoy(db: Kysely<DB>, input: PlaceInput): Promise<{ poy: PoyRow; replay: boolean }> {
  const { memberId, idempotencyKey } = input;
  const first = await findByKey(db, memberId, idempotencyKey);
  if (first) return { poy: first, replay: true };
  if (input.lines.length === 0) throw new AppError(400, "SLIP_EMPTY", "The slip has no lines.");
  if (input.lines.length > MAX_LINES_PER_SLIP) {
    throw new AppError(400, "SLIP_TOO_LONG", `A slip has at most ${MAX_LINES_PER_SLIP} lines.`);
  }
  let cashAccount: bigint | null = null;
  let result: { poy: PoyRow; replay: boolean };
  try {
    result = await inTransaction(db, async (trx) => {
      const replayed = await findByKey(trx, memberId, idempotencyKey);
      if (replayed) return { poy: replayed, replay: true };
      // A share lock: slips in the round run side by side, while closing or cancelling the round (and staff
      // restrictions) wait for them, and they for it.
      const round = await trx
        .selectFrom("lotto_rounds")
        .selectAll()
        .where("id", "=", input.betId)
        .forShare()
        .executeTakeFirst();
      if (!round) throw new AppError(404, "ROUND_NOT_FOUND", "Round not found.");
      checkRoute(round, input.via);
      if (!isRowActive(round, new Date())) {
        throw new AppError(409, "ROUND_CLOSED", "This round is closed for betting.");
      }
      const lines = checkLines(round, input.lines);

      // Exposure rows of the slip's numbers, locked in key order (no deadlocks): slips on the same numbers
      // take turns, so each is priced at the exposure left by the ones before it.
      const keys = [...new Set(lines.map((l) => l.key))].sort();
      await trx
        .insertInto("lotto_exposure")
        .values(keys.map((exposure_key) => ({ round_id: round.id, exposure_key })))
        .onConflict((oc) => oc.columns(["round_id", "exposure_key"]).doNothing())
        .execute();
      const locked = await trx
        .selectFrom("lotto_exposure")
        .select(["exposure_key", "payout"])
        .where("round_id", "=", round.id)
        .where("exposure_key", "in", keys)
        .orderBy("exposure_key")
        .forUpdate()
        .execute();
      const exposure = new Map(locked.map((e) => [e.exposure_key, e.payout]));
      // A twin request with the same key may have committed while we waited for the locks.
      const twin = await findByKey(trx, memberId, idempotencyKey);
      if (twin) return { poy: twin, replay: true };

      // Every line at the rate the member saw, or nothing.
      const restrictions = await restrictionsOf(trx, round.id);
      const changes: RateChangeView[] = [];
      const accepted = new Map<number, string>();
      for (const line of lines) {
        const rate = currentRate(
          round,
          line.option,
          restrictions.get(line.key),
          exposure.get(line.key) ?? 0n,
        );
        const now = rate ?? "0";
        if (isClosedRate(now) || !sameRate(now, line.seen)) {
          changes.push({
            option: optionWire(line.option),
            number: line.number,
            from: line.seen,
            to: normalizeDecimal(now) ?? now,
            closed: isClosedRate(now),
          });
        } else accepted.set(line.index, normalizeDecimal(now) ?? now);
      }
      if (changes.length > 0) {
        const allClosed = changes.every((c) => c.closed);
        throw new AppError(
          409,
          "RATE_CHANGED",
          allClosed
            ? "Some numbers are closed in this round. Please remove them and confirm again."
            : "The rates of some numbers have changed. Please check them and confirm again.",
          { changes },
        );
      }

      // The round maximum: what one member stakes on one number of an option, over all their waiting slips in
      // the round (tode numbers as one, by exposure key), including this slip.
      const used = await trx
        .selectFrom("poy_lines")
        .innerJoin("poys", "poys.id", "poy_lines.poy_id")
        .select(["poy_lines.option", "poy_lines.number", sql<string>`sum(poy_lines.price)`.as("staked")])
        .where("poys.member_id", "=", memberId)
        .where("poys.round_id", "=", round.id)
        .where("poys.status", "=", "waiting")
        .groupBy(["poy_lines.option", "poy_lines.number"])
        .execute();
      const staked = new Map<string, bigint>();
      for (const u of used) {
        if (!isOption(u.option)) continue;
        const key = exposureKey(u.option, u.number);
        staked.set(key, (staked.get(key) ?? 0n) + BigInt(u.staked));
      }
      for (const line of lines) {
        const before = staked.get(line.key) ?? 0n;
        const after = before + line.price;
        const max = roundMaxPerOption(round, line.option);
        if (max !== null && after > max) {
          throw lineError(
            400,
            "OVER_ROUND_MAX",
            "This stake goes over the round's maximum for this number.",
            line.index,
            { option: optionWire(line.option), number: line.number },
            { max: satangToBaht(max), used: satangToBaht(before) },
          );
        }
        staked.set(line.key, after);
      }

      const total = lines.reduce((sum, l) => sum + l.price, 0n);
      const family = familyOf(round);
      const cash = await memberAccount(trx, memberId, "member_cash");
      cashAccount = cash;
      const house = await systemAccount(trx, houseAccountCode(family), "house");
      const paid = await transfer(
        db,
        {
          debitAccountId: cash,
          creditAccountId: house,
          amount: total,
          type: BET_TRANSACTION[family],
          reference: `poy:${memberId}:${idempotencyKey}`,
          idempotencyKey: `poy:${memberId}:${idempotencyKey}`,
        },
        trx,
      );
      const poy = await trx
        .insertInto("poys")
        .values({
          member_id: memberId,
          round_id: round.id,
          status: "waiting",
          total,
          idempotency_key: idempotencyKey,
          transfer_id: paid.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("poy_lines")
        .values(
          lines.map((l) => ({
            poy_id: poy.id,
            option: l.option,
            number: l.number,
            price: l.price,
            multiply: accepted.get(l.index) as string,
            batch: l.add,
            status: "waiting" as const,
          })),
        )
        .execute();
      const added = new Map<string, bigint>();
      for (const l of lines) {
        added.set(
          l.key,
          (added.get(l.key) ?? 0n) + applyMultiplier(l.price, accepted.get(l.index) as string),
        );
      }
      await addExposure(trx, round.id, added);
      return { poy, replay: false };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof LedgerError && err.code === "INSUFFICIENT_FUNDS") {
      throw new AppError(400, "INSUFFICIENT_FUNDS", "Your balance is not enough for this slip.");
    }
    // A concurrent request with the same key won the race: its slip is the answer.
    const again = await findByKey(db, memberId, idempotencyKey);
    if (again) return { poy: again, replay: true };
    throw err;
  }
  if (!result.replay && cashAccount !== null) await notifyCashChanged(db, [cashAccount]);
  return result;
}

/** Adds (or, negative, removes) potential payout on exposure rows the caller has locked; one statement. */
async function addExposure(trx: Executor, roundId: bigint, delta: Map<string, bigint>): Promise<void> {
  const entries = [...delta.entries()].filter(([, amount]) => amount !== 0n);
  if (entries.length === 0) return;
  const keys = entries.map(([key]) => key);
  const amounts = entries.map(([, amount]) => amount.toString());
  await sql`
    update lotto_exposure e
       set payout = e.payout + d.amount, updated_at = now()
      from (select unnest(${keys}::text[]) as exposure_key, unnest(${amounts}::bigint[]) as amount) d
     where e.round_id = ${roundId} and e.exposure_key = d.exposure_key`.execute(trx);
}

/**
 * Cancels the member's own waiting slip and refunds its total with one ABORT_POY transfer (house → member).
 * Idempotent: a cancelled slip is returned as it is.
 */
export async function cancelPoy(db: Kysely<DB>, memberId: bigint, poyId: bigint): Promise<PoyRow> {
  let cashAccount: bigint | null = null;
  const result = await inTransaction(db, async (trx) => {
    const poy = await trx
      .selectFrom("poys")
      .selectAll()
      .where("id", "=", poyId)
      .where("member_id", "=", memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!poy) throw new AppError(404, "POY_NOT_FOUND", "Slip not found.");
    if (poy.status === "cancelled") return poy;
    if (poy.status !== "waiting") {
      throw new AppError(409, "POY_NOT_CANCELLABLE", `This slip is ${poy.status}.`, { status: poy.status });
    }
    const round = await trx
      .selectFrom("lotto_rounds")
      .selectAll()
      .where("id", "=", poy.round_id)
      .forShare()
      .executeTakeFirstOrThrow();
    const until = cancelUntil(round);
    if (!until) {
      throw new AppError(409, "CANCEL_NOT_ALLOWED", "Slips of this lottery cannot be cancelled.");
    }
    if (round.status !== "open" || Date.now() >= until.getTime()) {
      throw new AppError(409, "CANCEL_TOO_LATE", "It is too late to cancel this slip.", {
        cancelUntil: until.toISOString(),
      });
    }
    const lines = await trx.selectFrom("poy_lines").selectAll().where("poy_id", "=", poy.id).execute();
    const removed = new Map<string, bigint>();
    for (const l of lines) {
      if (!isOption(l.option)) continue;
      const key = exposureKey(l.option, l.number);
      removed.set(key, (removed.get(key) ?? 0n) - applyMultiplier(l.price, l.multiply));
    }
    const keys = [...removed.keys()].sort();
    if (keys.length > 0) {
      await trx
        .selectFrom("lotto_exposure")
        .select("exposure_key")
        .where("round_id", "=", round.id)
        .where("exposure_key", "in", keys)
        .orderBy("exposure_key")
        .forUpdate()
        .execute();
    }
    const family = familyOf(round);
    const cash = await memberAccount(trx, memberId, "member_cash");
    cashAccount = cash;
    const house = await systemAccount(trx, houseAccountCode(family), "house");
    const refund = await transfer(
      db,
      {
        debitAccountId: house,
        creditAccountId: cash,
        amount: poy.total,
        type: "ABORT_POY",
        reference: `poy:${poy.id}`,
        idempotencyKey: `poy-cancel:${poy.id}`,
      },
      trx,
    );
    const cancelled = await trx
      .updateTable("poys")
      .set({ status: "cancelled", refund_transfer_id: refund.id, cancelled_at: new Date() })
      .where("id", "=", poy.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable("poy_lines").set({ status: "cancelled" }).where("poy_id", "=", poy.id).execute();
    await addExposure(trx, round.id, removed);
    return cancelled;
  });
  if (cashAccount !== null) await notifyCashChanged(db, [cashAccount]);
  return result;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Slips as the member sees them, with their round and lines (lines in display order). */
export async function poyViews(db: Executor, poys: readonly PoyRow[], now: Date = new Date()) {
  if (poys.length === 0) return [];
  const rounds = await db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("id", "in", [...new Set(poys.map((p) => p.round_id))])
    .execute();
  const roundById = new Map(rounds.map((r) => [r.id, r]));
  const lines = await db
    .selectFrom("poy_lines")
    .selectAll()
    .where(
      "poy_id",
      "in",
      poys.map((p) => p.id),
    )
    .execute();
  const linesByPoy = new Map<bigint, PoyLineRow[]>();
  for (const l of lines) linesByPoy.set(l.poy_id, [...(linesByPoy.get(l.poy_id) ?? []), l]);
  // The round's confirmed result, shown on every slip of a resulted round (docs/results-api.md).
  const results = await confirmedResultsOf(
    db,
    rounds.filter((r) => r.status === "resulted").map((r) => r.id),
  );
  return poys.map((poy) => {
    const round = roundById.get(poy.round_id) as RoundRow;
    const mine = (linesByPoy.get(poy.id) ?? [])
      .filter((l): l is PoyLineRow & { option: AnyOption } => isOption(l.option))
      .sort(compareLines);
    const until = cancelUntil(round);
    let potential = 0n;
    let payout = 0n;
    const lineViews = mine.map((l) => {
      const win = applyMultiplier(l.price, l.multiply);
      potential += win;
      payout += l.payout ?? 0n;
      return {
        option: optionWire(l.option),
        number: l.number,
        price: satangToBaht(l.price),
        multiply: l.multiply,
        add: l.batch,
        status: l.status,
        potentialWin: satangToBaht(win),
        payout: l.payout === null ? null : satangToBaht(l.payout),
      };
    });
    return {
      id: String(poy.id),
      betId: Number(round.id),
      betGroup: round.family,
      betType: round.bet_type,
      betName: betNameOf(round),
      roundNo: round.round_no,
      roundName: round.name,
      roundNameEn: round.name_en,
      roundDate: round.round_date,
      closeAt: iso(round.close_at),
      resultAt: iso(round.result_at),
      status: poy.status,
      total: satangToBaht(poy.total),
      potentialWin: satangToBaht(potential),
      // What the slip won once judged (won or lost), null before.
      payout: poy.status === "won" || poy.status === "lost" ? satangToBaht(payout) : null,
      result: results.has(round.id) ? resultNumbers(results.get(round.id)?.outcome ?? null) : null,
      lineCount: lineViews.length,
      lines: lineViews,
      cancellable:
        poy.status === "waiting" &&
        round.status === "open" &&
        until !== null &&
        now.getTime() < until.getTime(),
      cancelUntil: iso(until),
      createdAt: iso(poy.created_at),
      cancelledAt: iso(poy.cancelled_at),
    };
  });
}
export type PoyView = Awaited<ReturnType<typeof poyViews>>[number];

export async function poyView(db: Executor, poy: PoyRow): Promise<PoyView> {
  return (await poyViews(db, [poy]))[0] as PoyView;
}

export interface PoyFilter {
  betGroup?: string | undefined;
  betId?: bigint | undefined;
  betName?: string | undefined;
  before?: bigint | undefined;
  limit: number;
}

/** The member's own slips, newest first; `next` is the `before` of the next page (null on the last). */
export async function listPoys(db: Executor, memberId: bigint, filter: PoyFilter) {
  let q = db
    .selectFrom("poys")
    .innerJoin("lotto_rounds", "lotto_rounds.id", "poys.round_id")
    .selectAll("poys")
    .where("poys.member_id", "=", memberId);
  if (filter.betGroup) q = q.where("lotto_rounds.family", "=", filter.betGroup as LottoFamily);
  if (filter.betId !== undefined) q = q.where("poys.round_id", "=", filter.betId);
  if (filter.before !== undefined) q = q.where("poys.id", "<", filter.before);
  if (filter.betName) {
    const name = filter.betName;
    // betName is derived (docs/lotto-api.md): match it on the market for stock and the 4-digit lotteries.
    const lottery = FOUR_DIGIT_LOTTERIES.find((l) => l.api === name)?.id;
    q = q.where((eb) =>
      eb.or([
        eb("lotto_rounds.market", "=", lottery ?? name),
        eb("lotto_rounds.family", "=", (name === "yeekee5min" ? "yeekee5Min" : name) as LottoFamily),
      ]),
    );
  }
  const rows = await q.orderBy("poys.id", "desc").limit(filter.limit).execute();
  const last = rows.at(-1);
  return {
    poys: await poyViews(db, rows),
    next: rows.length === filter.limit && last ? String(last.id) : null,
  };
}
