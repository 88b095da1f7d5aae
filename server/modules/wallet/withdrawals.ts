import type { FastifyInstance } from "fastify";
import type { Kysely, Selectable } from "kysely";
import { sql } from "kysely";
import * as v from "valibot";
import { holderNamesMatch } from "../../../src/domain/banks.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { bangkokDayStart } from "../../../src/domain/statement.ts";
import {
  WITHDRAW_MAX_COUNT_PER_DAY,
  WITHDRAW_MAX_PER_DAY,
  WITHDRAW_MAX_PER_TIME,
  type WithdrawRefusal,
  withdrawRefusal,
} from "../../../src/domain/wallet.ts";
import type { DB, WithdrawalsTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import {
  inTransaction,
  LedgerError,
  memberAccount,
  postPending,
  reserve,
  systemAccount,
  voidPending,
} from "../../ledger/ledger.ts";
import { enqueueNotification, withdrawalNotification } from "../push/outbox.ts";
import { audit } from "../staff/audit.ts";
import { memberBankView } from "./banks.ts";
import {
  amountOf,
  type Executor,
  Id,
  IdempotencyKey,
  iso,
  notifyMemberCash,
  requireMoneyMember,
  type WalletDeps,
} from "./common.ts";

type WithdrawalRow = Selectable<WithdrawalsTable>;

/** SPEC.md section 8's withdraw errors; the app shows each in the member's language by code. */
const REFUSAL_TEXT: Record<WithdrawRefusal | "WITHDRAW_BANK_MISMATCH" | "WITHDRAW_INTERNAL", string> = {
  WITHDRAW_INTERNAL: "Internal system error. Please try again later.",
  WITHDRAW_BANK_MISMATCH: "The bank account does not match your name.",
  WITHDRAW_PENDING: "Please wait for the previous transaction to finish.",
  WITHDRAW_MAX_PER_DAY: "You can withdraw at most 200,000 baht per day.",
  WITHDRAW_MAX_PER_TIME: "You can withdraw at most 49,000 baht per time.",
  WITHDRAW_MAX_COUNT: "You can withdraw at most 5 times per day.",
  WITHDRAW_MIN: "The smallest withdrawal is 100 baht.",
};

const refuse = (code: keyof typeof REFUSAL_TEXT, status = 400) =>
  new AppError(status, code, REFUSAL_TEXT[code]);

export async function withdrawalView(db: Executor, row: WithdrawalRow) {
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

const CreateBody = v.object({ bankId: Id, amount: v.unknown(), idempotencyKey: IdempotencyKey });

/** Pays a waiting withdrawal (the hold is posted) or rejects it (the hold is voided): once, by staff. */
export async function decideWithdrawal(
  db: Kysely<DB>,
  id: bigint,
  decision: { actor: string; pay: boolean; reason?: string },
) {
  const result = await inTransaction(db, async (trx) => {
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
  });
  if (result.changed) await notifyMemberCash(db, result.row.member_id);
  return result.row;
}

export async function withdrawalRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;

  app.get("/api/withdrawals.limits", async (request) => {
    const member = await requireMoneyMember(deps, request);
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

  app.post("/api/withdrawals.create", async (request, reply) => {
    const member = await requireMoneyMember(deps, request);
    const body = parseWith(CreateBody, request.body);
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
