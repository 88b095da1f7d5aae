import type { FastifyInstance } from "fastify";
import { HUB88_PROVIDER, ORIGINALS_PROVIDER } from "../../../src/domain/gamePlatform.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { hub88Callbacks } from "./dialects/hub88.ts";
import { lottoupCallbacks } from "./dialects/lottoup.ts";
import { type GameJobOptions, startGameJobs } from "./jobs.ts";
import {
  type FetchLike,
  originalsAdapter,
  providerRegistry,
  seedProviders,
  syncProviderGames,
} from "./providers.ts";
import { gameRoutes } from "./routes.ts";
import { gameStaffRoutes } from "./staffRoutes.ts";

/**
 * The games module (docs/games.md "Server"): one plugin with the providers written from configuration, the
 * member and guest calls, each connected dialect's wallet callbacks under /api/providers/<code>/, and the jobs.
 */

export interface GamesOptions extends GameJobOptions {
  /** Hub88's Games API is reached through this (tests put a stand-in behind it); default: fetch. */
  fetch?: FetchLike;
  /** false: no background jobs (tests run them by hand). Default true. */
  jobs?: boolean;
}

export async function gamesModule(
  app: FastifyInstance,
  deps: { config: Config; database: Database; options?: GamesOptions },
): Promise<void> {
  const { config, database } = deps;
  const { db } = database;
  const options = deps.options ?? {};
  const registry = providerRegistry(config, options.fetch ? { fetch: options.fetch } : {});
  await seedProviders(db, config);
  // Originals' list is in the code: the lobby has it from the first request. Hub88's comes from its API (job).
  await syncProviderGames(db, ORIGINALS_PROVIDER, await originalsAdapter.listGames());

  const providerRow = (code: string) =>
    db.selectFrom("game_providers").select(["id", "code"]).where("code", "=", code).executeTakeFirstOrThrow();
  await lottoupCallbacks(app, {
    db,
    provider: await providerRow(ORIGINALS_PROVIDER),
    secret: config.games.originalsSecret,
  });
  if (config.games.hub88) {
    await hub88Callbacks(app, {
      db,
      provider: await providerRow(HUB88_PROVIDER),
      publicKey: config.games.hub88.publicKey,
    });
  }
  await gameRoutes(app, { config, database, registry });
  await gameStaffRoutes(app, { config, database });

  if (options.jobs !== false) {
    const stop = startGameJobs(db, registry, { ...options, log: app.log });
    app.addHook("onClose", async () => stop());
  }
}
