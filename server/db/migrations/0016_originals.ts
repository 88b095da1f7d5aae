import { type Kysely, sql } from "kysely";

/**
 * LOTTOUP Originals, the provider side (docs/games.md "LOTTOUP Originals"). These tables are the provider's own
 * books: the wallet module never reads them, and the provider never reads the wallet's. A player is the `user`
 * string the operator's `authenticate` answers, nothing more.
 *
 * - originals_seeds: one seed pair per player and game at a time (the active one, revealed_at null). The server
 *   seed of an active pair is stored only sealed (AES-256-GCM under a key derived from DRAW_SEED_KEY, which is not
 *   in the database), beside its published commitment; the plaintext `server_seed` is written only when the pair
 *   is rotated, which is when it is revealed. `next_nonce` is, for the slot and dice, the nonce of the next round;
 *   for baccarat the shoe position the next hand starts at (the shoe itself is nonce 0).
 * - originals_rounds: one row per play. The nonce (or shoe position) is taken when the bet is sent and consumed
 *   only when the wallet acknowledged the bet and the outcome was recorded: so at most one round per seed pair is
 *   in flight (`bet_sent`), and a nonce is played at most once (the partial unique indexes below), while a bet
 *   refused or rolled back leaves its nonce to the next round (no outcome was ever computed for it).
 *   `token_sealed` keeps the game session token, sealed, only while money is in flight (the retry job needs it
 *   for the win or rollback it resends); it is cleared when the round closes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("originals_seeds")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("player", "text", (c) => c.notNull().check(sql`char_length(player) between 1 and 100`))
    .addColumn("game", "text", (c) =>
      c.notNull().check(sql`game in ('lottoup-baccarat', 'lottoup-siam-fortune', 'lottoup-dice')`),
    )
    .addColumn("commitment", "text", (c) => c.notNull().unique().check(sql`commitment ~ '^[0-9a-f]{64}$'`))
    .addColumn("client_seed", "text", (c) => c.notNull().check(sql`client_seed ~ '^[!-9;-~]{1,64}$'`))
    .addColumn("next_nonce", "integer", (c) => c.notNull().defaultTo(0).check(sql`next_nonce >= 0`))
    // Sealed while active; null once revealed.
    .addColumn("server_seed_sealed", "text")
    // Null while active; the revealed seed once rotated.
    .addColumn("server_seed", "text", (c) => c.check(sql`server_seed ~ '^[0-9a-f]{64}$'`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("revealed_at", "timestamptz")
    .addCheckConstraint(
      "originals_seeds_sealed_or_revealed",
      sql`(revealed_at is null and server_seed is null and server_seed_sealed is not null)
        or (revealed_at is not null and server_seed is not null and server_seed_sealed is null)`,
    )
    .execute();
  // One active pair per player and game; two first visits at once insert one (on conflict do nothing).
  await sql`create unique index originals_seeds_active on originals_seeds (player, game)
    where revealed_at is null`.execute(db);
  await sql`create index originals_seeds_player on originals_seeds (player, game, id desc)`.execute(db);

  await db.schema
    .createTable("originals_rounds")
    // Also the round id sent to the wallet (roundId).
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("player", "text", (c) => c.notNull())
    .addColumn("game", "text", (c) =>
      c.notNull().check(sql`game in ('lottoup-baccarat', 'lottoup-siam-fortune', 'lottoup-dice')`),
    )
    .addColumn("seed_id", "bigint", (c) => c.notNull().references("originals_seeds.id"))
    // The nonce (slot, dice) or shoe position (baccarat) the round is played at.
    .addColumn("nonce", "integer", (c) => c.notNull().check(sql`nonce >= 0`))
    // The player's choices; amounts in satang as decimal strings.
    .addColumn("bet", "jsonb", (c) => c.notNull())
    // Null until the wallet acknowledged the bet: no outcome exists for a refused or rolled-back round.
    .addColumn("outcome", "jsonb")
    .addColumn("stake", "bigint", (c) => c.notNull().check(sql`stake > 0`))
    .addColumn("return_amount", "bigint", (c) => c.check(sql`return_amount >= 0`))
    .addColumn("bet_tx_id", "uuid", (c) => c.notNull().unique())
    .addColumn("win_tx_id", "uuid", (c) => c.notNull().unique())
    .addColumn("rollback_tx_id", "uuid", (c) => c.notNull().unique())
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .check(
          sql`state in ('bet_sent', 'win_pending', 'settled', 'rollback_pending', 'rolled_back', 'refused')`,
        ),
    )
    // The wallet's status for a refused bet; the last failure of a retried win or rollback.
    .addColumn("refusal", "text")
    .addColumn("last_error", "text")
    .addColumn("token_sealed", "text")
    // Balances the wallet answered after the bet and after the win (satang).
    .addColumn("balance_after_bet", "bigint")
    .addColumn("balance_after_win", "bigint")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    // bet_sent: until then the play itself owns the round (after, the retry job rolls it back);
    // win_pending and rollback_pending: when the retry job next sends the win or the rollback.
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("closed_at", "timestamptz")
    .addCheckConstraint(
      "originals_rounds_outcome_when_played",
      sql`(state in ('win_pending', 'settled')) = (outcome is not null and return_amount is not null)`,
    )
    .addCheckConstraint(
      "originals_rounds_closed",
      sql`(state in ('settled', 'rolled_back', 'refused')) = (closed_at is not null)
        and (state not in ('settled', 'rolled_back', 'refused') or token_sealed is null)`,
    )
    .execute();
  // A nonce is played at most once per seed pair (a refused or rolled-back round played nothing).
  await sql`create unique index originals_rounds_nonce_once on originals_rounds (seed_id, nonce)
    where state in ('bet_sent', 'win_pending', 'settled')`.execute(db);
  // At most one bet in flight per seed pair: the nonce it holds cannot be handed to another round.
  await sql`create unique index originals_rounds_one_in_flight on originals_rounds (seed_id)
    where state = 'bet_sent'`.execute(db);
  await sql`create index originals_rounds_history on originals_rounds (player, game, created_at desc)`.execute(
    db,
  );
  await sql`create index originals_rounds_due on originals_rounds (next_attempt_at)
    where state in ('bet_sent', 'win_pending', 'rollback_pending')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("originals_rounds").execute();
  await db.schema.dropTable("originals_seeds").execute();
}
