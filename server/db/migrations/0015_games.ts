import { type Kysely, sql } from "kysely";

/**
 * The games platform on a seamless wallet (docs/games.md "Data"): providers and their game lists, the lobby's
 * highlights and members' favourites, game sessions (launch tokens, stored as SHA-256 only), one row per money
 * callback (the idempotency record and its stored answer), what a win's rollback could not take (shortfalls, as
 * lotto_shortfalls), every callback as received and answered, and the lottoup dialect's replay cache.
 * LOTTOUP Originals' own tables are migration 0016 (the provider side), not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("game_providers")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique().check(sql`code ~ '^[a-z0-9][a-z0-9-]{0,39}$'`))
    .addColumn("name", "text", (c) => c.notNull())
    // null: the slug is listed (its page exists: docs/rules.md "Routes") but no provider is connected behind it.
    .addColumn("dialect", "text", (c) => c.check(sql`dialect in ('lottoup', 'hub88')`))
    // The Hub88 product (studio) a slug shows when it is served through Hub88.
    .addColumn("aggregator_product", "text")
    .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("categories", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("game_providers_enabled_connected", sql`not enabled or dialect is not null`)
    .execute();

  await db.schema
    .createTable("provider_games")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("provider_id", "integer", (c) => c.notNull().references("game_providers.id"))
    .addColumn("game_code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) =>
      c.notNull().check(sql`category in ('slots', 'table', 'live-casino', 'instant', 'sports')`),
    )
    // The studio behind an aggregator (Hub88's `product`); null for a provider's own games.
    .addColumn("product", "text")
    .addColumn("thumbnail_url", "text")
    .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("platforms", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("synced_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("provider_games_code_once", ["provider_id", "game_code"])
    .execute();
  await sql`create index provider_games_product on provider_games (product) where product is not null`.execute(
    db,
  );

  await db.schema
    .createTable("game_highlights")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("game_id", "bigint", (c) => c.notNull().unique().references("provider_games.id"))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active_from", "timestamptz")
    .addColumn("active_until", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "game_highlights_window",
      sql`active_from is null or active_until is null or active_from < active_until`,
    )
    .execute();

  await db.schema
    .createTable("game_favourites")
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("game_id", "bigint", (c) => c.notNull().references("provider_games.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("game_favourites_pk", ["member_id", "game_id"])
    .execute();

  // A launch: the token handed to the provider is random and stored only as its SHA-256; it is bound to the
  // member, the provider, the game and the login session (which ending ends the game session for bets).
  await db.schema
    .createTable("game_sessions")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id"))
    .addColumn("provider_id", "integer", (c) => c.notNull().references("game_providers.id"))
    .addColumn("game_code", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("THB"))
    .addColumn("platform", "text", (c) => c.notNull().check(sql`platform in ('desktop', 'mobile')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // Bets: 4 hours after the last callback (docs/games.md); wins and rollbacks never look at it.
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("closed_at", "timestamptz")
    .execute();
  await sql`create index game_sessions_member on game_sessions (member_id, id desc)`.execute(db);
  await sql`create index game_sessions_open on game_sessions (expires_at) where closed_at is null`.execute(
    db,
  );

  // One row per money callback, never changed: the idempotency record (unique per provider, member and the
  // provider's transaction id), the stored answer replays get, and the tombstone a rollback of an unknown
  // transaction leaves (kind null: what it would have been is unknown).
  await db.schema
    .createTable("game_transactions")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("provider_id", "integer", (c) => c.notNull().references("game_providers.id"))
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("provider_tx_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.check(sql`kind in ('bet', 'win', 'rollback', 'bonus')`))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('done', 'refused', 'tombstone')`))
    .addColumn("reference_tx_id", "text")
    .addColumn("round_id", "text")
    .addColumn("game_code", "text")
    .addColumn("game_session_id", "bigint")
    // Satang: a bet's stake, a win's payment, what a rollback put back (or asked back, for a win).
    .addColumn("amount", "bigint", (c) => c.notNull().defaultTo(0).check(sql`amount >= 0`))
    // The amount exactly as the provider wrote it (its own units), for reconciliation with its reports.
    .addColumn("provider_amount", "text")
    .addColumn("currency", "text")
    .addColumn("is_free", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("payload_hash", "text", (c) => c.check(sql`payload_hash ~ '^[0-9a-f]{64}$'`))
    // { code, balance }: what this transaction was answered (a replay gets it again).
    .addColumn("response", "jsonb")
    .addColumn("transfer_id", "bigint", (c) => c.references("ledger_transfers.id"))
    // A rollback that undid its reference (the one per referenced transaction; a later one moves nothing).
    .addColumn("reverses", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // Named so: the ledger's inTransaction retries a transaction that lost a race on it, and the retry finds
    // the winner's row.
    .addUniqueConstraint("game_transactions_idempotency_key", ["provider_id", "member_id", "provider_tx_id"])
    .addCheckConstraint(
      "game_transactions_tombstone_shape",
      sql`(state = 'tombstone') = (kind is null) and (state = 'tombstone') = (payload_hash is null)
          and (state = 'tombstone') = (response is null)`,
    )
    .addCheckConstraint("game_transactions_refused_moved_nothing", sql`state = 'done' or transfer_id is null`)
    .addCheckConstraint("game_transactions_reverses_rollback", sql`not reverses or kind = 'rollback'`)
    .execute();
  await sql`create unique index game_transactions_one_rollback
    on game_transactions (provider_id, member_id, reference_tx_id) where reverses`.execute(db);
  await sql`create index game_transactions_reference
    on game_transactions (provider_id, member_id, reference_tx_id) where reference_tx_id is not null`.execute(
    db,
  );
  await sql`create index game_transactions_member on game_transactions (member_id, id desc)`.execute(db);
  await sql`
    create function game_transactions_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'game_transactions is append-only';
    end $$`.execute(db);
  await sql`
    create trigger game_transactions_no_change before update or delete on game_transactions
    for each row execute function game_transactions_append_only()`.execute(db);

  // A win rolled back that the member's balance could not fully cover: the rollback took what was there
  // (never a negative balance) and the rest is recorded here for staff, exactly as lotto_shortfalls records a
  // reversed lotto win (staff recover it by hand: members.adjust, under four eyes).
  await db.schema
    .createTable("game_shortfalls")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    // The rollback that could not take it all.
    .addColumn("game_transaction_id", "bigint", (c) =>
      c.notNull().unique().references("game_transactions.id"),
    )
    .addColumn("provider_id", "integer", (c) => c.notNull().references("game_providers.id"))
    .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("taken", "bigint", (c) => c.notNull().check(sql`taken >= 0`))
    .addColumn("owed", "bigint", (c) => c.notNull().check(sql`owed > 0`))
    .addColumn("transfer_id", "bigint", (c) => c.references("ledger_transfers.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("game_shortfalls_sum", sql`taken + owed = amount`)
    .addCheckConstraint("game_shortfalls_taken_has_transfer", sql`(taken > 0) = (transfer_id is not null)`)
    .execute();

  // Every callback as it came and as it was answered (reconciliation with the provider's reports; 13 months).
  await db.schema
    .createTable("game_callbacks")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("provider_code", "text", (c) => c.notNull())
    .addColumn("call", "text", (c) => c.notNull())
    // The exact bytes received (a signature is over them; text could not hold every byte a caller may send).
    .addColumn("request_body", "bytea", (c) => c.notNull())
    .addColumn("signature", "text")
    .addColumn("signed_at", "text")
    .addColumn("verdict", "text", (c) =>
      // unchecked: refused before the signature could be read (a body over the limit), or we failed.
      c.notNull().check(sql`verdict in ('valid', 'missing', 'invalid', 'expired', 'replayed', 'unchecked')`),
    )
    .addColumn("member_id", "bigint")
    .addColumn("provider_tx_id", "text")
    .addColumn("http_status", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("response_body", "text", (c) => c.notNull())
    .addColumn("ms", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index game_callbacks_created on game_callbacks (created_at)`.execute(db);
  await sql`create index game_callbacks_tx on game_callbacks (provider_code, provider_tx_id)
    where provider_tx_id is not null`.execute(db);

  // The lottoup dialect's signatures seen in the last minutes: a captured request replayed is refused.
  await db.schema
    .createTable("game_callback_replays")
    .addColumn("provider_code", "text", (c) => c.notNull())
    .addColumn("signature", "text", (c) => c.notNull())
    .addColumn("signed_at", "timestamptz", (c) => c.notNull())
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("game_callback_replays_pk", ["provider_code", "signature"])
    .execute();
  await sql`create index game_callback_replays_received on game_callback_replays (received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("game_callback_replays").execute();
  await db.schema.dropTable("game_callbacks").execute();
  await db.schema.dropTable("game_shortfalls").execute();
  await sql`drop trigger if exists game_transactions_no_change on game_transactions`.execute(db);
  await sql`drop function if exists game_transactions_append_only()`.execute(db);
  await db.schema.dropTable("game_transactions").execute();
  await db.schema.dropTable("game_sessions").execute();
  await db.schema.dropTable("game_favourites").execute();
  await db.schema.dropTable("game_highlights").execute();
  await db.schema.dropTable("provider_games").execute();
  await db.schema.dropTable("game_providers").execute();
}
