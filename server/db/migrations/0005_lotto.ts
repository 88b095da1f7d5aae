import { type Kysely, sql } from "kysely";

/**
 * Lotto: rounds of every family, restricted numbers, the exposure the house carries on each number, and slips
 * (poys) with their lines. Money only moves in ledger_transfers; a slip points at the transfer that paid for it
 * and, once cancelled or refunded, at the one that gave the stake back. Invariants as constraints:
 * - one round per betType (the round job runs in every server process: a second insert is a no-op);
 * - one restriction per round, option and number; one exposure row per round and exposure key, never negative;
 * - one slip per member and idempotency key; a slip's total and every line's price are positive;
 * - a slip is cancelled or refunded exactly when it has a refund transfer;
 * - a slip has at most one line per option and number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lotto_rounds")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("family", "text", (c) =>
      c.notNull().check(sql`family in ('yeekee', 'yeekee5Min', 'pingpong', 'gov', 'stock', 'set4')`),
    )
    .addColumn("bet_type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    // The Bangkok date the round is sold on, yyyy-mm-dd (text: pg would turn a date into a local-time Date).
    .addColumn("round_date", "text", (c) =>
      c.notNull().check(sql`round_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    )
    // Interval families: 1 … rounds a day; stock: the market id; set4: the lottery id.
    .addColumn("round_no", "integer")
    .addColumn("market", "text")
    .addColumn("flag", "text")
    .addColumn("close_at", "timestamptz", (c) => c.notNull())
    .addColumn("result_at", "timestamptz", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("open").check(sql`status in ('open', 'closed', 'resulted', 'cancelled')`),
    )
    // defaultRate: option → multiplier (decimal string); limits: option → { min, max } satang per line;
    // max_per_option: option → satang one member may stake on one number of the option in the round.
    .addColumn("rates", "jsonb", (c) => c.notNull())
    .addColumn("limits", "jsonb", (c) => c.notNull())
    .addColumn("max_per_option", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("lotto_rounds_bet_type_once", ["bet_type"])
    .addCheckConstraint("lotto_rounds_result_after_close", sql`result_at >= close_at`)
    .execute();
  await db.schema
    .createIndex("lotto_rounds_family_close")
    .on("lotto_rounds")
    .columns(["family", "close_at"])
    .execute();
  await db.schema
    .createIndex("lotto_rounds_open_close")
    .on("lotto_rounds")
    .column("close_at")
    .where(sql.raw<boolean>("status = 'open'"))
    .execute();

  await db.schema
    .createTable("lotto_restrictions")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("round_id", "bigint", (c) => c.notNull().references("lotto_rounds.id"))
    .addColumn("option", "text", (c) => c.notNull())
    // Tode options keep their digits sorted (tode 321 ≡ 123), so one number has one restriction.
    .addColumn("number", "text", (c) => c.notNull().check(sql`number ~ '^[0-9]{1,4}$'`))
    // Multiplier per 1 baht as a decimal string; '0' closes the number.
    .addColumn("multiply", "text", (c) => c.notNull().check(sql`multiply ~ '^[0-9]{1,12}([.][0-9]{1,6})?$'`))
    .addColumn("set_by", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("lotto_restrictions_once", ["round_id", "option", "number"])
    .execute();

  await db.schema
    .createTable("lotto_exposure")
    .addColumn("round_id", "bigint", (c) => c.notNull().references("lotto_rounds.id"))
    // exposureKey(option, number): "tengBon3:123", "tode3:123" (sorted digits).
    .addColumn("exposure_key", "text", (c) => c.notNull())
    // What the house would pay if the number won: the sum of price × accepted rate over waiting lines, satang.
    .addColumn("payout", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("lotto_exposure_pkey", ["round_id", "exposure_key"])
    .addCheckConstraint("lotto_exposure_not_negative", sql`payout >= 0`)
    .execute();

  await db.schema
    .createTable("poys")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("round_id", "bigint", (c) => c.notNull().references("lotto_rounds.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('waiting', 'won', 'lost', 'cancelled', 'refunded')`),
    )
    .addColumn("total", "bigint", (c) => c.notNull().check(sql`total > 0`))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("transfer_id", "bigint", (c) => c.notNull().references("ledger_transfers.id"))
    .addColumn("refund_transfer_id", "bigint", (c) => c.references("ledger_transfers.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("cancelled_at", "timestamptz")
    .addCheckConstraint(
      "poys_refund_has_transfer",
      sql`(status in ('cancelled', 'refunded')) = (refund_transfer_id is not null)`,
    )
    // Named *_idempotency_key: a concurrent duplicate is retried by inTransaction and then finds the first slip.
    .addUniqueConstraint("poys_member_idempotency_key", ["member_id", "idempotency_key"])
    .addUniqueConstraint("poys_transfer_once", ["transfer_id"])
    .execute();
  await db.schema.createIndex("poys_member_id").on("poys").columns(["member_id", "id"]).execute();
  await db.schema.createIndex("poys_round").on("poys").columns(["round_id", "member_id"]).execute();

  await db.schema
    .createTable("poy_lines")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("poy_id", "bigint", (c) => c.notNull().references("poys.id"))
    .addColumn("option", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull().check(sql`number ~ '^[0-9]{1,4}$'`))
    .addColumn("price", "bigint", (c) => c.notNull().check(sql`price > 0`))
    // The rate the line was accepted at; it keeps it whatever happens to the number's rate later.
    .addColumn("multiply", "text", (c) =>
      c.notNull().check(sql`multiply ~ '^[0-9]{1,12}([.][0-9]{1,6})?$' and multiply <> '0'`),
    )
    // The slip builder's batch index (docs/rules.md "Field names": `add`).
    .addColumn("batch", "integer", (c) => c.notNull().check(sql`batch >= 1`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('waiting', 'won', 'lost', 'cancelled', 'refunded')`),
    )
    .addColumn("payout", "bigint", (c) => c.check(sql`payout >= 0`))
    .addUniqueConstraint("poy_lines_once", ["poy_id", "option", "number"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["poy_lines", "poys", "lotto_exposure", "lotto_restrictions", "lotto_rounds"]) {
    await db.schema.dropTable(table).execute();
  }
}
