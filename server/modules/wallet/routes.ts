import type { FastifyInstance } from "fastify";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { accountBalance, type MemberAccountKind, memberAccount } from "../../ledger/ledger.ts";
import { requireMember } from "../accounts/sessions.ts";

/** SPEC.md section 7: the member's three balances, from their ledger accounts (available = balance - held). */
export async function walletRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const { db } = deps.database;
  const available = async (memberId: bigint, kind: MemberAccountKind) =>
    satangToBaht((await accountBalance(db, await memberAccount(db, memberId, kind))).available);

  app.get("/api/cashs", async (request) => {
    const member = await requireMember(db, deps.config.sessionSecret, request);
    return { money: await available(member.memberId, "member_cash") };
  });
  app.get("/api/af-cashs", async (request) => {
    const member = await requireMember(db, deps.config.sessionSecret, request);
    return { afMoney: await available(member.memberId, "member_af_cash") };
  });
  app.get("/api/loyalty-points.balance", async (request) => {
    const member = await requireMember(db, deps.config.sessionSecret, request);
    return { balance: await available(member.memberId, "member_loyalty") };
  });
}
