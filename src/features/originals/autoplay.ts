import { ApiError } from "../../lib/api.ts";

/**
 * Autoplay (slot and dice): at most `rules.maxAutoplayRounds` rounds from one start (MAX_AUTOPLAY_ROUNDS, 100), one
 * round in flight at a time, and it stops on the first error, when the balance no longer covers the stake, and
 * when the player taps Stop (docs/games.md "LOTTOUP Originals").
 */

export type AutoplayEnd =
  /** Every round asked for was played. */
  | "done"
  /** The player tapped Stop. */
  | "stopped"
  /** The balance does not cover another round (or the wallet said NOT_ENOUGH_MONEY). */
  | "funds"
  /** Any other error: the page shows it. */
  | "error";

export interface AutoplayRun {
  played: number;
  end: AutoplayEnd;
  /** The error that stopped it ("error" or a refused "funds"). */
  error?: unknown;
}

/** The rounds an autoplay start may run: the number asked, within 1 and the game's maximum. */
export function autoplayRounds(asked: number, max: number): number {
  if (!Number.isFinite(asked)) return 1;
  return Math.min(Math.max(1, Math.floor(asked)), Math.max(1, max));
}

export interface AutoplayInput {
  rounds: number;
  max: number;
  /** The stake of one round, satang. */
  stake: bigint;
  /** The balance before the first round, satang. */
  balance: bigint;
  /** Plays one round; answers the balance after it, satang; rejects on any refusal. */
  play: () => Promise<bigint>;
  /** Whether Stop was tapped (read before every round). */
  stopRequested: () => boolean;
  /** Told after each round, so the page shows where the run stands. */
  onRound?: (played: number) => void;
}

/** Runs an autoplay to its end, one round after the other. */
export async function runAutoplay(input: AutoplayInput): Promise<AutoplayRun> {
  const rounds = autoplayRounds(input.rounds, input.max);
  let balance = input.balance;
  let played = 0;
  while (played < rounds) {
    if (input.stopRequested()) return { played, end: "stopped" };
    if (balance < input.stake) return { played, end: "funds" };
    try {
      balance = await input.play();
    } catch (error) {
      const funds = error instanceof ApiError && error.code === "NOT_ENOUGH_MONEY";
      return { played, end: funds ? "funds" : "error", error };
    }
    played += 1;
    input.onRound?.(played);
  }
  return { played, end: "done" };
}
