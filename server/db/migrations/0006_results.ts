import { type Kysely, sql } from "kysely";

/**
 * Results, yeekee shooting, ping-pong commit-reveal, settlement state and number sets (issue 6).
 *
 * - lotto_results: every result a round was given, versioned. A result is `proposed` (one staff member or a feed
 *   entered it), then `confirmed` by someone else (four eyes) or `rejected`; a confirmed result that a later
 *   correction replaces becomes `superseded`. At most one confirmed and one proposed result per round.
 *   Internal draws (yeekee shots, ping-pong seed) are confirmed by the system as they are computed.
 * - A round remembers the result its lines were last settled on (settled_result_id): the settlement job works
 *   on every round whose confirmed result differs from it, so a crash only delays settlement, never skips it.
 * - yings: the shot list, one row per shot with its place (seq) and the running SHA-256 chain hash;
 *   ying_chains: the chain head per round, the row a shot locks so shots of one round are numbered in order.
 * - Ping-pong: commitment is published when the round is created; seed stays secret until the result is drawn.
 * - poy_lines.result_id: the result a line was judged on; win transfers are keyed by line and result.
 * - lotto_shortfalls: what a correction's win reversal could not take from a member's balance, for staff.
 * - number_sets: a member's saved slips (docs/rules.md "Field names": `poyListJson`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lotto_results")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("round_id", "bigint", (c) => c.notNull().references("lotto_rounds.id"))
    .addColumn("version", "integer", (c) => c.notNull().check(sql`version >= 1`))
    .addColumn("source", "text", (c) =>
      c.notNull().check(sql`source in ('yeekee', 'pingpong', 'staff', 'feed')`),
    )
    // The result as published: gov { first, front3[2], back3[2], bottom2 }; stock { close, change };
    // set4 per lottery; yeekee and ping-pong { number }.
    .addColumn("payload", "jsonb", (c) => c.notNull())
    // What lines are judged on: src/domain/lotto/judge.ts Outcome { top3, bottom2, front3, back3, four }.
    .addColumn("outcome", "jsonb", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('proposed', 'confirmed', 'rejected', 'superseded')`),
    )
    // "staff:<id>:<userName>", "feed:<provider>", "system:yeekee", "system:pingpong".
    .addColumn("entered_by", "text", (c) => c.notNull())
    .addColumn("confirmed_by", "text")
    // Why a result was rejected, or what a correction corrects.
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("decided_at", "timestamptz")
    .addUniqueConstraint("lotto_results_version_once", ["round_id", "version"])
    .addCheckConstraint(
      "lotto_results_confirmed_has_confirmer",
      sql`status not in ('confirmed', 'superseded') or confirmed_by is not null`,
    )
    // Four eyes: a staff entry is confirmed by someone else.
    .addCheckConstraint(
      "lotto_results_four_eyes",
      sql`source <> 'staff' or confirmed_by is null or confirmed_by <> entered_by`,
    )
    .execute();
  await db.schema
    .createIndex("lotto_results_one_confirmed")
    .on("lotto_results")
    .column("round_id")
    .unique()
    .where(sql.raw<boolean>("status = 'confirmed'"))
    .execute();
  await db.schema
    .createIndex("lotto_results_one_proposed")
    .on("lotto_results")
    .column("round_id")
    .unique()
    .where(sql.raw<boolean>("status = 'proposed'"))
    .execute();

  await db.schema
    .alterTable("lotto_rounds")
    .addColumn("commitment", "text", (c) => c.check(sql`commitment ~ '^[0-9a-f]{64}$'`))
    .addColumn("seed", "text", (c) => c.check(sql`seed ~ '^[0-9a-f]{64,}$'`))
    .addColumn("settled_result_id", "bigint", (c) => c.references("lotto_results.id"))
    .addColumn("settled_at", "timestamptz")
    .addColumn("cancel_reason", "text")
    .execute();
  await db.schema
    .createIndex("lotto_rounds_unsettled")
    .on("lotto_rounds")
    .column("result_at")
    .where(sql.raw<boolean>("status in ('closed', 'resulted', 'cancelled') and settled_at is null"))
    .execute();

  await db.schema
    .alterTable("poy_lines")
    .addColumn("result_id", "bigint", (c) => c.references("lotto_results.id"))
    .execute();
  await db.schema.createIndex("poy_lines_poy").on("poy_lines").column("poy_id").execute();
  // Settlement walks a round's slips in id order, a batch at a time.
  await db.schema.createIndex("poys_round_id").on("poys").columns(["round_id", "id"]).execute();

  // A win reversed by a correction that the member's balance could not fully cover: the reversal took what
  // was there (never a negative balance) and the rest is recorded here for staff (docs/results-api.md).
  await db.schema
    .createTable("lotto_shortfalls")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("round_id", "bigint", (c) => c.notNull().references("lotto_rounds.id"))
    .addColumn("line_id", "bigint", (c) => c.notNull().references("poy_lines.id"))
    // The result whose win was reversed.
    .addColumn("result_id", "bigint", (c) => c.notNull().references("lotto_results.id"))
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    // The win to reverse, what the reversal took, what is still owed (satang).
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("taken", "bigint", (c) => c.notNull().check(sql`taken >= 0`))
    .addColumn("owed", "bigint", (c) => c.notNull().check(sql`owed > 0`))
    .addColumn("transfer_id", "bigint", (c) => c.references("ledger_transfers.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("lotto_shortfalls_once", ["line_id", "result_id"])
    .addCheckConstraint("lotto_shortfalls_sum", sql`taken + owed = amount`)
    .addCheckConstraint("lotto_shortfalls_taken_has_transfer", sql`(taken > 0) = (transfer_id is not null)`)
    .execute();

  await db.schema
    .createTable("ying_chains")
    .addColumn("round_id", "bigint", (c) => c.primaryKey().references("lotto_rounds.id"))
    .addColumn("genesis", "text", (c) => c.notNull().check(sql`genesis ~ '^[0-9a-f]{64}$'`))
    .addColumn("head_hash", "text", (c) => c.notNull().check(sql`head_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn("shots", "integer", (c) => c.notNull().defaultTo(0).check(sql`shots >= 0`))
    .addColumn("sum", "bigint", (c) => c.notNull().defaultTo(0).check(sql`sum >= 0`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("yings")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("round_id", "bigint", (c) => c.notNull().references("lotto_rounds.id"))
    // 1 for the first shot of the round; the chain hash at seq n covers shots 1…n.
    .addColumn("seq", "integer", (c) => c.notNull().check(sql`seq >= 1`))
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("number", "text", (c) => c.notNull().check(sql`number ~ '^[0-9]{5}$'`))
    .addColumn("hash", "text", (c) => c.notNull().check(sql`hash ~ '^[0-9a-f]{64}$'`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("yings_seq_once", ["round_id", "seq"])
    .execute();
  await db.schema.createIndex("yings_member").on("yings").columns(["round_id", "member_id", "seq"]).execute();

  await db.schema
    .createTable("number_sets")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 60`))
    // [{ option, number, price }] with wire option names and baht strings (docs/rules.md "Field names": `poyListJson`).
    .addColumn("poy_list_json", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("number_sets_name_once", ["member_id", "name"])
    .execute();
  await db.schema.createIndex("number_sets_member").on("number_sets").columns(["member_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("number_sets").execute();
  await db.schema.dropTable("yings").execute();
  await db.schema.dropTable("ying_chains").execute();
  await db.schema.dropTable("lotto_shortfalls").execute();
  await db.schema.dropIndex("poys_round_id").execute();
  await db.schema.dropIndex("poy_lines_poy").execute();
  await db.schema.alterTable("poy_lines").dropColumn("result_id").execute();
  await db.schema.dropIndex("lotto_rounds_unsettled").execute();
  for (const column of ["commitment", "seed", "settled_result_id", "settled_at", "cancel_reason"]) {
    await db.schema.alterTable("lotto_rounds").dropColumn(column).execute();
  }
  await db.schema.dropTable("lotto_results").execute();
}
