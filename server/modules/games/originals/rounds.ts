import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type Kysely, type Selectable, sql } from "kysely";
import { type OriginalGameCode, SHOE_CARDS } from "../../../../src/domain/games/index.ts";
import type { DB, OriginalsRoundsTable } from "../../../db/schema.ts";
import { AppError } from "../../../http/errors.ts";
import { inTransaction } from "../../../kernel/db.ts";
import { BACCARAT, betJson, type OriginalsBet, playOutcome, positionPastCut, stakeOf } from "./outcomes.ts";
import { type Player, type PlayerDirectory, type PlayLocks, roundInProgress } from "./players.ts";
import {
  ensureActiveSeed,
  findActiveSeed,
  newSeedMaterial,
  openServerSeed,
  randomClientSeed,
  rotateSeed,
  type SeedRow,
  sealToken,
} from "./seeds.ts";
import { DEFINITIVE_BET_REFUSALS, type LottoupRefusal, type WalletClient } from "./walletClient.ts";

/**
 * A round of an Original, from the bet to the win (docs/games.md "LOTTOUP Originals"):
 *
 * 1. Reserve (one transaction, the seed pair's row locked): the round takes the pair's next nonce (baccarat: the
 *    shoe position) in state `bet_sent`. A pair has at most one bet in flight; the nonce is not yet consumed.
 * 2. Bet: the wallet's `bet` over HTTP, outside any transaction (the operator's wallet needs the database too).
 *    - A definitive refusal (not enough money, disabled, token expired ...): the round is `refused`, nothing is
 *      played, and the nonce stays for the next round.
 *    - No answer (timeout, network, UNKNOWN_ERROR, anything that is not the dialect's): the round is
 *      `rollback_pending`, a rollback referencing the bet is sent (and retried until acknowledged: retry.ts), the
 *      player is told nothing was played, and the nonce stays for the next round.
 * 3. Only now is the outcome computed, from the sealed server seed, the client seed and the nonce: an outcome
 *    exists only for a bet the wallet acknowledged. Recorded with the nonce consumed (one transaction): the round
 *    is `win_pending` and, for baccarat, a hand that brings out the cut card rotates the pair (reveals the seed).
 * 4. Win: the return (0 on a loss, roundClosed true) with a transaction id fixed at step 1; acknowledged, the round
 *    is `settled`; not acknowledged, it stays `win_pending` and the retry job resends the same win until it is.
 *
 * The nonce rule: a nonce is consumed when the outcome of an acknowledged bet is recorded, never before. A bet
 * refused or rolled back had no outcome computed, so giving its nonce to the next round shows nobody anything
 * they did not pay for; and since a pair has one bet in flight at a time, two paid rounds never share a nonce.
 */

export type RoundRow = Selectable<OriginalsRoundsTable>;

export interface OriginalsTiming {
  /** Per wallet call. */
  walletTimeoutMs: number;
  /** A `bet_sent` round older than this is the retry job's: it is rolled back (the play died mid-way). */
  betLeaseMs: number;
  /** A win or rollback being sent is leased this long before the job may send it again. */
  sendLeaseMs: number;
}

export interface OriginalsContext {
  db: Kysely<DB>;
  wallet: WalletClient;
  /** DRAW_SEED_KEY: seals server seeds and in-flight tokens. */
  drawKey: string;
  players: PlayerDirectory;
  locks: PlayLocks;
  timing: OriginalsTiming;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}

/** Seconds before a failed win or rollback is sent again, by attempts made; then every 10 minutes. */
const RETRY_DELAYS_SECONDS = [2, 5, 15, 60, 300];
export function retryDelaySeconds(attempts: number): number {
  return RETRY_DELAYS_SECONDS[Math.max(0, attempts - 1)] ?? 600;
}

/** now() + ms, on the database's clock (the job compares with it). */
export const fromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

const lockKey = (player: string, game: string) => `${player}\n${game}`;

// ---- Views -------------------------------------------------------------------------------------------------------

/** A pair's state as the page shows it: the commitment, the client seed, and where the next round plays. */
export function seedView(row: Pick<SeedRow, "game" | "commitment" | "client_seed" | "next_nonce">) {
  return row.game === BACCARAT
    ? {
        commitment: row.commitment,
        clientSeed: row.client_seed,
        shoePosition: row.next_nonce,
        cardsRemaining: SHOE_CARDS - row.next_nonce,
      }
    : { commitment: row.commitment, clientSeed: row.client_seed, nonce: row.next_nonce };
}

