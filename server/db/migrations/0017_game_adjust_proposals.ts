import { type Kysely, sql } from "kysely";

/**
 * Game money corrections under four eyes (docs/security.md "Game providers", docs/staff-roles.md): a staff
 * correction of a member's game money (`GAME_ADD` from the provider's house account, `GAME_DEDUCT` back to it, for
 * instance to recover a game shortfall) is a `staff_proposals` row of kind `game.adjust` that another administrator
 * confirms, so the same CHECK (confirmed_by <> proposed_by) backs it. Only the kind list changes.
 */
const KINDS_BEFORE = `'deposit.approve', 'deposit.override', 'withdrawal.pay', 'member.adjust', 'member-bank.verify', 'receiving-account.save'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_proposals drop constraint staff_proposals_kind_check`.execute(db);
  await sql`alter table staff_proposals add constraint staff_proposals_kind_check check (kind in (${sql.raw(
    KINDS_BEFORE,
  )}, 'game.adjust'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_proposals drop constraint staff_proposals_kind_check`.execute(db);
  await sql`alter table staff_proposals add constraint staff_proposals_kind_check check (kind in (${sql.raw(
    KINDS_BEFORE,
  )}))`.execute(db);
}
