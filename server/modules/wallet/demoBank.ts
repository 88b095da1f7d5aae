import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { DemoDepositBody } from "../../../src/domain/contracts/money.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, memberOf } from "../../kernel/access.ts";
import type { WalletDeps } from "./common.ts";
import { ownDeposit } from "./depositRequests.ts";
import { approveDeposit, depositView, ingestStatementLine } from "./deposits.ts";

/**
 * The demo bank and the demo chain (README "Demo mode"): they stand in for a real bank statement feed and a
 * blockchain watcher, so a newcomer can deposit end to end. Registered only in demo mode, and they act only on
 * the caller's own deposits. The demo bank reports the exact amount through the same matching as the real feed.
 */
export async function demoBankRoutes(app: FastifyInstance, deps: WalletDeps) {
  const { db } = deps.database;
  const money = { config: { access: ACCESS.money } };

  app.post("/api/demo-bank/transfer", money, async (request) => {
    const member = memberOf(request);
    const { depositId } = parseWith(DemoDepositBody, request.body);
    const deposit = await ownDeposit(db, member.memberId, depositId);
    if (!deposit.receiving_account_id || (deposit.channel !== "fast" && deposit.channel !== "qrcode")) {
      throw new AppError(400, "DEMO_NOT_APPLICABLE", "The demo bank only pays fast and QR deposits.");
    }
    const receiving = await db
      .selectFrom("receiving_accounts")
      .select(["id", "demo"])
      .where("id", "=", deposit.receiving_account_id)
      .executeTakeFirstOrThrow();
    if (!receiving.demo)
      throw new AppError(400, "DEMO_NOT_APPLICABLE", "Only demo accounts take demo transfers.");
    const result = await ingestStatementLine(db, {
      receivingAccountId: receiving.id,
      externalId: `demo-${deposit.id}-${randomBytes(4).toString("hex")}`,
      amount: deposit.prepare_amount,
      occurredAt: new Date(),
      reference: "DEMO BANK",
      source: "demo-bank",
    });
    return { ...result, deposit: await depositView(db, await ownDeposit(db, member.memberId, depositId)) };
  });

  app.post("/api/demo-chain/confirm", money, async (request) => {
    const member = memberOf(request);
    const { depositId } = parseWith(DemoDepositBody, request.body);
    const deposit = await ownDeposit(db, member.memberId, depositId);
    if (deposit.channel !== "crypto") {
      throw new AppError(400, "DEMO_NOT_APPLICABLE", "The demo chain only confirms crypto deposits.");
    }
    if (deposit.status !== "waiting" && deposit.status !== "approved") {
      throw new AppError(409, "DEPOSIT_NOT_PENDING", `This deposit is ${deposit.status}.`);
    }
    const row = await approveDeposit(db, deposit.id, {
      actor: "provider:demo-chain",
      allowFrom: ["waiting"],
    });
    return { deposit: await depositView(db, row) };
  });
}
