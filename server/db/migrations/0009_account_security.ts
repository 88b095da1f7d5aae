import { type Kysely, sql } from "kysely";

/**
 * Account takeover controls (docs/security.md "Account takeover"):
 * - security_events: the member's append-only trail of logins, failed PINs, locks and account changes;
 * - withdrawals.review_required: the first withdrawal to a bank account waits for an explicit staff review,
 *   and the database refuses to mark it paid before that review;
 * - four more push types telling the member of each change to the account.
 */
const SECURITY_EVENT_TYPES = [
  "login",
  "new-device",
  "pin-failed",
  "locked",
  "pin-changed",
  "pin-reset",
  "name-changed",
  "phone-changed",
  "bank-added",
  "line-linked",
  "line-unlinked",
] as const;

const PUSH_TYPES_BEFORE = [
  "poy-won",
  "poy-lost",
  "round-result",
  "deposit-approved",
  "deposit-rejected",
  "withdrawal-paid",
  "withdrawal-rejected",
  "ying-bonus",
];
const ACCOUNT_PUSH_TYPES = ["name-changed", "phone-changed", "bank-added", "pin-changed", "line-linked"];

async function allowPushTypes(db: Kysely<unknown>, types: readonly string[]): Promise<void> {
  await sql`alter table notification_outbox drop constraint notification_outbox_type_check`.execute(db);
  await sql`alter table notification_outbox add constraint notification_outbox_type_check check (type in (${sql.join(
    types.map((t) => sql.lit(t)),
  )}))`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("security_events")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in (${sql.join(SECURITY_EVENT_TYPES.map((t) => sql.lit(t)))})`),
    )
    .addColumn("detail", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Who did it when it was not the member (staff), for the member's list and staff search.
    .addColumn("actor", "text")
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    /** Hash of the user agent and the address's network prefix: what "a device seen before" compares. */
    .addColumn("device", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index security_events_member on security_events (member_id, id desc)`.execute(db);
  await sql`create index security_events_device on security_events (member_id, device)`.execute(db);
  await sql`
    create function security_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'security_events is append-only';
    end $$`.execute(db);
  await sql`
    create trigger security_events_no_change before update or delete on security_events
    for each row execute function security_events_append_only()`.execute(db);

  await sql`alter table withdrawals
    add column review_required boolean not null default false,
    add column reviewed_by text,
    add column reviewed_at timestamptz`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_reviewed_before_paid
    check (status <> 'paid' or not review_required or reviewed_at is not null)`.execute(db);

  await allowPushTypes(db, [...PUSH_TYPES_BEFORE, ...ACCOUNT_PUSH_TYPES]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notification_outbox where type in (${sql.join(ACCOUNT_PUSH_TYPES.map((t) => sql.lit(t)))})`.execute(
    db,
  );
  await allowPushTypes(db, PUSH_TYPES_BEFORE);
  await sql`alter table withdrawals drop constraint withdrawals_reviewed_before_paid`.execute(db);
  await sql`alter table withdrawals drop column review_required, drop column reviewed_by, drop column reviewed_at`.execute(
    db,
  );
  await sql`drop trigger if exists security_events_no_change on security_events`.execute(db);
  await sql`drop function if exists security_events_append_only()`.execute(db);
  await db.schema.dropTable("security_events").execute();
}