/** A revealed pair: with the seed, every round played on it can be recomputed. */
export function revealedView(row: SeedRow) {
  return {
    commitment: row.commitment,
    serverSeed: row.server_seed,
    clientSeed: row.client_seed,
    ...(row.game === BACCARAT ? { shoeEndPosition: row.next_nonce } : { rounds: row.next_nonce }),
    revealedAt: row.revealed_at?.toISOString() ?? null,
  };
}

/** The inputs a round's outcome is recomputed from (docs/games.md "Verifying an Original"). */
export function fairnessView(
  game: string,
  nonce: number,
  seed: { commitment: string; client_seed: string; server_seed: string | null },
) {
  return {
    commitment: seed.commitment,
    clientSeed: seed.client_seed,
    ...(game === BACCARAT ? { shoePosition: nonce } : { nonce }),
    serverSeed: seed.server_seed,
  };
}

// ---- Errors ------------------------------------------------------------------------------------------------------

function betRefusedError(status: LottoupRefusal, balance: bigint | null): AppError {
  const extra =
    balance === null ? { walletStatus: status } : { walletStatus: status, balance: String(balance) };
  switch (status) {
    case "NOT_ENOUGH_MONEY":
      return new AppError(409, "NOT_ENOUGH_MONEY", "Your balance is too low for this bet.", extra);
    case "USER_DISABLED":
      return new AppError(403, "USER_DISABLED", "This account may not play games.", extra);
    case "INVALID_TOKEN":
      return new AppError(
        401,
        "INVALID_TOKEN",
        "This game session is not valid. Please open the game again.",
        extra,
      );
    case "TOKEN_EXPIRED":
      return new AppError(
        401,
        "TOKEN_EXPIRED",
        "This game session has ended. Please open the game again.",
        extra,
      );
    case "WRONG_CURRENCY":
      return new AppError(
        409,
        "WRONG_CURRENCY",
        "This game is not played in your account's currency.",
        extra,
      );
    default:
      return new AppError(
        502,
        "WALLET_REFUSED",
        `The wallet refused the bet (${status}). Nothing was played.`,
        extra,
      );
  }
}

export function betNotConfirmed(): AppError {
  return new AppError(
    503,
    "BET_NOT_CONFIRMED",
    "The wallet did not confirm the bet, so nothing was played. Any amount taken is being returned to your balance.",
  );
}

function seedUnavailable(): AppError {
  return new AppError(
    503,
    "SEED_UNAVAILABLE",
    "This game's seed cannot be read right now. Nothing was played.",
  );
}

// ---- Sending a win or a rollback (the play and the retry job alike) ---------------------------------------------

/** Sends the round's win (its fixed transaction id); acknowledged, the round is settled. */
export async function sendWin(
  ctx: OriginalsContext,
  round: Pick<RoundRow, "id" | "player" | "game" | "bet_tx_id" | "win_tx_id" | "return_amount" | "attempts">,
  token: string,
): Promise<{ settled: boolean; balance: bigint | null }> {
  const outcome = await ctx.wallet.win({
    token,
    user: round.player,
    transactionId: round.win_tx_id,
    betTransactionId: round.bet_tx_id,
    roundId: round.id,
    gameCode: round.game,
    amount: round.return_amount ?? 0n,
    roundClosed: true,
  });
  if (outcome.kind === "ok") {
    await ctx.db
      .updateTable("originals_rounds")
      .set({
        state: "settled",
        balance_after_win: outcome.value.balance,
        closed_at: new Date(),
        updated_at: new Date(),
        token_sealed: null,
        last_error: null,
      })
      .where("id", "=", round.id)
      .where("state", "=", "win_pending")
      .execute();
    return { settled: true, balance: outcome.value.balance };
  }
  const error = outcome.kind === "refused" ? outcome.status : outcome.reason;
  ctx.log.warn({ roundId: round.id, error, attempts: round.attempts }, "originals win not acknowledged");
  await ctx.db
    .updateTable("originals_rounds")
    .set({
      last_error: error.slice(0, 500),
      next_attempt_at: fromNow(retryDelaySeconds(round.attempts) * 1000),
      updated_at: new Date(),
    })
    .where("id", "=", round.id)
    .where("state", "=", "win_pending")
    .execute();
  return { settled: false, balance: null };
}

