import type { FastifyReply } from "fastify";
import type { DepositView } from "../../../src/domain/contracts/money.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { DEPOSIT_MIN, type DepositChannel } from "../../../src/domain/wallet.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { isUniqueViolation } from "../../kernel/db.ts";
import {
  type DepositRow,
  depositView,
  existingByKey,
  expireDeposits,
  waitingUniqueDeposit,
} from "./deposits.ts";

/**
 * What every deposit channel's create call shares (docs/wallet-api.md "Deposits"): the idempotency key's replay,
 * the one-waiting-request rule, the amount range, and the member's own request by id. Each channel is a file
 * of its own under ./channels.
 */

type Db = Database["db"];

/** Replays a create with a used key: the same request returns its first result, another one is refused. */
export async function replayDeposit(
  db: Db,
  memberId: bigint,
  key: string,
  channel: DepositChannel,
): Promise<DepositView | null> {
  const existing = await existingByKey(db, memberId, key);
  if (!existing) return null;
  if (existing.channel !== channel) {
    throw new AppError(409, "IDEMPOTENCY_CONFLICT", "This request was already used for another deposit.");
  }
  return depositView(db, existing);
}

/** A member has at most one waiting fast, QR or crypto request: they finish or cancel it first. */
export async function refuseIfWaiting(db: Db, memberId: bigint): Promise<void> {
  await expireDeposits(db);
  const waiting = await waitingUniqueDeposit(db, memberId);
  if (waiting) {
    throw new AppError(409, "DEPOSIT_WAITING", "Please finish or cancel your waiting deposit first.", {
      deposit: await depositView(db, waiting),
    });
  }
}

/** Deposits are from DEPOSIT_MIN to `max` baht (the message says the limits it checks). */
export function checkDepositRange(amount: bigint, max: bigint): void {
  if (amount < DEPOSIT_MIN || amount > max) {
    throw new AppError(
      400,
      "DEPOSIT_RANGE",
      `Deposits are from ${satangToBaht(DEPOSIT_MIN)} to ${satangToBaht(max)} baht.`,
    );
  }
}

/**
 * Makes a new request and answers 201 with it. A second waiting request that slipped past the check is refused
 * like the check would; a retry that raced its first try gets the first one's answer.
 */
export async function createdDeposit(
  db: Db,
  reply: FastifyReply,
  request: { memberId: bigint; key: string; channel: DepositChannel },
  insert: () => Promise<DepositRow>,
): Promise<DepositView> {
  try {
    const row = await insert();
    reply.status(201);
    return depositView(db, row);
  } catch (err) {
    if (isUniqueViolation(err, "deposits_one_waiting_per_member"))
      await refuseIfWaiting(db, request.memberId);
    if (isUniqueViolation(err, "deposits_member_idempotency")) {
      const first = await replayDeposit(db, request.memberId, request.key, request.channel);
      if (first) return first;
    }
    throw err;
  }
}

/** The member's own deposit (another member's id is a missing one), with stale unique amounts expired first. */
export async function ownDeposit(db: Db, memberId: bigint, id: bigint): Promise<DepositRow> {
  await expireDeposits(db);
  const row = await db
    .selectFrom("deposits")
    .selectAll()
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, "DEPOSIT_NOT_FOUND", "Deposit not found.");
  return row;
}
