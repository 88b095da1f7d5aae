/** What the benchmarks share (scripts/bench-ledger.ts, scripts/bench-slips.ts). */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
