import { type Kysely, sql } from "kysely";

/**
 * Money under four eyes (docs/security.md): a staff action that would move money above the configured threshold,
 * and every amount override, balance adjustment and bank-holder verification, is first a proposal; a different
 * staff member confirms it (and only then does money move) or rejects it.
 *
 * - kind: what confirming does; target: the thing it acts on ("deposit:12", "withdrawal:7", "member-bank:3",
 *   "adjust:<staff>:<key>"), at most one open proposal per target; payload: the action's exact arguments.
 * - proposed_by / confirmed_by / rejected_by: staff ids (a renamed user is still the same person). The CHECK
 *   confirmed_by <> proposed_by is the backstop behind the application's 409 FOUR_EYES.
 * - transfer_id: the one ledger transfer the confirmation made (none for a bank-holder verification).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_proposals")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('deposit.approve', 'deposit.override', 'withdrawal.pay', 'member.adjust', 'member-bank.verify')`,
        ),
    )
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("member_id", "bigint", (c) => c.references("members.id"))
    .addColumn("amount", "bigint", (c) => c.check(sql`amount > 0`))
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("proposed").check(sql`status in ('proposed', 'confirmed', 'rejected')`),
    )
    .addColumn("proposed_by", "bigint", (c) => c.notNull().references("staff.id"))
    .addColumn("confirmed_by", "bigint", (c) => c.references("staff.id"))
    .addColumn("rejected_by", "bigint", (c) => c.references("staff.id"))
    .addColumn("reject_reason", "text")
    .addColumn("transfer_id", "bigint", (c) => c.references("ledger_transfers.id"))
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("decided_at", "timestamptz")
    .addCheckConstraint("staff_proposals_four_eyes", sql`confirmed_by is null or confirmed_by <> proposed_by`)
    .addCheckConstraint(
      "staff_proposals_confirmed_has_confirmer",
      sql`(status = 'confirmed') = (confirmed_by is not null)`,
    )
    .addCheckConstraint(
      "staff_proposals_rejected_has_rejecter",
      sql`(status = 'rejected') = (rejected_by is not null)`,
    )
    .addCheckConstraint("staff_proposals_decided_at", sql`(status = 'proposed') = (decided_at is null)`)
    .execute();
  await db.schema
    .createIndex("staff_proposals_one_open_per_target")
    .on("staff_proposals")
    .column("target")
    .unique()
    .where(sql.raw<boolean>("status = 'proposed'"))
    .execute();
  await db.schema
    .createIndex("staff_proposals_by_status")
    .on("staff_proposals")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_proposals").execute();
}
