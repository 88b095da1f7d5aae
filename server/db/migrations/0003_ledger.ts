import { type Kysely, sql } from "kysely";

/**
 * The double-entry ledger. Amounts are integer satang. Every balance change is one immutable transfer row
 * between two accounts; account rows carry the running balance and the amount held by pending transfers.
 * Member accounts can never go below zero (a CHECK constraint), house and clearing accounts can (they are
 * where money enters and leaves the system).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ledger_accounts")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(sql`kind in ('member_cash', 'member_af_cash', 'member_loyalty', 'house', 'clearing')`),
    )
    .addColumn("member_id", "bigint", (c) => c.references("members.id"))
    .addColumn("allow_negative", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("balance", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("held", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("ledger_accounts_held_not_negative", sql`held >= 0`)
    .addCheckConstraint("ledger_accounts_available_not_negative", sql`allow_negative or balance - held >= 0`)
    .addCheckConstraint(
      "ledger_accounts_member_kinds",
      sql`(kind like 'member_%') = (member_id is not null) and (kind not like 'member_%' or not allow_negative)`,
    )
    .execute();
  await db.schema
    .createIndex("ledger_accounts_member_kind")
    .on("ledger_accounts")
    .columns(["member_id", "kind"])
    .unique()
    .where(sql.ref("member_id"), "is not", null)
    .execute();

  await db.schema
    .createTable("ledger_transfers")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    // posted: moves amount now; pending: holds it on the debit account; post_pending / void_pending resolve one.
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('posted', 'pending', 'post_pending', 'void_pending')`),
    )
    .addColumn("debit_account_id", "bigint", (c) => c.notNull().references("ledger_accounts.id"))
    .addColumn("credit_account_id", "bigint", (c) => c.notNull().references("ledger_accounts.id"))
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("pending_id", "bigint", (c) => c.references("ledger_transfers.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("ledger_transfers_distinct_accounts", sql`debit_account_id <> credit_account_id`)
    .addCheckConstraint(
      "ledger_transfers_pending_link",
      sql`(kind in ('post_pending', 'void_pending')) = (pending_id is not null)`,
    )
    .execute();
  // A pending transfer is posted or voided once, never both.
  await db.schema
    .createIndex("ledger_transfers_resolved_once")
    .on("ledger_transfers")
    .column("pending_id")
    .unique()
    .where(sql.ref("pending_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("ledger_transfers_debit")
    .on("ledger_transfers")
    .column("debit_account_id")
    .execute();
  await db.schema
    .createIndex("ledger_transfers_credit")
    .on("ledger_transfers")
    .column("credit_account_id")
    .execute();

  await sql`
    create function ledger_transfers_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger_transfers is immutable';
    end $$`.execute(db);
  await sql`
    create trigger ledger_transfers_no_change before update or delete on ledger_transfers
    for each row execute function ledger_transfers_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists ledger_transfers_no_change on ledger_transfers`.execute(db);
  await sql`drop function if exists ledger_transfers_immutable()`.execute(db);
  await db.schema.dropTable("ledger_transfers").execute();
  await db.schema.dropTable("ledger_accounts").execute();
}
