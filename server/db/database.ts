import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrationProvider } from "./migrations/index.ts";
import type { DB } from "./schema.ts";

export type Engine = "pglite" | "postgresql";

export interface Database {
  readonly db: Kysely<DB>;
  readonly engine: Engine;
  /** The schema the tables live in (PostgreSQL test runs use one schema each). */
  readonly schema: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string. When absent, the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the embedded database in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL only: a schema to create and work in, so test runs stay apart in one database. */
  schema?: string | undefined;
  /** PostgreSQL only: the pool size. */
  poolSize?: number;
  /** PostgreSQL only: drop the schema on close (throwaway test schemas). */
  dropSchemaOnClose?: boolean;
  /** PostgreSQL only: the role every session takes (tests log in as the superuser and act as the app's role). */
  role?: string;
}

const INT8_OID = 20;

// Both engines speak to pg through the same pool type, so values parse identically: money columns are
// bigint satang and arrive as BigInt, never as float-prone numbers or strings.
const typeParsers = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8_OID) return (value: string) => BigInt(value);
    // biome-ignore lint/suspicious/noExplicitAny: pg's own overloads are not expressible here
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir);
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`bad schema name ${schema}`);
  if (options.role !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.role))
    throw new Error(`bad role name ${options.role}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    types: typeParsers,
    ...(schema || options.role
      ? {
          options: [schema ? `-c search_path=${schema}` : "", options.role ? `-c role=${options.role}` : ""]
            .filter(Boolean)
            .join(" "),
        }
      : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: "postgresql",
    schema: schema ?? "public",
    close: async () => {
      await db.destroy();
      if (schema && options.dropSchemaOnClose) {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        try {
          await admin.query(`drop schema if exists ${schema} cascade`);
        } finally {
          await admin.end();
        }
      }
    },
  };
}

/**
 * PGlite is one PostgreSQL session. We serve it over the wire protocol on a private unix socket and talk
 * to it through a pg pool of exactly one connection: a transaction holds that connection until it ends,
 * so concurrent transactions queue instead of interleaving on the shared session (which loses updates).
 */
async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pglite = dataDir ? new PGlite(dataDir) : new PGlite();
  await pglite.waitReady;
  const socketDir = await mkdtemp(join(tmpdir(), "lottoup-pglite-"));
  const server = new PGLiteSocketServer({ db: pglite, path: join(socketDir, ".s.PGSQL.5432") });
  await server.start();
  const pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: "postgres",
    database: "postgres",
    max: 1,
    types: typeParsers,
    // A query that waits this long for the single connection is a bug (a query outside its transaction).
    connectionTimeoutMillis: 60_000,
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: "pglite",
    schema: "public",
    close: async () => {
      await db.destroy();
      await server.stop();
      await pglite.close();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * invalid_schema_name, undefined_table, undefined_column: another session dropped what Kysely's listing of every
 * schema's tables and columns was reading.
 */
const VANISHED_DURING_LISTING = new Set(["3F000", "42P01", "42703"]);

/** Brings the schema up to date. Safe to run from several processes at once (the migrator takes a lock). */
export async function migrate(database: Pick<Database, "db" | "schema">): Promise<string[]> {
  // The schema is named explicitly: Kysely's existence check would otherwise find another schema's tables.
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider,
    migrationTableSchema: database.schema,
  });
  for (let attempt = 0; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
    // Kysely's table check lists the tables of every schema; a schema another session drops meanwhile (the
    // throwaway schemas of parallel test files) fails that listing before anything of ours ran. Migrations are
    // transactional and locked, so trying again is safe.
    if (!VANISHED_DURING_LISTING.has((error as { code?: string }).code ?? "") || attempt >= 5) {
      throw error instanceof Error ? error : new Error(String(error));
    }
    await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
  }
}