/** Sends the round's rollback of its bet; acknowledged, the round is rolled back. */
export async function sendRollback(
  ctx: OriginalsContext,
  round: Pick<RoundRow, "id" | "player" | "game" | "bet_tx_id" | "rollback_tx_id" | "attempts">,
  token: string,
): Promise<boolean> {
  const outcome = await ctx.wallet.rollback({
    token,
    user: round.player,
    transactionId: round.rollback_tx_id,
    referenceTransactionId: round.bet_tx_id,
    roundId: round.id,
    gameCode: round.game,
  });
  if (outcome.kind === "ok") {
    await ctx.db
      .updateTable("originals_rounds")
      .set({ state: "rolled_back", closed_at: new Date(), updated_at: new Date(), token_sealed: null })
      .where("id", "=", round.id)
      .where("state", "=", "rollback_pending")
      .execute();
    return true;
  }
  const error = outcome.kind === "refused" ? outcome.status : outcome.reason;
  ctx.log.warn({ roundId: round.id, error, attempts: round.attempts }, "originals rollback not acknowledged");
  await ctx.db
    .updateTable("originals_rounds")
    .set({
      last_error: `rollback: ${error}`.slice(0, 500),
      next_attempt_at: fromNow(retryDelaySeconds(round.attempts) * 1000),
      updated_at: new Date(),
    })
    .where("id", "=", round.id)
    .where("state", "=", "rollback_pending")
    .execute();
  return false;
}

/** A bet whose answer never came: the round turns to `rollback_pending` and the rollback is sent once here. */
async function rollBackUnconfirmedBet(ctx: OriginalsContext, roundId: string, token: string, reason: string) {
  const round = await ctx.db
    .updateTable("originals_rounds")
    .set({
      state: "rollback_pending",
      attempts: 1,
      last_error: `bet: ${reason}`.slice(0, 500),
      next_attempt_at: fromNow(ctx.timing.sendLeaseMs),
      updated_at: new Date(),
    })
    .where("id", "=", roundId)
    .where("state", "=", "bet_sent")
    .returningAll()
    .executeTakeFirst();
  // Not there: the retry job already took the round over (the play outlived its lease) and rolls it back.
  if (round) await sendRollback(ctx, round, token);
}

// ---- Playing -----------------------------------------------------------------------------------------------------

