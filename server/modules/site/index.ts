import type { FastifyInstance } from "fastify";
import type { ModuleBase } from "../../kernel/module.ts";
import { siteRoutes } from "./routes.ts";

/**
 * The site itself (README "The server, briefly"): health, the app's configuration, the site's details per domain
 * and the agents' support details. Public reads; it moves no money and holds no rule.
 */
export default async function siteModule(app: FastifyInstance, deps: ModuleBase) {
  await siteRoutes(app, { config: deps.config, database: deps.database });
}
