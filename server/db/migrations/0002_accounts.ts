import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("members")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("uuid", "uuid", (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_name", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    // Null for members created through LINE login until they add one.
    .addColumn("phone_number", "text")
    .addColumn("name", "text")
    .addColumn("email", "text")
    .addColumn("avatar", "text")
    .addColumn("line_id", "text")
    .addColumn("line_uid", "text", (c) => c.unique())
    .addColumn("level", "smallint", (c) => c.notNull().defaultTo(1))
    // 0 active; 1 suspended (cannot log in); 2 no money pages (credit, bank); 3 no games; 4 no lotto.
    .addColumn("status", "smallint", (c) => c.notNull().defaultTo(0).check(sql`status between 0 and 4`))
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("th"))
    .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
    .addColumn("ref_uid", "integer", (c) => c.notNull().defaultTo(0))
    // The member's own affiliate slug (/register/{afSlug}) and who referred them through one.
    .addColumn("af_slug", "text", (c) => c.notNull().unique())
    .addColumn("referred_by", "bigint", (c) => c.references("members.id"))
    .addColumn("refer_url", "text")
    .addColumn("register_from_domain", "text")
    .addColumn("slug", "text")
    .addColumn("employee_slug", "text")
    .addColumn("failed_login_count", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Server-side sessions: a token is valid only while its row is neither expired nor revoked.
  await db.schema
    .createTable("sessions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("sessions_member_idx").on("sessions").column("member_id").execute();

  // OAuth/OIDC logins in flight (LINE): state, nonce and PKCE verifier, used once, short-lived.
  await db.schema
    .createTable("oauth_states")
    .addColumn("state", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("context", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();

  // Fixed-window counters for rate limits, shared by every server process.
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("window_start", "timestamptz", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_hits_pk", ["bucket", "window_start"])
    .execute();

  // The embedded SMS provider's outbox (and the record of every message any provider sent).
  await db.schema
    .createTable("sms_outbox")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    // Null for members created through LINE login until they add one.
    .addColumn("phone_number", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("otp_requests")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("ref_code", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("attempts", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("otp_requests_member_idx")
    .on("otp_requests")
    .columns(["member_id", "purpose"])
    .execute();

  await db.schema
    .createTable("staff")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("user_name", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) =>
      c.notNull().check(sql`role in ('administrator', 'super_admin', 'staff')`),
    )
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("staff_sessions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("staff_id", "bigint", (c) => c.notNull().references("staff.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .execute();

  // Append-only: the application role never updates or deletes audit rows (enforced by a trigger).
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end $$`.execute(db);
  await sql`
    create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists audit_log_no_change on audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
  for (const table of [
    "audit_log",
    "staff_sessions",
    "staff",
    "otp_requests",
    "sms_outbox",
    "rate_limit_hits",
    "oauth_states",
    "sessions",
    "members",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