export interface PlayAnswer {
  roundId: string;
  game: OriginalGameCode;
  state: "settled" | "win_pending";
  winPending: boolean;
  message?: string;
  bet: Record<string, unknown>;
  outcome: Record<string, unknown>;
  stake: string;
  return: string;
  balance: string;
  fairness: ReturnType<typeof fairnessView>;
  seed: ReturnType<typeof seedView>;
  revealed?: ReturnType<typeof revealedView>;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "23505";

/** One round of `bet` for `player` (whose game session token is `token`); see the file comment for the steps. */
export async function playRound(
  ctx: OriginalsContext,
  player: Player,
  token: string,
  bet: OriginalsBet,
): Promise<PlayAnswer> {
  const game = bet.game;
  return ctx.locks.run(lockKey(player.user, game), async () => {
    await ensureActiveSeed(ctx.db, ctx.drawKey, player.user, game);
    const roundId = randomUUID();
    const betTxId = randomUUID();
    const winTxId = randomUUID();
    const stake = stakeOf(bet);

    // 1. Reserve.
    let reserved: { seed: SeedRow; serverSeed: string };
    try {
      reserved = await inTransaction(ctx.db, async (trx) => {
        const seed = await findActiveSeed(trx, player.user, game, true);
        if (!seed) throw new Error("no active seed pair");
        const inFlight = await trx
          .selectFrom("originals_rounds")
          .select("id")
          .where("seed_id", "=", seed.id)
          .where("state", "=", "bet_sent")
          .executeTakeFirst();
        if (inFlight) throw roundInProgress();
        const serverSeed = openServerSeed(ctx.drawKey, seed);
        if (serverSeed === null) {
          ctx.log.error({ seedId: String(seed.id) }, "originals seed cannot be opened with DRAW_SEED_KEY");
          throw seedUnavailable();
        }
        if (game === BACCARAT && positionPastCut(seed.next_nonce))
          throw new Error("an active shoe is past its cut card");
        await trx
          .insertInto("originals_rounds")
          .values({
            id: roundId,
            player: player.user,
            game,
            seed_id: seed.id,
            nonce: seed.next_nonce,
            bet: JSON.stringify(betJson(bet)),
            outcome: null,
            stake,
            return_amount: null,
            bet_tx_id: betTxId,
            win_tx_id: winTxId,
            rollback_tx_id: randomUUID(),
            state: "bet_sent",
            refusal: null,
            last_error: null,
            token_sealed: sealToken(ctx.drawKey, roundId, token),
            balance_after_bet: null,
            balance_after_win: null,
            next_attempt_at: fromNow(ctx.timing.betLeaseMs),
            updated_at: new Date(),
            closed_at: null,
          })
          .execute();
        return { seed, serverSeed };
      });
    } catch (err) {
      // Another process holds this pair's one bet in flight.
      if (isUniqueViolation(err)) throw roundInProgress();
      throw err;
    }
    const { seed, serverSeed } = reserved;

    // 2. Bet.
    const betOutcome = await ctx.wallet.bet({
      token,
      user: player.user,
      transactionId: betTxId,
      roundId,
      gameCode: game,
      amount: stake,
    });
    if (betOutcome.kind === "refused" && DEFINITIVE_BET_REFUSALS.has(betOutcome.status)) {
      const refused = await ctx.db
        .updateTable("originals_rounds")
        .set({
          state: "refused",
          refusal: betOutcome.status,
          closed_at: new Date(),
          updated_at: new Date(),
          token_sealed: null,
        })
        .where("id", "=", roundId)
        .where("state", "=", "bet_sent")
        .returning("id")
        .executeTakeFirst();
      // The answer came after the play's lease: the retry job has rolled the bet back already (the wallet then
      // refuses the late bet as rolled back). Nothing was played either way.
      if (!refused) throw betNotConfirmed();
      if (["INVALID_TOKEN", "TOKEN_EXPIRED", "USER_DISABLED"].includes(betOutcome.status))
        ctx.players.forget(token);
      throw betRefusedError(betOutcome.status, betOutcome.balance);
    }
    if (betOutcome.kind !== "ok") {
      const reason = betOutcome.kind === "refused" ? betOutcome.status : betOutcome.reason;
      ctx.log.warn({ roundId, reason }, "originals bet not confirmed: rolling back");
      await rollBackUnconfirmedBet(ctx, roundId, token, reason);
      throw betNotConfirmed();
    }

    // 3. The outcome, now that the bet is paid; recorded with the nonce consumed.
    const result = await playOutcome(bet, serverSeed, seed.client_seed, seed.next_nonce);
    const material = result.shoeOver ? await newSeedMaterial() : null;
    const recorded = await inTransaction(ctx.db, async (trx) => {
      const current = await trx
        .selectFrom("originals_seeds")
        .selectAll()
        .where("id", "=", seed.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const round = await trx
        .updateTable("originals_rounds")
        .set({
          state: "win_pending",
          outcome: JSON.stringify(result.outcome),
          return_amount: result.returnSatang,
          balance_after_bet: betOutcome.value.balance,
          attempts: 1,
          next_attempt_at: fromNow(ctx.timing.sendLeaseMs),
          updated_at: new Date(),
        })
        .where("id", "=", roundId)
        .where("state", "=", "bet_sent")
        .returning(["id", "attempts"])
        .executeTakeFirst();
      // The play outlived its lease and the retry job is rolling the bet back: no outcome for this round.
      if (!round) return null;
      // One bet in flight per pair, and rotation waits for it: the pair cannot have moved.
      if (current.revealed_at !== null || current.next_nonce !== seed.next_nonce)
        throw new Error("the seed pair moved while a bet was in flight");
      const moved = await trx
        .updateTable("originals_seeds")
        .set({ next_nonce: result.nextNonce })
        .where("id", "=", seed.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const rotation = material
        ? await rotateSeed(trx, ctx.drawKey, moved, serverSeed, moved.client_seed, material)
        : null;
      return {
        attempts: round.attempts,
        next: rotation?.active ?? moved,
        revealed: rotation?.revealed ?? null,
      };
    });
    if (!recorded) throw betNotConfirmed();

    // 4. Win.
    const win = await sendWin(
      ctx,
      {
        id: roundId,
        player: player.user,
        game,
        bet_tx_id: betTxId,
        win_tx_id: winTxId,
        return_amount: result.returnSatang,
        attempts: recorded.attempts,
      },
      token,
    );
    const balance = win.settled && win.balance !== null ? win.balance : betOutcome.value.balance;
    return {
      roundId,
      game,
      state: win.settled ? "settled" : "win_pending",
      winPending: !win.settled,
      ...(win.settled
        ? {}
        : {
            message:
              result.returnSatang > 0n
                ? "Your win is being paid. It will reach your balance shortly."
                : "The round is being closed with the wallet.",
          }),
      bet: betJson(bet),
      outcome: result.outcome,
      stake: String(stake),
      return: String(result.returnSatang),
      balance: String(balance),
      fairness: fairnessView(game, seed.next_nonce, {
        commitment: seed.commitment,
        client_seed: seed.client_seed,
        server_seed: recorded.revealed?.server_seed ?? null,
      }),
      seed: seedView(recorded.next),
      ...(recorded.revealed ? { revealed: revealedView(recorded.revealed) } : {}),
    };
  });
}

// ---- Seeds and history -------------------------------------------------------------------------------------------

/** The player's active pair for the game (created on the first visit), checked to open with DRAW_SEED_KEY. */
export async function sessionSeed(ctx: OriginalsContext, player: Player, game: OriginalGameCode) {
  const seed = await ensureActiveSeed(ctx.db, ctx.drawKey, player.user, game);
  if (openServerSeed(ctx.drawKey, seed) === null) throw seedUnavailable();
  return seedView(seed);
}

/**
 * Reveals the active pair and starts a new one with `clientSeed` (a random one when none is given). Waits for a
 * round in flight in this process; another process's answers ROUND_IN_PROGRESS (its round's seed must stay secret
 * until its outcome is recorded).
 */
export async function rotateSeeds(
  ctx: OriginalsContext,
  player: Player,
  game: OriginalGameCode,
  clientSeed: string | undefined,
) {
  return ctx.locks.run(lockKey(player.user, game), async () => {
    await ensureActiveSeed(ctx.db, ctx.drawKey, player.user, game);
    const material = await newSeedMaterial();
    const { revealed, active } = await inTransaction(ctx.db, async (trx) => {
      const seed = await findActiveSeed(trx, player.user, game, true);
      if (!seed) throw new Error("no active seed pair");
      const inFlight = await trx
        .selectFrom("originals_rounds")
        .select("id")
        .where("seed_id", "=", seed.id)
        .where("state", "=", "bet_sent")
        .executeTakeFirst();
      if (inFlight) throw roundInProgress();
      const serverSeed = openServerSeed(ctx.drawKey, seed);
      if (serverSeed === null) throw seedUnavailable();
      return rotateSeed(trx, ctx.drawKey, seed, serverSeed, clientSeed ?? randomClientSeed(), material);
    });
    return { revealed: revealedView(revealed), seed: seedView(active) };
  });
}

/** The player's rounds of the game, newest first, each with what recomputes it (refused bets played nothing). */
export async function roundHistory(
  ctx: OriginalsContext,
  player: Player,
  game: OriginalGameCode,
  limit: number,
) {
  const rows = await ctx.db
    .selectFrom("originals_rounds as r")
    .innerJoin("originals_seeds as s", "s.id", "r.seed_id")
    .select([
      "r.id",
      "r.game",
      "r.state",
      "r.nonce",
      "r.bet",
      "r.outcome",
      "r.stake",
      "r.return_amount",
      "r.created_at",
      "r.closed_at",
      "s.commitment",
      "s.client_seed",
      "s.server_seed",
    ])
    .where("r.player", "=", player.user)
    .where("r.game", "=", game)
    .where("r.state", "<>", "refused")
    .orderBy("r.created_at", "desc")
    .orderBy("r.nonce", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    roundId: row.id,
    game: row.game,
    state: row.state,
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    bet: row.bet,
    outcome: row.outcome,
    stake: String(row.stake),
    return: row.return_amount === null ? null : String(row.return_amount),
    // A round rolled back (or still in flight) has no outcome: its nonce was given to the next round.
    fairness: row.outcome === null ? null : fairnessView(row.game, row.nonce, row),
  }));
}
