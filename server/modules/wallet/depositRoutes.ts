import type { FastifyInstance } from "fastify";
import { IdBody } from "../../../src/domain/contracts/common.ts";
import type { DepositChannelsView } from "../../../src/domain/contracts/money.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import {
  DEPOSIT_MAX,
  DEPOSIT_MIN,
  UNIQUE_AMOUNT_TTL_MS,
  UNIQUE_DEPOSIT_MAX,
} from "../../../src/domain/wallet.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, memberOf } from "../../kernel/access.ts";
import { bankFeedRoutes } from "./bankFeed.ts";
import { cryptoChannel } from "./channels/crypto.ts";
import { normalChannel } from "./channels/normal.ts";
import { trueMoneyChannel } from "./channels/trueMoney.ts";
import { uniqueAmountChannels } from "./channels/uniqueAmount.ts";
import type { WalletDeps } from "./common.ts";
import { demoBankRoutes } from "./demoBank.ts";
import { ownDeposit } from "./depositRequests.ts";
import { activeReceivingAccounts, depositView, receivingView } from "./deposits.ts";

/**
 * Deposits (docs/wallet-api.md "Deposits"): what is open to the member, one request and its cancellation here;
 * each channel in a file of its own (./channels), the demo bank and chain (./demoBank.ts, demo mode only) and
 * the bank statement webhook (./bankFeed.ts, with BANK_FEED_SECRET). Money moves only in deposits.ts, once per
 * deposit (the DEPOSIT transfer keyed `deposit:<id>`). Unique amounts expire by the wallet module's job.
 */
export async function depositRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;
  const money = { config: { access: ACCESS.money } };

  app.get("/api/deposit-channels", money, async (): Promise<DepositChannelsView> => {
    const [normal, fast, qrcode] = await Promise.all([
      activeReceivingAccounts(db, "normal"),
      activeReceivingAccounts(db, "fast"),
      activeReceivingAccounts(db, "qrcode"),
    ]);
    return {
      normal: { accounts: normal.map(receivingView) },
      fast: { accounts: fast.map(receivingView) },
      qrcode: { accounts: qrcode.filter((a) => a.promptpay_id).map(receivingView) },
      truemoney: { enabled: deps.payments.trueMoney.enabled },
      crypto: {
        enabled: deps.payments.crypto.enabled,
        currency: deps.payments.crypto.currency,
        network: deps.payments.crypto.network,
        rate: deps.payments.crypto.enabled ? satangToBaht(await deps.payments.crypto.rateSatang()) : null,
      },
      limits: {
        min: satangToBaht(DEPOSIT_MIN),
        max: satangToBaht(DEPOSIT_MAX),
        uniqueMax: satangToBaht(UNIQUE_DEPOSIT_MAX),
        ttlSeconds: UNIQUE_AMOUNT_TTL_MS / 1000,
      },
      demo: deps.config.mode === "demo",
    };
  });

  await uniqueAmountChannels(app, deps);
  await normalChannel(app, deps);
  await trueMoneyChannel(app, deps);
  await cryptoChannel(app, deps);

  app.get("/api/deposits.one", money, async (request) => {
    const { id } = parseWith(IdBody, request.query);
    return depositView(db, await ownDeposit(db, memberOf(request).memberId, id));
  });

  app.post("/api/deposits.cancel", money, async (request) => {
    const { id } = parseWith(IdBody, request.body);
    const row = await ownDeposit(db, memberOf(request).memberId, id);
    if (row.channel === "normal" || row.channel === "truemoney") {
      throw new AppError(409, "DEPOSIT_NOT_CANCELLABLE", "This deposit cannot be cancelled.");
    }
    const updated = await db
      .updateTable("deposits")
      .set({ status: "cancelled", decided_by: "member", decided_at: new Date() })
      .where("id", "=", row.id)
      .where("status", "=", "waiting")
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      const current = await db
        .selectFrom("deposits")
        .selectAll()
        .where("id", "=", row.id)
        .executeTakeFirstOrThrow();
      if (current.status === "cancelled") return depositView(db, current);
      throw new AppError(409, "DEPOSIT_NOT_PENDING", `This deposit is ${current.status}.`);
    }
    return depositView(db, updated);
  });

  if (deps.config.mode === "demo") await demoBankRoutes(app, deps);
  if (deps.config.bankFeedSecret) {
    const secret = deps.config.bankFeedSecret;
    // Its own context: the webhook reads the raw body, every other route parses JSON.
    await app.register(async (feed) => bankFeedRoutes(feed, { database: deps.database, secret }));
  }
}
