import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { ensureAccessControl } from "../../kernel/access.ts";
import { balanceRoutes } from "./balances.ts";

// TRANSITIONAL (issue 13): server/app.ts registers the balances under their old name until it lists modules.
export async function walletRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  ensureAccessControl(app, deps);
  await balanceRoutes(app, deps);
}
