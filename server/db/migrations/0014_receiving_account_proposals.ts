import { type Kysely, sql } from "kysely";

/**
 * Receiving accounts under four eyes (docs/security.md "Money under four eyes"): adding, changing or deactivating
 * one of the site's receiving accounts is a `staff_proposals` row of kind `receiving-account.save`, so the same
 * CHECK (confirmed_by <> proposed_by) backs it. Only the kind list changes (PostgreSQL named the column check
 * `staff_proposals_kind_check` in 0012).
 */
const KINDS_BEFORE = `'deposit.approve', 'deposit.override', 'withdrawal.pay', 'member.adjust', 'member-bank.verify'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_proposals drop constraint staff_proposals_kind_check`.execute(db);
  await sql`alter table staff_proposals add constraint staff_proposals_kind_check check (kind in (${sql.raw(
    KINDS_BEFORE,
  )}, 'receiving-account.save'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_proposals drop constraint staff_proposals_kind_check`.execute(db);
  await sql`alter table staff_proposals add constraint staff_proposals_kind_check check (kind in (${sql.raw(
    KINDS_BEFORE,
  )}))`.execute(db);
}
