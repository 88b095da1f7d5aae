import type { Kysely } from "kysely";
import type { PoyView } from "../../../src/domain/contracts/lotto.ts";
import { applyMultiplier, exposureKey, isOption, type LottoFamily } from "../../../src/domain/lotto/index.ts";
import type { TransactionType } from "../../../src/domain/transactionTypes.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { type Executor, inTransaction } from "../../kernel/db.ts";
import {
  type CashChange,
  cashChangesOf,
  LedgerError,
  memberAccount,
  notifyCashChanges,
  systemAccount,
  transfer,
} from "../../ledger/ledger.ts";
import { addExposure, checkRoundMax, lockExposure, priceLines } from "./exposure.ts";
import { type CreateVia, checkLineCount, checkLines, checkRoute, type LineInput } from "./poyInput.ts";
import { buildPoyView, cancelUntil, type PoyRow, poyView } from "./poyViews.ts";
import { familyOf, isRowActive } from "./rounds.ts";

/**
 * Slips (poys): placing and cancelling (docs/lotto-api.md "Placing a slip", docs/rules.md "Slips").
 *
 * What it owns: the poys and poy_lines rows, and the round's exposure they add (lotto_exposure).
 * Invariants, and where they are kept:
 * - a slip is all or nothing: its lines, its BET_* transfer (member cash → the family's house account) and its
 *   exposure commit in one transaction; any refusal stores nothing (placePoy);
 * - every line at the rate the member saw (priceLines), within the option's limits (poyInput.ts) and the round
 *   maximum per member and number (checkRoundMax);
 * - the round is open: it is read `FOR SHARE`, so closing or cancelling it waits for slips in flight, and they
 *   for it; exposure rows are locked in key order, so concurrent slips never deadlock;
 * - the same idempotency key gives the first slip (poys_member_idempotency; the ledger key `poy:<member>:<key>`);
 * - a cancellation refunds once: one ABORT_POY transfer keyed `poy-cancel:<id>`, under the slip's row lock.
 * Settlement (settlement.ts) judges and pays slips; this module never pays a win.
 */

export type { CreateVia, LineInput } from "./poyInput.ts";
export { cancelUntil, listPoys, type PoyRow, poyView, poyViews } from "./poyViews.ts";

/** The ledger type of a family's stakes (docs/rules.md "Transaction types": BET_ and WIN_ per family). */
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

export interface PlaceInput {
  memberId: bigint;
  /** The member's uuid when the caller knows it (the route does): `money-update` goes to it with no lookup. */
  memberUuid?: string | undefined;
  betId: bigint;
  lines: readonly LineInput[];
  idempotencyKey: string;
  via: CreateVia;
}

export interface Placed {
  poy: PoyRow;
  /** The slip as the member sees it, built from the rows the transaction wrote (no read after it). */
  view: PoyView;
  /** The idempotency key had placed this slip before: nothing new was stored. */
  replay: boolean;
}

async function findByKey(db: Executor, memberId: bigint, key: string): Promise<PoyRow | undefined> {
  return db
    .selectFrom("poys")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/** The first slip of a replayed key, read and viewed (a replay is rare: a retry after a lost answer). */
async function replayed(db: Executor, poy: PoyRow): Promise<Placed> {
  return { poy, view: await poyView(db, poy), replay: true };
}

/**
 * Places a slip: everything in one transaction, nothing stored on any refusal; the answer is built from the rows
 * it wrote, and the member's sockets hear of the new balance after the commit.
 */
export async function placePoy(db: Kysely<DB>, input: PlaceInput): Promise<Placed> {
  const { memberId, idempotencyKey } = input;
  const first = await findByKey(db, memberId, idempotencyKey);
  if (first) return replayed(db, first);
  checkLineCount(input.lines);
  let cash: bigint | null = null;
  let placed: Placed | { again: PoyRow };
  try {
    placed = await inTransaction(db, async (trx) => {
      const earlier = await findByKey(trx, memberId, idempotencyKey);
      if (earlier) return { again: earlier };
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
      const now = new Date();
      if (!isRowActive(round, now))
        throw new AppError(409, "ROUND_CLOSED", "This round is closed for betting.");
      const lines = checkLines(round, input.lines);

      const exposure = await lockExposure(
        trx,
        round.id,
        lines.map((l) => l.key),
        { create: true },
      );
      // A twin request with the same key may have committed while we waited for the locks.
      const twin = await findByKey(trx, memberId, idempotencyKey);
      if (twin) return { again: twin };
      const accepted = await priceLines(trx, round, lines, exposure);
      await checkRoundMax(trx, memberId, round, lines);

      // The stake: one transfer for the whole slip, from the member's cash to the family's house account.
      const total = lines.reduce((sum, l) => sum + l.price, 0n);
      const family = familyOf(round);
      cash = await memberAccount(trx, memberId, "member_cash");
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
      const rows = await trx
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
        .returningAll()
        .execute();
      const added = new Map<string, bigint>();
      for (const l of lines) {
        added.set(
          l.key,
          (added.get(l.key) ?? 0n) + applyMultiplier(l.price, accepted.get(l.index) as string),
        );
      }
      await addExposure(trx, round.id, added);
      // An open round has no confirmed result yet: the view needs nothing more than what is in hand.
      return { poy, view: buildPoyView(poy, round, rows, null, now), replay: false };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof LedgerError && err.code === "INSUFFICIENT_FUNDS") {
      throw new AppError(400, "INSUFFICIENT_FUNDS", "Your balance is not enough for this slip.");
    }
    // A concurrent request with the same key won the race: its slip is the answer.
    const again = await findByKey(db, memberId, idempotencyKey);
    if (again) return replayed(db, again);
    throw err;
  }
  if ("again" in placed) return replayed(db, placed.again);
  if (cash !== null) await tellCash(db, { memberId, uuid: input.memberUuid, accountId: cash });
  return placed;
}

/** `money-update` for one member's cash after a commit: with the uuid when known, else it is looked up once. */
async function tellCash(
  db: Kysely<DB>,
  change: { memberId: bigint; uuid: string | undefined; accountId: bigint },
): Promise<void> {
  const changes: CashChange[] =
    change.uuid === undefined
      ? await cashChangesOf(db, [change.accountId])
      : [{ memberId: change.memberId, uuid: change.uuid, accountId: change.accountId }];
  await notifyCashChanges(db, changes);
}

/**
 * Cancels the member's own waiting slip and refunds its total with one ABORT_POY transfer (house → member).
 * Idempotent: a cancelled slip is returned as it is.
 */
export async function cancelPoy(
  db: Kysely<DB>,
  memberId: bigint,
  poyId: bigint,
  memberUuid?: string,
): Promise<PoyRow> {
  let cash: bigint | null = null;
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
    await lockExposure(trx, round.id, [...removed.keys()], { create: false });
    const family = familyOf(round);
    cash = await memberAccount(trx, memberId, "member_cash");
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
  if (cash !== null) await tellCash(db, { memberId, uuid: memberUuid, accountId: cash });
  return result;
}
