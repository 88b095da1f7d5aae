import {
  type BaccaratBetKind,
  baccaratShoe,
  type Card,
  type DiceDirection,
  dealHand,
  diceRoll,
  settleBaccarat,
  settleDice,
  siamFortuneSpin,
  slotReturnSatang,
  verifyServerSeed,
} from "../../domain/games/index.ts";
import type { RoundRecord } from "./api.ts";

/**
 * A round of the history checked in the browser with src/domain/games alone (docs/games.md "Verifying an
 * Original"): the revealed server seed against the commitment published before the round, then the outcome and
 * the return recomputed from the seeds, the nonce (baccarat: the shoe position) and the bet, and compared with what
 * the game server recorded. Nothing here asks the server anything.
 */

export type Verification =
  /** The seed pair is still in use: its server seed is secret until the player rotates it. */
  | { status: "sealed" }
  /** Rolled back (nothing was played): nothing to verify. */
  | { status: "none" }
  | { status: "verified" }
  | { status: "mismatch"; what: MismatchKind };

/** What did not match: the seed against its commitment, the outcome, or the amount returned. */
export type MismatchKind = "seed" | "outcome" | "return" | "record";

const sameCards = (a: readonly Card[], b: unknown) =>
  Array.isArray(b) &&
  a.length === b.length &&
  a.every((card, i) => {
    const other = b[i] as { rank?: unknown; suit?: unknown } | undefined;
    return other?.rank === card.rank && other?.suit === card.suit;
  });

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Recomputes a round from its record; any malformed record counts as a mismatch, never as verified. */
export async function verifyRound(round: RoundRecord): Promise<Verification> {
  const fairness = round.fairness;
  if (!fairness || round.outcome === null || round.return === null) return { status: "none" };
  if (!fairness.serverSeed) return { status: "sealed" };
  try {
    if (!(await verifyServerSeed(fairness.serverSeed, fairness.commitment)))
      return { status: "mismatch", what: "seed" };
    const recordedReturn = BigInt(round.return);
    const outcome = round.outcome as Record<string, unknown>;
    switch (round.game) {
      case "lottoup-baccarat": {
        const position = fairness.shoePosition;
        if (typeof position !== "number") return { status: "mismatch", what: "record" };
        const bet = round.bet as { bets: { kind: BaccaratBetKind; stake: string }[] };
        const bets = bet.bets.map((b) => ({ kind: b.kind, stakeSatang: BigInt(b.stake) }));
        const hand = dealHand(await baccaratShoe(fairness.serverSeed, fairness.clientSeed), position);
        if (
          !sameCards(hand.player, outcome.player) ||
          !sameCards(hand.banker, outcome.banker) ||
          hand.winner !== outcome.winner
        )
          return { status: "mismatch", what: "outcome" };
        const settled = settleBaccarat(bets, hand);
        return settled.totalReturnSatang === recordedReturn
          ? { status: "verified" }
          : { status: "mismatch", what: "return" };
      }
      case "lottoup-siam-fortune": {
        if (typeof fairness.nonce !== "number") return { status: "mismatch", what: "record" };
        const bet = round.bet as { totalBet: string };
        const spin = await siamFortuneSpin(fairness.serverSeed, fairness.clientSeed, fairness.nonce);
        if (
          !sameJson(spin.stops, outcome.stops) ||
          !sameJson(spin.window, outcome.window) ||
          spin.pay !== outcome.pay
        )
          return { status: "mismatch", what: "outcome" };
        return slotReturnSatang(BigInt(bet.totalBet), spin.pay) === recordedReturn
          ? { status: "verified" }
          : { status: "mismatch", what: "return" };
      }
      case "lottoup-dice": {
        if (typeof fairness.nonce !== "number") return { status: "mismatch", what: "record" };
        const bet = round.bet as { direction: DiceDirection; target: number; stake: string };
        const roll = await diceRoll(fairness.serverSeed, fairness.clientSeed, fairness.nonce);
        const result = settleDice(
          { direction: bet.direction, targetHundredths: bet.target, stakeSatang: BigInt(bet.stake) },
          roll,
        );
        if (roll !== outcome.rollHundredths || result.win !== outcome.win)
          return { status: "mismatch", what: "outcome" };
        return result.returnSatang === recordedReturn
          ? { status: "verified" }
          : { status: "mismatch", what: "return" };
      }
      default:
        return { status: "mismatch", what: "record" };
    }
  } catch {
    return { status: "mismatch", what: "record" };
  }
}
