import { type Kysely, sql } from "kysely";
import type { DB } from "./schema.ts";

/**
 * The database role the app runs as (DATABASE_URL) when migrations run as another one (DATABASE_MIGRATION_URL):
 * it reads and writes rows and nothing else. PostgreSQL lets only a table's owner drop or disable its triggers,
 * and only a role granted TRUNCATE truncate it, so a stolen app connection cannot switch off the ledger's and the
 * audit log's append-only triggers or empty those tables (TRUNCATE fires no row trigger). docs/security.md
 * ("Platform") has the same grants as SQL for operators who set roles up by hand.
 */

/** Tables whose rows never change once written: a `<table>_no_change` trigger refuses UPDATE and DELETE. */
const APPEND_ONLY_TRIGGER_SUFFIX = "_no_change";

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Grants `role` row access (SELECT, INSERT, UPDATE, DELETE) on every table of `schema` and its sequences, and
 * takes UPDATE and DELETE back on the append-only tables, so the database itself refuses them twice over. Run by
 * the owner after each migration (idempotent). Never grants TRUNCATE, REFERENCES, TRIGGER or CREATE.
 */
export async function grantAppRole(db: Kysely<DB>, schema: string, role: string): Promise<void> {
  const s = sql.raw(quoteIdent(schema));
  const r = sql.raw(quoteIdent(role));
  const owner = await sql<{ owner: string }>`select current_user as owner`.execute(db);
  if (owner.rows[0]?.owner === role) {
    throw new Error(
      `DATABASE_MIGRATION_URL and DATABASE_URL log in as the same role (${role}): give the app its own role`,
    );
  }
  await sql`grant usage on schema ${s} to ${r}`.execute(db);
  await sql`revoke all on all tables in schema ${s} from ${r}`.execute(db);
  await sql`grant select, insert, update, delete on all tables in schema ${s} to ${r}`.execute(db);
  await sql`grant usage, select on all sequences in schema ${s} to ${r}`.execute(db);
  const appendOnly = await sql<{ table: string }>`
    select distinct c.relname as table
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and not t.tgisinternal
      and t.tgname = c.relname || ${APPEND_ONLY_TRIGGER_SUFFIX}
  `.execute(db);
  for (const { table } of appendOnly.rows) {
    await sql`revoke update, delete on ${s}.${sql.raw(quoteIdent(table))} from ${r}`.execute(db);
  }
}

/** The role a connection logs in as. */
export async function currentRole(db: Kysely<DB>): Promise<string> {
  const result = await sql<{ role: string }>`select current_user as role`.execute(db);
  const role = result.rows[0]?.role;
  if (!role) throw new Error("could not read the database role");
  return role;
}
