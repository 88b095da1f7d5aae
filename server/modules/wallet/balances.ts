import type { FastifyInstance } from "fastify";
import type { AfCashView, CashView, LoyaltyView } from "../../../src/domain/contracts/money.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { ACCESS, memberOf } from "../../kernel/access.ts";
import { memberAvailable } from "../../ledger/ledger.ts";

/**
 * The member's three balances (docs/wallet-api.md "Balances"), from their ledger accounts: available = balance -
 * held. Reads only: an account nothing has moved yet does not exist and reads as 0 (the first transfer creates
 * it), so a GET never writes.
 */
export async function balanceRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const { db } = deps.database;
  const member = { config: { access: ACCESS.member } };

  app.get("/api/cashs", member, async (request): Promise<CashView> => {
    return { money: satangToBaht(await memberAvailable(db, memberOf(request).memberId, "member_cash")) };
  });
  app.get("/api/af-cashs", member, async (request): Promise<AfCashView> => {
    return { afMoney: satangToBaht(await memberAvailable(db, memberOf(request).memberId, "member_af_cash")) };
  });
  app.get("/api/loyalty-points.balance", member, async (request): Promise<LoyaltyView> => {
    return { balance: satangToBaht(await memberAvailable(db, memberOf(request).memberId, "member_loyalty")) };
  });
}
