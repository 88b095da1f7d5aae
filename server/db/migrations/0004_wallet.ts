import { type Kysely, sql } from "kysely";

/**
 * Money in and out: members' bank accounts, the site's receiving accounts, deposit requests of every channel,
 * bank statement lines from the feed, and withdrawals. Money itself only ever moves in ledger_transfers; these
 * rows record the requests and point at the transfer that settled them. Invariants the code relies on are
 * constraints here, so a bug or a race cannot break them:
 * - one waiting unique amount per receiving account (fast and QR matching is unambiguous);
 * - one waiting withdrawal per member ('wait for the previous transaction to finish');
 * - a TrueMoney voucher is redeemed once; a statement line is ingested once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("member_banks")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("bank_code", "text", (c) => c.notNull())
    .addColumn("account_number", "text", (c) => c.notNull())
    .addColumn("account_name", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'verified', 'mismatch', 'rejected')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("verified_at", "timestamptz")
    // One bank account belongs to one member: a second registration of the same account is refused.
    .addUniqueConstraint("member_banks_account_once", ["bank_code", "account_number"])
    .execute();
  await db.schema.createIndex("member_banks_member").on("member_banks").column("member_id").execute();

  await db.schema
    .createTable("receiving_accounts")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("bank_code", "text", (c) => c.notNull())
    .addColumn("account_number", "text", (c) => c.notNull())
    .addColumn("account_name", "text", (c) => c.notNull())
    .addColumn("promptpay_id", "text")
    .addColumn("channels", sql`text[]`, (c) => c.notNull())
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("demo", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("receiving_accounts_account_once", ["bank_code", "account_number"])
    .execute();

  await db.schema
    .createTable("deposits")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("channel", "text", (c) =>
      c.notNull().check(sql`channel in ('normal', 'fast', 'qrcode', 'truemoney', 'crypto')`),
    )
    .addColumn("receiving_account_id", "bigint", (c) => c.references("receiving_accounts.id"))
    .addColumn("member_bank_id", "bigint", (c) => c.references("member_banks.id"))
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("prepare_amount", "bigint", (c) => c.notNull().check(sql`prepare_amount > 0`))
    .addColumn("credited_amount", "bigint")
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('waiting', 'review', 'approved', 'rejected', 'expired', 'cancelled')`),
    )
    .addColumn("reference", "text")
    .addColumn("details", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("deposit_at", "timestamptz")
    .addColumn("expires_at", "timestamptz")
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("transfer_id", "bigint", (c) => c.references("ledger_transfers.id"))
    .addColumn("reason", "text")
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "deposits_approved_has_transfer",
      sql`(status = 'approved') = (transfer_id is not null)`,
    )
    .addUniqueConstraint("deposits_member_idempotency", ["member_id", "idempotency_key"])
    .execute();
  await db.schema
    .createIndex("deposits_unique_waiting_amount")
    .on("deposits")
    .columns(["receiving_account_id", "prepare_amount"])
    .unique()
    .where(sql.raw<boolean>("status = 'waiting' and channel in ('fast', 'qrcode')"))
    .execute();
  // A member holds at most one waiting unique-amount request, so nobody can reserve many amounts at once.
  await db.schema
    .createIndex("deposits_one_waiting_per_member")
    .on("deposits")
    .column("member_id")
    .unique()
    .where(sql.raw<boolean>("status = 'waiting' and channel in ('fast', 'qrcode', 'crypto')"))
    .execute();
  await db.schema
    .createIndex("deposits_voucher_once")
    .on("deposits")
    .column("reference")
    .unique()
    .where(sql.raw<boolean>("channel = 'truemoney' and status <> 'rejected'"))
    .execute();
  await db.schema
    .createIndex("deposits_member_created")
    .on("deposits")
    .columns(["member_id", "created_at"])
    .execute();
  await db.schema.createIndex("deposits_status").on("deposits").column("status").execute();

  await db.schema
    .createTable("bank_statement_lines")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("receiving_account_id", "bigint", (c) => c.notNull().references("receiving_accounts.id"))
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('matched', 'unmatched', 'ignored')`))
    .addColumn("deposit_id", "bigint", (c) => c.references("deposits.id"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("bank_statement_lines_once", ["receiving_account_id", "external_id"])
    .execute();
  await db.schema
    .createIndex("bank_statement_lines_deposit_once")
    .on("bank_statement_lines")
    .column("deposit_id")
    .unique()
    .where(sql.ref("deposit_id"), "is not", null)
    .execute();

  await db.schema
    .createTable("withdrawals")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("member_bank_id", "bigint", (c) => c.notNull().references("member_banks.id"))
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('waiting', 'paid', 'rejected')`))
    .addColumn("hold_transfer_id", "bigint", (c) => c.notNull().references("ledger_transfers.id"))
    .addColumn("resolve_transfer_id", "bigint", (c) => c.references("ledger_transfers.id"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "withdrawals_resolved_has_transfer",
      sql`(status = 'waiting') = (resolve_transfer_id is null)`,
    )
    .addUniqueConstraint("withdrawals_member_idempotency", ["member_id", "idempotency_key"])
    .execute();
  await db.schema
    .createIndex("withdrawals_one_waiting")
    .on("withdrawals")
    .column("member_id")
    .unique()
    .where(sql.raw<boolean>("status = 'waiting'"))
    .execute();
  await db.schema
    .createIndex("withdrawals_member_created")
    .on("withdrawals")
    .columns(["member_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "withdrawals",
    "bank_statement_lines",
    "deposits",
    "receiving_accounts",
    "member_banks",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
