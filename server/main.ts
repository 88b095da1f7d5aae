import { resolve } from "node:path";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { migrate, openDatabase } from "./db/database.ts";
import { seed, seedDemo } from "./db/seed.ts";

const startedAt = performance.now();

let config: ReturnType<typeof loadConfig>;
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
const applied = await migrate(database);
await seed(database.db);
if (config.mode === "demo") await seedDemo(database.db);
const { app } = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });

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
  `LOTTOUP ${config.mode} ready on http://localhost:${config.port} with ${where}`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
