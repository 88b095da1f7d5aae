import type { FastifyInstance } from "fastify";
import { AmountDepositBody, FastDepositBody } from "../../../../src/domain/contracts/money.ts";
import { UNIQUE_DEPOSIT_MAX } from "../../../../src/domain/wallet.ts";
import { AppError } from "../../../http/errors.ts";
import { parseWith } from "../../../http/validate.ts";
import { ACCESS, memberOf } from "../../../kernel/access.ts";
import { amountOf, type WalletDeps } from "../common.ts";
import { checkDepositRange, createdDeposit, refuseIfWaiting, replayDeposit } from "../depositRequests.ts";
import { activeReceivingAccounts, createUniqueDeposit } from "../deposits.ts";

/**
 * Fast transfer and QR PromptPay (docs/wallet-api.md "Fast and QR deposits"): the member asks for whole baht and
 * is given a unique amount (satang added) to transfer within 15 minutes; the bank statement feed matches the
 * transfer by that amount (./bankFeed.ts). QR needs a receiving account with a PromptPay id.
 */
export async function uniqueAmountChannels(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;

  for (const channel of ["fast", "qrcode"] as const) {
    app.post(`/api/deposits.${channel}`, { config: { access: ACCESS.money } }, async (request, reply) => {
      const member = memberOf(request);
      const body = parseWith(channel === "fast" ? FastDepositBody : AmountDepositBody, request.body) as {
        amount: unknown;
        bankId?: bigint | undefined;
        idempotencyKey: string;
      };
      const replayed = await replayDeposit(db, member.memberId, body.idempotencyKey, channel);
      if (replayed) return replayed;
      const amount = amountOf(body.amount);
      if (amount % 100n !== 0n) {
        throw new AppError(400, "AMOUNT_WHOLE_BAHT", "Please enter whole baht; we add the satang for you.");
      }
      checkDepositRange(amount, UNIQUE_DEPOSIT_MAX);
      await refuseIfWaiting(db, member.memberId);
      const accounts = (await activeReceivingAccounts(db, channel)).filter(
        (a) => channel === "fast" || a.promptpay_id,
      );
      const receiving = body.bankId ? accounts.find((a) => a.id === body.bankId) : accounts[0];
      if (!receiving)
        throw new AppError(400, "CHANNEL_UNAVAILABLE", "This deposit channel is not available now.");
      const key = { memberId: member.memberId, key: body.idempotencyKey, channel };
      return createdDeposit(db, reply, key, () =>
        createUniqueDeposit(db, {
          memberId: member.memberId,
          channel,
          amount,
          receiving,
          idempotencyKey: body.idempotencyKey,
        }),
      );
    });
  }
}
