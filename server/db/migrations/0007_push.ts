import { type Kysely, sql } from "kysely";

/**
 * Push notifications (issue 7).
 *
 * - push_tokens: where a member's notifications go. One row per token (a token names one browser install); a
 *   device (an id the app picks and keeps) has at most one token per member, so a refreshed token replaces the
 *   old one. Rows are deleted at logout and when the provider says the token is no longer registered.
 * - notification_outbox: one row per notification, written in the same transaction as the event that causes it
 *   (a deposit approved, a slip settled...), so an event and its notification commit or roll back together.
 *   `dedupe_key` is unique: an event retried, or settled twice by two processes, writes one row. The sender job
 *   claims due rows, delivers them to every token of the member and records what it sent (`deliveries`: the
 *   exact data payload per device); without a push provider that record is the outbox itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_tokens")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    // The login that registered it: once that session is revoked (logout, PIN change, suspension) the device
    // gets nothing more, even if the app could not say goodbye (offline logout).
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id"))
    .addColumn("device_id", "text", (c) => c.notNull().check(sql`device_id ~ '^[A-Za-z0-9_-]{8,64}$'`))
    .addColumn("token", "text", (c) => c.notNull().unique().check(sql`char_length(token) between 8 and 4096`))
    .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('firebase', 'local')`))
    // The language the device shows the app in (catalog codes), for notifications built without the app.
    .addColumn("locale", "text", (c) => c.notNull().check(sql`locale in ('th', 'en', 'km', 'my')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("push_tokens_device_once", ["member_id", "device_id"])
    .execute();

  await db.schema
    .createTable("notification_outbox")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("type", "text", (c) =>
      c
        .notNull()
        .check(
          sql`type in ('poy-won', 'poy-lost', 'round-result', 'deposit-approved', 'deposit-rejected', 'withdrawal-paid', 'withdrawal-rejected')`,
        ),
    )
    // Strings only (amounts in baht, names): the message is built on the device, in its language.
    .addColumn("params", "jsonb", (c) => c.notNull())
    // Where a tap on the notification leads: an app path.
    .addColumn("url", "text", (c) => c.notNull().check(sql`url ~ '^/[^/]'`))
    .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status in ('pending', 'sent', 'failed', 'no_device')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    // A claimed row is leased until then (a sender that died leaves it to the next one), a failed try backs off.
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_error", "text")
    // [{ deviceId, provider, data, result }]: what was handed to the provider for each of the member's devices.
    .addColumn("deliveries", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .addCheckConstraint("notification_outbox_sent_at", sql`(status = 'sent') = (sent_at is not null)`)
    .execute();
  await db.schema
    .createIndex("notification_outbox_due")
    .on("notification_outbox")
    .column("next_attempt_at")
    .where(sql.raw<boolean>("status = 'pending'"))
    .execute();
  await db.schema
    .createIndex("notification_outbox_member")
    .on("notification_outbox")
    .columns(["member_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notification_outbox").execute();
  await db.schema.dropTable("push_tokens").execute();
}
