import type { FastifyInstance } from "fastify";
import type { Kysely, Selectable, Transaction } from "kysely";
import { sql } from "kysely";
import { holderNamesMatch } from "../../../src/domain/banks.ts";
import {
  WithdrawalBody,
  type WithdrawalLimitsView,
  type WithdrawalView,
} from "../../../src/domain/contracts/money.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { bangkokDayStart } from "../../../src/domain/statement.ts";
import {
  WITHDRAW_MAX_COUNT_PER_DAY,
  WITHDRAW_MAX_PER_DAY,
  WITHDRAW_MAX_PER_TIME,
  WITHDRAW_MIN,
  type WithdrawRefusal,
  withdrawRefusal,
} from "../../../src/domain/wallet.ts";
import type { DB, WithdrawalsTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, memberOf } from "../../kernel/access.ts";
import { type Executor, inTransaction, iso } from "../../kernel/db.ts";
import {
  LedgerError,
  memberAccount,
  notifyMemberCash,
  postPending,
  reserve,
  systemAccount,
  voidPending,
} from "../../ledger/ledger.ts";
import { enqueueNotification, withdrawalNotification } from "../push/outbox.ts";
import { audit } from "../staff/audit.ts";
import { memberBankView } from "./banks.ts";
import { amountOf, type WalletDeps } from "./common.ts";

/**
 * Withdrawals (docs/wallet-api.md "Withdrawals", docs/rules.md "Money").
 *
 * What it owns: withdrawals and their holds. Invariants, and where they are kept:
 * - the limits (per request, per Bangkok day, count, one waiting) are checked under a lock on the member's row, in
 *   the transaction that places the hold, so two requests cannot both pass them (withdrawals.create);
 * - the money is held at once (a pending transfer from the member's cash to `clearing:withdrawal`) and the hold is
 *   posted when paid or voided when rejected, once (decideWithdrawalIn, the ledger's pending link);
 * - only to a verified account of the member's own whose holder is the member's name; the first withdrawal to a
 *   new account waits for a staff review (a CHECK refuses a paid, unreviewed one).
 */

export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** Whole baht as the messages write them: 200000_00n -> "200,000". */
const wholeBaht = (satang: bigint) => Number(satang / 100n).toLocaleString("en-US");

/** The withdraw refusals (docs/wallet-api.md "Withdrawals"); the app shows each in the member's language by code. */
const REFUSAL_TEXT: Record<WithdrawRefusal | "WITHDRAW_BANK_MISMATCH" | "WITHDRAW_INTERNAL", string> = {
  WITHDRAW_INTERNAL: "Internal system error. Please try again later.",
  WITHDRAW_BANK_MISMATCH: "The bank account does not match your name.",
  WITHDRAW_PENDING: "Please wait for the previous transaction to finish.",
  WITHDRAW_MAX_PER_DAY: `You can withdraw at most ${wholeBaht(WITHDRAW_MAX_PER_DAY)} baht per day.`,
  WITHDRAW_MAX_PER_TIME: `You can withdraw at most ${wholeBaht(WITHDRAW_MAX_PER_TIME)} baht per time.`,
  WITHDRAW_MAX_COUNT: `You can withdraw at most ${WITHDRAW_MAX_COUNT_PER_DAY} times per day.`,
  WITHDRAW_MIN: `The smallest withdrawal is ${wholeBaht(WITHDRAW_MIN)} baht.`,
};

const refuse = (code: keyof typeof REFUSAL_TEXT, status = 400) =>
  new AppError(status, code, REFUSAL_TEXT[code]);

export async function withdrawalView(db: Executor, row: WithdrawalRow): Promise<WithdrawalView> {
  const bank = await db
    .selectFrom("member_banks")
    .selectAll()
    .where("id", "=", row.member_bank_id)
    .executeTakeFirstOrThrow();
  return {
    id: String(row.id),
    bankId: String(row.member_bank_id),
    bank: memberBankView(bank),
    amount: satangToBaht(row.amount),
    status: row.status,
    /** "required": the first withdrawal to this account, waiting for staff review; "done": reviewed. */
    review: row.review_required ? (row.reviewed_at ? "done" : "required") : null,
    reason: row.reason,
    createdAt: iso(row.created_at),
    decidedAt: iso(row.decided_at),
  };
}

