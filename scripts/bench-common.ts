/** What the benchmarks share (scripts/bench-ledger.ts, bench-slips.ts, bench-games.ts). */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { type Database, openDatabase } from "../server/db/database.ts";
import type { DB } from "../server/db/schema.ts";

export const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

export const key = () => randomBytes(12).toString("hex");
export const rate = (count: number, ms: number) => `${Math.round(count / (ms / 1000))} /s`;

/** A URL as it may be printed: without its password. */
export function shownUrl(url: string): string {
  const shown = new URL(url);
  if (shown.password) shown.password = "***";
  return String(shown);
}

/** A member row of the seeded agent, for the runs to give accounts to. */
export async function newMember(db: Kysely<DB>): Promise<bigint> {
  const row = await db
    .insertInto("members")
    .values({
      user_name: `bench${randomBytes(6).toString("hex")}`,
      password_hash: "unused",
      phone_number: "0812345678",
      agent_id: 2,
      ref_uid: 0,
      af_slug: randomBytes(8).toString("hex"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Where PostgreSQL is (DATABASE_URL, else the default when reachable), or why there is none to use (the URL is
 * shown without its password).
 */
export async function findPostgres(): Promise<{ url: string } | { skip: string }> {
  const url = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return { url };
  } catch (err) {
    const source = process.env.DATABASE_URL ? "DATABASE_URL" : "no DATABASE_URL, and the default";
    return {
      skip: `${source} ${shownUrl(url)} is not reachable (${err instanceof Error ? err.message : err})`,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs a benchmark on a new embedded database, then on a throwaway schema of the reachable PostgreSQL (dropped
 * after). Returns the PostgreSQL URL it used, or prints `skipped` lines (one per label) and returns null.
 */
export async function onBothEngines(
  name: string,
  benchmark: (engine: string, database: Database) => Promise<void>,
  skippedLabels: readonly string[],
): Promise<string | null> {
  const dataDir = mkdtempSync(join(tmpdir(), `lottoup-bench-${name}-`));
  try {
    const pglite = await openDatabase({ dataDir });
    try {
      await benchmark("PGlite", pglite);
    } finally {
      await pglite.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgres = await findPostgres();
  if ("skip" in postgres) {
    for (const label of skippedLabels) console.log(`${label} (PostgreSQL): skipped: ${postgres.skip}`);
    return null;
  }
  const database = await openDatabase({
    databaseUrl: postgres.url,
    schema: `bench_${randomBytes(6).toString("hex")}`,
    dropSchemaOnClose: true,
  });
  try {
    await benchmark("PostgreSQL", database);
  } finally {
    await database.close();
  }
  return postgres.url;
}

/** pgbench on PATH, else in Debian's versioned PostgreSQL directories. */
export function findPgbench(): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && existsSync(join(dir, "pgbench"))) return join(dir, "pgbench");
  }
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort().reverse()) {
      const candidate = join(debian, version, "bin", "pgbench");
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/** The same machine's PostgreSQL under pgbench, in a throwaway database. */
export async function pgbench(url: string): Promise<void> {
  const binary = findPgbench();
  if (!binary) {
    console.log(
      "pgbench (PostgreSQL): skipped: pgbench is not installed (Debian: postgresql-client-<major>, e.g. postgresql-client-15)",
    );
    return;
  }
  const name = `bench_pgbench_${randomBytes(6).toString("hex")}`;
  const target = new URL(url);
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const scriptDir = mkdtempSync(join(tmpdir(), "lottoup-bench-pgbench-"));
  try {
    await admin.query(`create database ${name}`);
    const run = (args: string[]) => {
      const result = spawnSync(binary, [...args, String(target)], { encoding: "utf8" });
      if (result.status !== 0) {
        throw new Error(`pgbench ${args.join(" ")} failed: ${result.error?.message ?? result.stderr.trim()}`);
      }
      return result.stdout;
    };
    run(["-i", "-s", "1", "-q"]);
    const version = /\d+(?:\.\d+)*/.exec(spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout)?.[0];
    const oneRow = join(scriptDir, "one-row-update.sql");
    const oneRowScript =
      "\\set aid random(1, 100000)\nupdate pgbench_accounts set abalance = abalance + 1 where aid = :aid;\n";
    writeFileSync(oneRow, oneRowScript);
    for (const [what, args] of [
      ["built-in simple-update: update one account, select it, insert history", ["-b", "simple-update"]],
      ["one-row update, one statement per transaction", ["-f", oneRow]],
    ] as const) {
      const argv = ["-c", "10", "-j", "2", "-T", "10", ...args];
      const out = run(argv);
      const tps =
        /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
          out,
        )?.[1];
      const failed = /number of failed transactions: (\d+)/.exec(out)?.[1];
      console.log(
        `pgbench (PostgreSQL ${version ?? "?"}, scale 1, ${what}): ` +
          `${tps === undefined ? "no tps in the output" : `${Math.round(Number(tps))} tps`}` +
          (failed !== undefined ? `, ${failed} failed` : "") +
          `; command: ${binary} ${argv.join(" ")} ${shownUrl(String(target))}`,
      );
    }
    console.log(
      `  (database ${name} made by ${binary} -i -s 1 -q, dropped after; ${oneRow}: ` +
        `${oneRowScript.trim().replace("\n", "; ")})`,
    );
  } catch (err) {
    console.log(`pgbench (PostgreSQL): failed: ${err instanceof Error ? err.message : err}`);
    process.exitCode = 1;
  } finally {
    rmSync(scriptDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`).catch((err: unknown) => {
      console.log(`pgbench: could not drop database ${name}: ${err instanceof Error ? err.message : err}`);
    });
    await admin.end();
  }
}
