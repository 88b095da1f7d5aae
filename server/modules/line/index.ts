import type { FastifyInstance } from "fastify";
import type { ModuleBase } from "../../kernel/module.ts";
import { lineRoutes } from "./routes.ts";

/**
 * LINE login and linking (docs/security.md "LINE login and linking are bound to the browser that started them"):
 * its routes exist only when LINE is configured (LINE_CHANNEL_ID and the rest). It owns oauth_states (one use, ten minutes) and the link of a member to
 * a LINE id; linking takes the member's PIN, and a callback is finished only in the browser that started it.
 */
export default async function lineModule(app: FastifyInstance, deps: ModuleBase) {
  await lineRoutes(app, { config: deps.config, database: deps.database });
}
