/**
 * Cold start of the product as `npm start` runs it after the build: a new embedded database (created,
 * migrated, seeded) until /api/health answers, then a warm restart on the same data. Prints the figures,
 * then the ledger's throughput (scripts/bench-ledger.ts) and slips placed per second beside pgbench
 * (scripts/bench-slips.ts), then the time to settle 1,000,000 slip lines (scripts/bench-settle.ts).
 * `npm run bench` (after `npm run build`).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PORT = 4390;

async function startAndMeasure(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {}
      if (performance.now() - started > 60_000) throw new Error("server did not become healthy in 60 s");
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
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
