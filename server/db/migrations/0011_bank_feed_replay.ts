import { type Kysely, sql } from "kysely";

/**
 * Bank feed deliveries seen, by signature: the statement webhook signs a timestamp with the body and accepts a
 * delivery within 5 minutes of it, so a captured delivery replayed within that window is refused here. Rows
 * older than the window are pruned by the webhook itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bank_feed_deliveries")
    .addColumn("signature", "text", (c) => c.primaryKey())
    .addColumn("signed_at", "timestamptz", (c) => c.notNull())
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("bank_feed_deliveries_received")
    .on("bank_feed_deliveries")
    .column("received_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bank_feed_deliveries").execute();
}
