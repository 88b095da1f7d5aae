import { type Kysely, sql } from "kysely";

/**
 * Sessions, locks and LINE (docs/security.md "Sessions, locks and LINE"):
 * - members.locked_until / lock_count: a PIN lock ends by itself, and each lock after the first lasts longer;
 *   locks that exist now become the first lock of 30 minutes from when they were set;
 * - login_name_locks: the same counting for user names that match no account, so a lock reveals nothing;
 * - sessions.last_seen_at / staff_sessions.last_seen_at: sessions also end after a period without use;
 * - oauth_states.browser_hash / member_id: a LINE flow belongs to the browser that started it (the hash of a
 *   nonce kept in that browser's cookie) and, when it links LINE to an account, to the member who confirmed
 *   it with the PIN.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("members")
    .addColumn("locked_until", "timestamptz")
    .addColumn("lock_count", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update members set locked_until = locked_at + interval '30 minutes', lock_count = 1
    where locked_at is not null`.execute(db);

  await db.schema
    .createTable("login_name_locks")
    .addColumn("user_name", "text", (c) => c.primaryKey())
    .addColumn("failed_count", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("lock_count", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "timestamptz")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable("sessions")
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable("staff_sessions")
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Flows started before this migration have no browser to be bound to: they cannot finish.
  await sql`delete from oauth_states`.execute(db);
  await db.schema
    .alterTable("oauth_states")
    .addColumn("browser_hash", "text", (c) => c.notNull())
    .addColumn("member_id", "bigint", (c) => c.references("members.id").onDelete("cascade"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("oauth_states").dropColumn("member_id").dropColumn("browser_hash").execute();
  await db.schema.alterTable("staff_sessions").dropColumn("last_seen_at").execute();
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.dropTable("login_name_locks").execute();
  await db.schema.alterTable("members").dropColumn("lock_count").dropColumn("locked_until").execute();
}