/** Today's (Asia/Bangkok) withdrawals that count against the limits: everything not rejected. */
export async function withdrawalsToday(db: Executor, memberId: bigint, now = new Date()) {
  const row = await db
    .selectFrom("withdrawals")
    .select([sql<string>`coalesce(sum(amount), 0)`.as("total"), sql<string>`count(*)`.as("count")])
    .where("member_id", "=", memberId)
    .where("status", "<>", "rejected")
    .where("created_at", ">=", bangkokDayStart(now))
    .executeTakeFirstOrThrow();
  const anyWaiting = await db
    .selectFrom("withdrawals")
    .select("id")
    .where("member_id", "=", memberId)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  return { total: BigInt(row.total), count: Number(row.count), pending: anyWaiting !== undefined };
}

/** The member's withdrawal made with this idempotency key, if any. */
async function withdrawalByKey(db: Executor, memberId: bigint, key: string) {
  return db
    .selectFrom("withdrawals")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/**
 * Whether money has ever been paid to this bank account. Until it has, a withdrawal to it is the first to a newly
 * added account, the one a thief with a stolen session would make, so staff review it whatever its amount.
 */
async function everPaidTo(db: Executor, memberBankId: bigint): Promise<boolean> {
  const paid = await db
    .selectFrom("withdrawals")
    .select("id")
    .where("member_bank_id", "=", memberBankId)
    .where("status", "=", "paid")
    .limit(1)
    .executeTakeFirst();
  return paid !== undefined;
}

/** Staff mark a first withdrawal to a new account as reviewed: it may then be paid. Once; audited. */
export async function reviewWithdrawal(db: Kysely<DB>, id: bigint, actor: string) {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("withdrawals")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError(404, "WITHDRAWAL_NOT_FOUND", "Withdrawal not found.");
    if (!row.review_required || row.reviewed_at !== null) return row;
    if (row.status !== "waiting")
      throw new AppError(409, "WITHDRAWAL_DECIDED", `This withdrawal is ${row.status}.`);
    const updated = await trx
      .updateTable("withdrawals")
      .set({ reviewed_by: actor, reviewed_at: new Date() })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actor,
      action: "withdrawal.review",
      subject: `withdrawal:${row.id}`,
      before: { reviewed: false },
      after: { reviewed: true, memberBankId: String(row.member_bank_id) },
    });
    return updated;
  });
}

/** Pays a waiting withdrawal (the hold is posted) or rejects it (the hold is voided): once, by staff. */
export async function decideWithdrawal(
  db: Kysely<DB>,
  id: bigint,
  decision: { actor: string; pay: boolean; reason?: string },
) {
  const result = await inTransaction(db, (trx) => decideWithdrawalIn(db, trx, id, decision));
  if (result.changed) await notifyMemberCash(db, result.row.member_id);
  return result.row;
}

/** decideWithdrawal inside the caller's transaction (a confirmed four-eyes proposal); the caller notifies. */
export async function decideWithdrawalIn(
  db: Kysely<DB>,
  trx: Transaction<DB>,
  id: bigint,
  decision: { actor: string; pay: boolean; reason?: string },
): Promise<{ row: WithdrawalRow; changed: boolean }> {
  const row = await trx
    .selectFrom("withdrawals")
    .selectAll()
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, "WITHDRAWAL_NOT_FOUND", "Withdrawal not found.");
  const target = decision.pay ? "paid" : "rejected";
  if (row.status === target) return { row, changed: false };
  if (row.status !== "waiting")
    throw new AppError(409, "WITHDRAWAL_DECIDED", `This withdrawal is ${row.status}.`);
  if (decision.pay && row.review_required && row.reviewed_at === null) {
    throw new AppError(
      409,
      "WITHDRAWAL_REVIEW_REQUIRED",
      "This is the first withdrawal to a newly added bank account: review it before paying.",
    );
  }
  const key = `withdrawal:${row.id}:${decision.pay ? "pay" : "void"}`;
  const resolved = decision.pay
    ? await postPending(db, row.hold_transfer_id, key, trx)
    : await voidPending(db, row.hold_transfer_id, key, trx);
  const updated = await trx
    .updateTable("withdrawals")
    .set({
      status: target,
      resolve_transfer_id: resolved.id,
      reason: decision.reason ?? null,
      decided_by: decision.actor,
      decided_at: new Date(),
    })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, {
    actor: decision.actor,
    action: decision.pay ? "withdrawal.pay" : "withdrawal.reject",
    subject: `withdrawal:${row.id}`,
    before: { status: row.status },
    after: { status: target, reason: decision.reason ?? null, transferId: String(resolved.id) },
  });
  await enqueueNotification(trx, withdrawalNotification(updated, target));
  return { row: updated, changed: true };
}

