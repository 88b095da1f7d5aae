import type { FastifyInstance } from "fastify";
import { normalizeAccountNumber } from "../../../../src/domain/banks.ts";
import { NormalDepositBody } from "../../../../src/domain/contracts/money.ts";
import { DEPOSIT_MAX } from "../../../../src/domain/wallet.ts";
import { AppError } from "../../../http/errors.ts";
import { parseWith } from "../../../http/validate.ts";
import { ACCESS, memberOf } from "../../../kernel/access.ts";
import { amountOf, type WalletDeps } from "../common.ts";
import { checkDepositRange, createdDeposit, replayDeposit } from "../depositRequests.ts";
import { activeReceivingAccounts } from "../deposits.ts";

/** How far back a reported transfer may be, and how far ahead of the server's clock (the member's clock drifts). */
const REPORTED_DAYS_BACK = 3;
const REPORTED_MINUTES_AHEAD = 5;

/**
 * Normal transfer (docs/wallet-api.md "Normal deposits"): the member transfers from one of their own registered
 * accounts to one of ours and reports it; staff approve it against the bank statement.
 */
export async function normalChannel(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;

  app.post("/api/deposits.normal", { config: { access: ACCESS.money } }, async (request, reply) => {
    const member = memberOf(request);
    const body = parseWith(NormalDepositBody, request.body);
    const replayed = await replayDeposit(db, member.memberId, body.idempotencyKey, "normal");
    if (replayed) return replayed;
    const amount = amountOf(body.amount);
    checkDepositRange(amount, DEPOSIT_MAX);
    const depositAt = new Date(body.depositAt);
    const now = Date.now();
    if (
      depositAt.getTime() > now + REPORTED_MINUTES_AHEAD * 60_000 ||
      depositAt.getTime() < now - REPORTED_DAYS_BACK * 24 * 3_600_000
    ) {
      throw new AppError(
        400,
        "DEPOSIT_TIME",
        `Please enter when you transferred (within the last ${REPORTED_DAYS_BACK} days).`,
      );
    }
    const receiving = (await activeReceivingAccounts(db, "normal")).find((a) => a.id === body.bankId);
    if (!receiving) throw new AppError(400, "CHANNEL_UNAVAILABLE", "Please choose one of our bank accounts.");
    const from = await db
      .selectFrom("member_banks")
      .selectAll()
      .where("member_id", "=", member.memberId)
      .where("bank_code", "=", body.bankCode.toLowerCase())
      .where("account_number", "=", normalizeAccountNumber(body.bankAccountNumber) ?? "")
      .where("status", "<>", "rejected")
      .executeTakeFirst();
    if (!from) {
      throw new AppError(400, "BANK_NOT_OWN", "Please choose one of your own registered bank accounts.");
    }
    const key = { memberId: member.memberId, key: body.idempotencyKey, channel: "normal" as const };
    return createdDeposit(db, reply, key, () =>
      db
        .insertInto("deposits")
        .values({
          member_id: member.memberId,
          channel: "normal",
          receiving_account_id: receiving.id,
          member_bank_id: from.id,
          amount,
          prepare_amount: amount,
          status: "waiting",
          deposit_at: depositAt,
          idempotency_key: body.idempotencyKey,
          details: JSON.stringify({ channel: body.channel ?? null, channelName: body.channelName ?? null }),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  });
}
