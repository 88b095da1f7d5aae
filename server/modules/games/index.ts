import type { FastifyInstance } from "fastify";
import { HUB88_PROVIDER, ORIGINALS_PROVIDER } from "../../../src/domain/gamePlatform.ts";
import type { ModuleBase } from "../../kernel/module.ts";
import { hub88Callbacks } from "./dialects/hub88.ts";
import { lottoupCallbacks } from "./dialects/lottoup.ts";
import { type GameJobOptions, gameJobs } from "./jobs.ts";
import { type OriginalsDeps, originalsProvider } from "./originals/provider.ts";
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
 * The games module (docs/games.md "Server"): the providers written from configuration, the lobby and launches
 * (member and guest calls), each connected dialect's wallet callbacks under /api/providers/<code>/, the games
 * desk, and the jobs (game list sync, game session sweep, callback retention) on the app's job runner.
 *
 * What it owns: the game_* tables. Money moves only through the ledger, in the seamless wallet (wallet.ts): each
 * provider transaction once (its id is unique per provider), a rollback once and only of a bet it knows, a
 * shortfall recorded when a rolled-back win was already spent (shortfalls.ts); corrections are four-eyes proposals
 * (staffRoutes.ts, server/modules/wallet/fourEyes.ts).
 *
 * LOTTOUP Originals, the in-house provider, is the second plugin of this module (`originalsModule` below), a
 * sibling of this one and not a child: it shares nothing with the wallet's plugin and reaches it only through
 * signed HTTP callbacks, as a third-party provider would.
 */

export interface GamesOptions extends GameJobOptions {
  /** Hub88's Games API is reached through this (tests put a stand-in behind it); default: fetch. */
  fetch?: FetchLike;
  /** false: the jobs are added but never run (tests run them by hand). Default true. */
  jobs?: boolean;
}

export default async function gamesModule(
  app: FastifyInstance,
  deps: ModuleBase & { games?: GamesOptions | undefined },
): Promise<void> {
  const { config, database } = deps;
  const { db } = database;
  const options = deps.games ?? {};
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

  for (const job of gameJobs(db, registry, { ...options, log: app.log })) {
    deps.jobs.add(options.jobs === false ? { ...job, intervalMs: 0 } : job);
  }
}

/** What the app may set of LOTTOUP Originals' game server (its wallet client, its timeout, its retry interval). */
export type OriginalsOptions = Pick<OriginalsDeps, "wallet" | "walletTimeoutMs" | "retryIntervalMs">;

/**
 * LOTTOUP Originals (docs/games.md "Wiring it in"): a game server of its own under /external/originals/api that
 * moves money only through signed lottoup callbacks over HTTP to this server's own listening address (read at
 * each call, so any port works), with a Host ALLOWED_HOSTS accepts and the secret derived from SESSION_SECRET.
 * Its retry job is its own loop (server/modules/games/originals/retry.ts, owned with the Originals code): it
 * stops, awaited, and its connections close, in the provider's own onClose.
 */
export async function originalsModule(
  app: FastifyInstance,
  deps: ModuleBase & { originals?: OriginalsOptions | undefined },
): Promise<void> {
  await originalsProvider(app, { config: deps.config, database: deps.database, ...deps.originals });
}