/** Withdrawals (docs/wallet-api.md "Withdrawals"): the member's limits today and a new request, held at once. */
export async function withdrawalRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;
  const money = { config: { access: ACCESS.money } };

  app.get("/api/withdrawals.limits", money, async (request): Promise<WithdrawalLimitsView> => {
    const member = memberOf(request);
    const today = await withdrawalsToday(db, member.memberId);
    return {
      perTime: satangToBaht(WITHDRAW_MAX_PER_TIME),
      perDay: satangToBaht(WITHDRAW_MAX_PER_DAY),
      countPerDay: WITHDRAW_MAX_COUNT_PER_DAY,
      usedToday: satangToBaht(today.total),
      countToday: today.count,
      pending: today.pending,
    };
  });

  app.post("/api/withdrawals.create", money, async (request, reply) => {
    const member = memberOf(request);
    const body = parseWith(WithdrawalBody, request.body);
    const replayed = await withdrawalByKey(db, member.memberId, body.idempotencyKey);
    if (replayed) return withdrawalView(db, replayed);
    const amount = amountOf(body.amount);

    let created: WithdrawalRow;
    try {
      created = await inTransaction(db, async (trx) => {
        // The member row is the lock that makes "check the limits, then hold" atomic per member.
        const profile = await trx
          .selectFrom("members")
          .select(["name"])
          .where("id", "=", member.memberId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const bank = await trx
          .selectFrom("member_banks")
          .selectAll()
          .where("id", "=", body.bankId)
          .where("member_id", "=", member.memberId)
          .executeTakeFirst();
        const ownsVerified = bank?.status === "verified" && holderNamesMatch(bank.account_name, profile.name);
        if (!bank || !ownsVerified) {
          throw refuse("WITHDRAW_BANK_MISMATCH");
        }
        const refusal = withdrawRefusal(amount, await withdrawalsToday(trx, member.memberId));
        if (refusal) throw refuse(refusal, refusal === "WITHDRAW_PENDING" ? 409 : 400);
        const cash = await memberAccount(trx, member.memberId, "member_cash");
        const clearing = await systemAccount(trx, "clearing:withdrawal", "clearing");
        const hold = await reserve(
          db,
          {
            debitAccountId: cash,
            creditAccountId: clearing,
            amount,
            type: "WITHDRAW",
            reference: `withdrawal-request:${member.memberId}:${body.idempotencyKey}`,
            idempotencyKey: `withdrawal-hold:${member.memberId}:${body.idempotencyKey}`,
          },
          trx,
        );
        return trx
          .insertInto("withdrawals")
          .values({
            member_id: member.memberId,
            member_bank_id: bank.id,
            amount,
            status: "waiting",
            hold_transfer_id: hold.id,
            idempotency_key: body.idempotencyKey,
            review_required: !(await everPaidTo(trx, bank.id)),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof LedgerError && err.code === "INSUFFICIENT_FUNDS") {
        throw new AppError(400, "INSUFFICIENT_FUNDS", "Your balance is not enough for this withdrawal.");
      }
      const code = (err as { code?: string; constraint?: string }).code;
      if (
        code === "23505" &&
        String((err as { constraint?: string }).constraint).includes("withdrawals_one_waiting")
      ) {
        throw refuse("WITHDRAW_PENDING", 409);
      }
      if (code === "23505" && String((err as { constraint?: string }).constraint).includes("idempotency")) {
        const again = await withdrawalByKey(db, member.memberId, body.idempotencyKey);
        if (again) return withdrawalView(db, again);
      }
      request.log.error({ err }, "withdrawal failed");
      throw refuse("WITHDRAW_INTERNAL", 500);
    }
    await notifyMemberCash(db, member.memberId);
    reply.status(201);
    return withdrawalView(db, created);
  });
}
