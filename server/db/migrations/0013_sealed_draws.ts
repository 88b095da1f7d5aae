import { type Kysely, sql } from "kysely";

/**
 * Draws no one can aim (issue 12; docs/security.md "Draws", docs/results-api.md "Sealed shooting").
 *
 * yings: a shot is stored sealed while its round is open. `sealed` holds its number and salt encrypted with a key
 * from the configuration (never in the database), `commitment` the SHA-256 published for it, and `number` and
 * `salt` stay null until the draw reveals them. Shots stored before this migration keep their number, no salt
 * and no commitment: their chain links hash the number, as before, and they verify as they always did.
 *
 * ying_chains.sum: the running sum of a round's shots was kept in the clear, which told anyone who could read the
 * database the result while shooting was open. It is no longer written; existing values are zeroed.
 *
 * lotto_rounds.seed_sealed: ping-pong seeds are now derived from DRAW_SEED_KEY and the round's betType and never
 * stored. Seeds stored in plaintext by earlier versions stay where they are until the server starts with its key:
 * then sealLegacySeeds (server/modules/lotto/rounds.ts) encrypts each undecided round's seed into seed_sealed
 * and clears `seed`; decided rounds keep theirs in the clear, since it is published anyway. A migration cannot do
 * that itself: it runs without the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table yings alter column number drop not null`.execute(db);
  await db.schema
    .alterTable("yings")
    .addColumn("salt", "text", (c) => c.check(sql`salt ~ '^[0-9a-f]{32}$'`))
    .addColumn("commitment", "text", (c) => c.check(sql`commitment ~ '^[0-9a-f]{64}$'`))
    .addColumn("sealed", "text")
    .execute();
  // A shot is a legacy one (number only), sealed (commitment and ciphertext), or revealed (commitment, number, salt).
  await db.schema
    .alterTable("yings")
    .addCheckConstraint(
      "yings_sealed_or_revealed",
      sql`(commitment is null and salt is null and sealed is null and number is not null)
        or (commitment is not null and (sealed is not null or (number is not null and salt is not null)))`,
    )
    .execute();
  // The draw, and the sweep that reveals the shots of rounds staff cancelled, find sealed shots by round.
  await db.schema
    .createIndex("yings_sealed")
    .on("yings")
    .column("round_id")
    .where(sql.raw<boolean>("sealed is not null"))
    .execute();
  await sql`update ying_chains set sum = 0`.execute(db);

  await db.schema.alterTable("lotto_rounds").addColumn("seed_sealed", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lotto_rounds").dropColumn("seed_sealed").execute();
  await db.schema.dropIndex("yings_sealed").execute();
  // Sealed shots cannot be put back as plain ones without the key: a round still open loses them.
  await sql`delete from yings where number is null`.execute(db);
  await db.schema.alterTable("yings").dropConstraint("yings_sealed_or_revealed").execute();
  for (const column of ["sealed", "commitment", "salt"]) {
    await db.schema.alterTable("yings").dropColumn(column).execute();
  }
  await sql`alter table yings alter column number set not null`.execute(db);
}
