import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("agents")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("ref_uid", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Sign-up with an empty or 0 agentId/refUid falls back to the centre agent of the player's locale.
  await db.schema
    .createTable("locale_centre_agents")
    .addColumn("locale", "text", (c) => c.primaryKey().check(sql`locale in ('th', 'en', 'kh', 'mm')`))
    .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
    .addColumn("ref_uid", "integer", (c) => c.notNull())
    .execute();

  // One row per domain the site answers on; '*' is the default for the primary domain.
  await db.schema
    .createTable("site_details")
    .addColumn("domain", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("site_verification", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ga_id", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("agent_supports")
    .addColumn("agent_id", "integer", (c) => c.primaryKey().references("agents.id"))
    .addColumn("active_popup", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("active_support", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("office_phone_number", "text")
    .addColumn("url_bailek", "text")
    .addColumn("url_popup", "text")
    .addColumn("url_support", "text")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["agent_supports", "site_details", "locale_centre_agents", "agents"]) {
    await db.schema.dropTable(table).execute();
  }
}
