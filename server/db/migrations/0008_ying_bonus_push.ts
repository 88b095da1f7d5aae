import { type Kysely, sql } from "kysely";

// The yeekee shooter bonus (server/modules/lotto/draws.ts) tells its winner by push: one more outbox type.
const TYPES_BEFORE = [
  "poy-won",
  "poy-lost",
  "round-result",
  "deposit-approved",
  "deposit-rejected",
  "withdrawal-paid",
  "withdrawal-rejected",
];
const TYPES_AFTER = [...TYPES_BEFORE, "ying-bonus"];

async function allowTypes(db: Kysely<unknown>, types: readonly string[]): Promise<void> {
  await sql`alter table notification_outbox drop constraint notification_outbox_type_check`.execute(db);
  await sql`alter table notification_outbox add constraint notification_outbox_type_check check (type in (${sql.join(
    types.map((t) => sql.lit(t)),
  )}))`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await allowTypes(db, TYPES_AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notification_outbox where type = 'ying-bonus'`.execute(db);
  await allowTypes(db, TYPES_BEFORE);
}
