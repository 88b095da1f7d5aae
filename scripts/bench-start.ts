/**
 * Cold start of the product as `npm start` runs it after the build: a new embedded database (created,
 * migrated, seeded) until /api/health answers, then a warm restart on the same data. Prints the figures,
 * then the ledger's throughput (scripts/bench-ledger.ts) and slips placed per second beside pgbench
 * (scripts/bench-slips.ts), then the time to settle 1,000,000 slip lines (scripts/bench-settle.ts), then the games'
 * seamless-wallet callbacks per second and their latency beside pgbench (scripts/bench-games.ts).
 * `npm run bench` (after `npm run build`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "./server-process.ts";

const PORT = 4390;

/** Milliseconds from the spawn to healthy; the server is stopped (and its port freed) before this returns. */
async function startAndMeasure(dataDir: string): Promise<number> {
  const server = await startServer({
    port: PORT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
  await server.stop();
  return server.msToHealthy;
}

const dataDir = mkdtempSync(join(tmpdir(), "lottoup-bench-"));
try {
  const cold = await startAndMeasure(dataDir);
  const warm = await startAndMeasure(dataDir);
  console.log(`server cold start with a new embedded database: ${(cold / 1000).toFixed(2)} s to healthy`);
  console.log(`server restart on existing data: ${(warm / 1000).toFixed(2)} s to healthy`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Ledger throughput, then slips per second, on PGlite and PostgreSQL (and pgbench on the same PostgreSQL).
await import("./bench-ledger.ts");
await import("./bench-slips.ts");
// Then settling 1,000,000 slip lines on PostgreSQL (scripts/bench-settle.ts).
await import("./bench-settle.ts");
// Then the games' wallet callbacks per second and their latency, PGlite and PostgreSQL, beside pgbench.
await import("./bench-games.ts");
