import { createHash } from "node:crypto";
import { hasUnsafeCharacter } from "../../../../src/domain/text.ts";
import { AppError } from "../../../http/errors.ts";
import type { WalletClient, WalletOutcome } from "./walletClient.ts";

/**
 * Who a game session token belongs to, as the operator's wallet says (`authenticate`): the provider knows a player
 * only as that `user` string. `session` always asks; plays reuse an answer for a few minutes (the wallet checks
 * the token again on every bet, and a refusal naming the token forgets it here), so a round costs the wallet a bet
 * and a win, not an authenticate as well. Only the token's SHA-256 is kept as the key.
 */

export interface Player {
  user: string;
  currency: string;
}

/** The currency every Originals limit and paytable is in. */
export const ORIGINALS_CURRENCY = "THB";

const PLAYER_TTL_MS = 5 * 60_000;
const MAX_CACHED_PLAYERS = 10_000;

const keyOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The error a failed authenticate (or a token refusal of a bet) answers the player. */
export function authenticationError(outcome: WalletOutcome<unknown>): AppError {
  if (outcome.kind === "unknown") {
    return new AppError(
      503,
      "WALLET_UNAVAILABLE",
      "The wallet cannot be reached right now. Please try again in a moment.",
    );
  }
  if (outcome.kind === "refused") {
    switch (outcome.status) {
      case "INVALID_TOKEN":
      case "INVALID_REQUEST":
        return new AppError(
          401,
          "INVALID_TOKEN",
          "This game session is not valid. Please open the game again.",
        );
      case "TOKEN_EXPIRED":
        return new AppError(401, "TOKEN_EXPIRED", "This game session has ended. Please open the game again.");
      case "USER_DISABLED":
        return new AppError(403, "USER_DISABLED", "This account may not play games.");
      default:
        return new AppError(502, "WALLET_REFUSED", `The wallet refused the request (${outcome.status}).`, {
          walletStatus: outcome.status,
        });
    }
  }
  return new AppError(502, "WALLET_REFUSED", "The wallet's answer was not understood.");
}

export class PlayerDirectory {
  readonly #wallet: WalletClient;
  readonly #cache = new Map<string, { player: Player; until: number }>();
  readonly #asking = new Map<string, Promise<{ player: Player; balance: bigint | null }>>();

  constructor(wallet: WalletClient) {
    this.#wallet = wallet;
  }

  /** The token's player (asking the wallet when `fresh` or not known), and the balance when the wallet was asked. */
  async resolve(token: string, fresh = false): Promise<{ player: Player; balance: bigint | null }> {
    const key = keyOf(token);
    const cached = this.#cache.get(key);
    if (!fresh && cached && cached.until > Date.now()) return { player: cached.player, balance: null };
    // Plays that arrive together for one token ask the wallet once.
    const asking = this.#asking.get(key);
    if (asking && !fresh) return asking;
    const ask = this.#authenticate(key, token).finally(() => {
      if (this.#asking.get(key) === ask) this.#asking.delete(key);
    });
    this.#asking.set(key, ask);
    return ask;
  }

  async #authenticate(key: string, token: string): Promise<{ player: Player; balance: bigint | null }> {
    const outcome = await this.#wallet.authenticate(token);
    if (outcome.kind !== "ok") {
      if (outcome.kind === "refused") this.#cache.delete(key);
      throw authenticationError(outcome);
    }
    const { user, currency, balance } = outcome.value;
    if (user.length === 0 || user.length > 100 || hasUnsafeCharacter(user)) {
      throw new AppError(502, "WALLET_REFUSED", "The wallet named no usable player.");
    }
    if (currency !== ORIGINALS_CURRENCY) {
      throw new AppError(
        409,
        "WRONG_CURRENCY",
        `LOTTOUP Originals are played in ${ORIGINALS_CURRENCY} only.`,
      );
    }
    const player = { user, currency };
    if (this.#cache.size >= MAX_CACHED_PLAYERS) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.delete(key);
    this.#cache.set(key, { player, until: Date.now() + PLAYER_TTL_MS });
    return { player, balance };
  }

  /** Forgets a token the wallet refused (invalid, expired, disabled). */
  forget(token: string): void {
    this.#cache.delete(keyOf(token));
  }
}

/**
 * One play at a time per player and game in this process: a second click, or a second tab, waits for the round
 * in flight instead of being refused (at most `maxWaiting` wait; more are refused). Across processes the database
 * guards the same rule (one bet in flight per seed pair), answering ROUND_IN_PROGRESS.
 */
export class PlayLocks {
  readonly #entries = new Map<string, { tail: Promise<void>; count: number }>();
  readonly #maxWaiting: number;

  constructor(maxWaiting = 4) {
    this.#maxWaiting = maxWaiting;
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const entry = this.#entries.get(key) ?? { tail: Promise.resolve(), count: 0 };
    if (entry.count > this.#maxWaiting) throw roundInProgress();
    entry.count++;
    this.#entries.set(key, entry);
    const previous = entry.tail;
    let release: () => void = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    entry.tail = previous.then(() => mine);
    try {
      await previous;
      return await work();
    } finally {
      release();
      entry.count--;
      if (entry.count === 0 && this.#entries.get(key) === entry) this.#entries.delete(key);
    }
  }
}

export function roundInProgress(): AppError {
  return new AppError(
    409,
    "ROUND_IN_PROGRESS",
    "A round of this game is still being played. Please wait for it to finish.",
  );
}
