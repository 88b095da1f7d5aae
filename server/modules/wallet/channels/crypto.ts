import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { AmountDepositBody } from "../../../../src/domain/contracts/money.ts";
import { satangToBaht } from "../../../../src/domain/money.ts";
import { DEPOSIT_MAX, UNIQUE_AMOUNT_TTL_MS } from "../../../../src/domain/wallet.ts";
import { AppError } from "../../../http/errors.ts";
import { parseWith } from "../../../http/validate.ts";
import { ACCESS, memberOf } from "../../../kernel/access.ts";
import { amountOf, type WalletDeps } from "../common.ts";
import { checkDepositRange, createdDeposit, refuseIfWaiting, replayDeposit } from "../depositRequests.ts";

/** USDT has 6 decimals. */
const MICRO = 1_000_000n;

/**
 * Crypto (docs/wallet-api.md "Crypto"): the member is shown an address and the amount in USDT at the provider's
 * rate, rounded up so they never send less than the baht asked; the provider (the demo chain in demo mode)
 * confirms the payment. Off unless a provider is configured.
 */
export async function cryptoChannel(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;

  app.post("/api/deposits.crypto", { config: { access: ACCESS.money } }, async (request, reply) => {
    const member = memberOf(request);
    const body = parseWith(AmountDepositBody, request.body);
    const replayed = await replayDeposit(db, member.memberId, body.idempotencyKey, "crypto");
    if (replayed) return replayed;
    const crypto = deps.payments.crypto;
    if (!crypto.enabled)
      throw new AppError(400, "CHANNEL_UNAVAILABLE", "This deposit channel is not available now.");
    const amount = amountOf(body.amount);
    checkDepositRange(amount, DEPOSIT_MAX);
    await refuseIfWaiting(db, member.memberId);
    const rate = await crypto.rateSatang();
    const micro = (amount * MICRO + rate - 1n) / rate;
    const cryptoAmount = `${micro / MICRO}.${(micro % MICRO).toString().padStart(6, "0")}`;
    const address = await crypto.depositAddress(member.uuid);
    const key = { memberId: member.memberId, key: body.idempotencyKey, channel: "crypto" as const };
    return createdDeposit(db, reply, key, () =>
      db
        .insertInto("deposits")
        .values({
          member_id: member.memberId,
          channel: "crypto",
          amount,
          prepare_amount: amount,
          status: "waiting",
          reference: address,
          expires_at: sql<Date>`now() + ${`${UNIQUE_AMOUNT_TTL_MS} milliseconds`}::interval`,
          idempotency_key: body.idempotencyKey,
          details: JSON.stringify({
            crypto: {
              address,
              currency: crypto.currency,
              network: crypto.network,
              cryptoAmount,
              rate: satangToBaht(rate),
            },
          }),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  });
}
