import { randomBytes } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import {
  isValidServerSeed,
  type OriginalGameCode,
  serverSeedCommitment,
} from "../../../../src/domain/games/index.ts";
import type { DB, OriginalsSeedsTable } from "../../../db/schema.ts";
import { seal, unseal } from "../../lotto/drawSecrets.ts";

/**
 * Seed pairs (docs/games.md "LOTTOUP Originals", docs/games-fairness.md): per player and game, a server seed of
 * 32 random bytes, its SHA-256 commitment (published before any bet uses it), the player's client seed and the
 * next nonce. The server seed of an active pair is stored only sealed with drawSecrets' AES-256-GCM under a key
 * derived from DRAW_SEED_KEY (purpose "originals-seed", bound to the pair's game, player and commitment), so a
 * reader of the database or a backup cannot compute future outcomes. Rotation writes it in the clear: it is
 * revealed then.
 */

export type SeedRow = Selectable<OriginalsSeedsTable>;
export type Executor = Kysely<DB> | Transaction<DB>;

const SEED_PURPOSE = "originals-seed";
const TOKEN_PURPOSE = "originals-token";

const seedPlace = (game: string, player: string, commitment: string) =>
  `originals-seed:${game}:${player}:${commitment}`;

export interface SeedMaterial {
  serverSeed: string;
  commitment: string;
}

/** A fresh server seed and its commitment (computed before any transaction: Web Crypto is asynchronous). */
export async function newSeedMaterial(): Promise<SeedMaterial> {
  const serverSeed = randomBytes(32).toString("hex");
  return { serverSeed, commitment: await serverSeedCommitment(serverSeed) };
}

/** The client seed offered when the player names none: 16 hex digits (CLIENT_SEED_PATTERN allows them). */
export function randomClientSeed(): string {
  return randomBytes(8).toString("hex");
}

/** The active pair's server seed, or null when it cannot be opened (DRAW_SEED_KEY changed, row altered). */
export function openServerSeed(key: string, row: SeedRow): string | null {
  if (row.server_seed_sealed === null) return null;
  const seed = unseal(
    key,
    SEED_PURPOSE,
    seedPlace(row.game, row.player, row.commitment),
    row.server_seed_sealed,
  );
  return seed !== null && isValidServerSeed(seed) ? seed : null;
}

/** The game session token, sealed for the retry job (which must resend the same win or rollback). */
export function sealToken(key: string, roundId: string, token: string): string {
  return seal(key, TOKEN_PURPOSE, `originals-round:${roundId}`, token);
}

export function openToken(key: string, roundId: string, sealed: string | null): string | null {
  return sealed === null ? null : unseal(key, TOKEN_PURPOSE, `originals-round:${roundId}`, sealed);
}

function newRow(
  key: string,
  player: string,
  game: OriginalGameCode,
  clientSeed: string,
  material: SeedMaterial,
) {
  return {
    player,
    game,
    commitment: material.commitment,
    client_seed: clientSeed,
    server_seed_sealed: seal(
      key,
      SEED_PURPOSE,
      seedPlace(game, player, material.commitment),
      material.serverSeed,
    ),
  };
}

/** The player's active pair for the game, without a lock; null when there is none yet. */
export async function findActiveSeed(
  db: Executor,
  player: string,
  game: OriginalGameCode,
  forUpdate = false,
): Promise<SeedRow | null> {
  const query = db
    .selectFrom("originals_seeds")
    .selectAll()
    .where("player", "=", player)
    .where("game", "=", game)
    .where("revealed_at", "is", null);
  return (await (forUpdate ? query.forUpdate() : query).executeTakeFirst()) ?? null;
}

/** The active pair, created (with a random client seed) when the player has none; two first visits make one. */
export async function ensureActiveSeed(
  db: Kysely<DB>,
  key: string,
  player: string,
  game: OriginalGameCode,
): Promise<SeedRow> {
  const existing = await findActiveSeed(db, player, game);
  if (existing) return existing;
  const material = await newSeedMaterial();
  await db
    .insertInto("originals_seeds")
    .values(newRow(key, player, game, randomClientSeed(), material))
    .onConflict((oc) => oc.columns(["player", "game"]).where("revealed_at", "is", null).doNothing())
    .execute();
  const row = await findActiveSeed(db, player, game);
  if (!row) throw new Error("the active seed pair vanished as it was created");
  return row;
}

/**
 * Reveals `current` (locked by the caller) and makes a new active pair with `clientSeed`, in the caller's
 * transaction. The revealed seed is written in the clear and the sealed copy dropped.
 */
export async function rotateSeed(
  trx: Transaction<DB>,
  key: string,
  current: SeedRow,
  serverSeed: string,
  clientSeed: string,
  material: SeedMaterial,
): Promise<{ revealed: SeedRow; active: SeedRow }> {
  const revealed = await trx
    .updateTable("originals_seeds")
    .set({ revealed_at: new Date(), server_seed: serverSeed, server_seed_sealed: null })
    .where("id", "=", current.id)
    .where("revealed_at", "is", null)
    .returningAll()
    .executeTakeFirstOrThrow();
  const active = await trx
    .insertInto("originals_seeds")
    .values(newRow(key, current.player, current.game, clientSeed, material))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { revealed, active };
}
