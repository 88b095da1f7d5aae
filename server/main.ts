import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { migrate, openDatabase } from "./db/database.ts";
import { currentRole, grantAppRole } from "./db/roles.ts";
import { demoDataPresent, seed, seedDemo } from "./db/seed.ts";
import {
  markStandInUnavailable,
  planDemoStandIn,
  type RunningStandIn,
  startDemoStandIn,
  syncStandInGames,
} from "./modules/games/demoStandIn.ts";
import { ownBaseUrl } from "./modules/games/originals/provider.ts";

const startedAt = performance.now();

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`LOTTOUP cannot start. ${err.message}\nSee README.md, section "Configuration".`);
    process.exit(1);
  }
  throw err;
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, "pglite"),
});
let applied: string[];
if (config.databaseMigrationUrl) {
  // Migrations run as the schema's owner; the app keeps only row access (server/db/roles.ts), so its own
  // connection cannot drop the ledger's append-only triggers or truncate it.
  const owner = await openDatabase({ databaseUrl: config.databaseMigrationUrl });
  try {
    applied = await migrate(owner);
    await seed(owner.db);
    await grantAppRole(owner.db, owner.schema, await currentRole(database.db));
  } finally {
    await owner.close();
  }
} else {
  applied = await migrate(database);
  await seed(database.db);
}
if (config.mode === "demo") {
  await seedDemo(database.db);
} else {
  const demoData = await demoDataPresent(database.db);
  if (demoData.length > 0) {
    console.error(
      `LOTTOUP cannot start in production: this database still holds demo data. Take it out of service first:\n${demoData
        .map((d) => `  - ${d}`)
        .join("\n")}`,
    );
    await database.close();
    process.exit(1);
  }
}
// Demo mode plays a third-party provider with no account: the Hub88 stand-in, connected in-process
// (server/modules/games/demoStandIn.ts). Production never gets here (config.games.demoStandIn is null there).
const standInPlan = await planDemoStandIn(config);
if (standInPlan?.start) config = standInPlan.config;
const { app } = await buildApp({
  config,
  database,
  // The stand-in's game list is fetched once it listens (below), not by the start-up sync that would find nobody.
  ...(standInPlan?.start ? { games: { syncAtStart: false } } : {}),
});
await app.listen({ port: config.port, host: config.host });
const port = (app.server.address() as AddressInfo).port;

let standIn: RunningStandIn | null = null;
let stopping = false;
if (standInPlan && !standInPlan.start) {
  app.log.warn(`The demo's Hub88 stand-in is not started: ${standInPlan.reason}. Running without it.`);
} else if (standInPlan?.start) {
  try {
    standIn = await startDemoStandIn({
      port: standInPlan.port,
      walletUrl: `${ownBaseUrl(app)}/api/providers/hub88`,
      keys: standInPlan.keys,
      log: app.log,
      onDeath: () => {
        standIn = null;
        if (!stopping) {
          markStandInUnavailable(database.db).catch((err: unknown) =>
            app.log.error({ err }, "could not mark the stand-in provider unavailable"),
          );
        }
      },
    });
    const games = await syncStandInGames(database.db, config, app.log);
    app.log.info(
      { standInPid: standIn.pid, games },
      `The demo's Hub88 stand-in (test games, not Hub88) plays at ${standIn.origin}; the lobby lists it`,
    );
  } catch (err) {
    app.log.warn(
      { err },
      `The demo's Hub88 stand-in did not start (${err instanceof Error ? err.message : String(err)}). Running without it.`,
    );
    await markStandInUnavailable(database.db);
  }
}

const where = config.databaseUrl
  ? "PostgreSQL (DATABASE_URL)"
  : `embedded PGlite in ${resolve(config.dataDir, "pglite")}`;
app.log.info(
  {
    mode: config.mode,
    engine: database.engine,
    migrationsApplied: applied,
    startupMs: Math.round(performance.now() - startedAt),
  },
  `LOTTOUP ${config.mode} ready on http://localhost:${port} with ${where}`,
);

async function shutdown(signal: string, status = 0) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down");
  // Requests in flight get 5 s to finish; then every connection is closed, including ones a client opened and
  // never sent a request on (Node counts those busy until its 60-second headers timeout). A server in trouble
  // that still cannot close exits anyway.
  setTimeout(() => app.server.closeAllConnections(), 5_000).unref();
  setTimeout(() => process.exit(status || 1), 15_000).unref();
  try {
    await standIn?.stop();
    await app.close();
    await database.close();
  } finally {
    process.exit(status);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
if (standIn) {
  // Every other way out takes the stand-in along: an uncaught error (an unhandled rejection included) stops it
  // and exits with 1; process.exit() from anywhere signals it on the way out. Its IPC channel closing covers the
  // rest (a SIGKILL of this process).
  process.on("uncaughtException", (err) => {
    app.log.fatal({ err }, "uncaught error; stopping");
    void shutdown("uncaughtException", 1);
  });
  process.on("exit", () => standIn?.kill());
}
