import {
  BACCARAT_BET_KINDS,
  type BaccaratBet,
  type BaccaratBetKind,
  type BaccaratSlipProblem,
  checkBaccaratBets,
  checkDiceBet,
  checkSlotBet,
  type DiceBetProblem,
  type DiceDirection,
  type SlotBetProblem,
} from "../../domain/games/index.ts";
import { parseAmount } from "../../domain/wallet.ts";

/**
 * The checks a game page runs before sending a bet: the engines' own (checkBaccaratBets, checkSlotBet,
 * checkDiceBet, the very checks the game server runs) after reading the amounts typed, so a player hears what is
 * wrong before anything is sent, in the same words as the server's `BET_INVALID` problems (messages.ts).
 */

export type BetProblem = BaccaratSlipProblem | SlotBetProblem | DiceBetProblem | "amountInvalid";

/** Satang from a typed baht amount ("1,000", "12.50"); null when it is not an amount. */
export function stakeOf(input: string): bigint | null {
  const text = input.replaceAll(",", "").trim();
  if (text === "") return null;
  const satang = parseAmount(text);
  return satang === null || satang <= 0n ? null : satang;
}

export type BaccaratSlip = Partial<Record<BaccaratBetKind, string>>;

/** The bets of a slip (kinds with an amount), or the first problem and the kind it is on. */
export function baccaratBets(
  slip: BaccaratSlip,
): { bets: BaccaratBet[]; problem: null } | { problem: BetProblem; kind: BaccaratBetKind | null } {
  const bets: BaccaratBet[] = [];
  for (const kind of BACCARAT_BET_KINDS) {
    const text = slip[kind]?.trim() ?? "";
    if (text === "") continue;
    const stake = stakeOf(text);
    if (stake === null) return { problem: "amountInvalid", kind };
    bets.push({ kind, stakeSatang: stake });
  }
  const problem = checkBaccaratBets(bets);
  if (problem === null) return { bets, problem: null };
  const kind =
    problem === "belowMinimum" || problem === "aboveMaximum"
      ? (bets.find((bet) => checkBaccaratBets([bet]) !== null)?.kind ?? null)
      : null;
  return { problem, kind };
}

export function slotProblem(totalBet: bigint): BetProblem | null {
  return checkSlotBet(totalBet);
}

export function diceProblem(input: {
  stake: string;
  direction: DiceDirection;
  targetHundredths: number;
}): BetProblem | null {
  const stake = stakeOf(input.stake);
  if (stake === null) return "amountInvalid";
  return checkDiceBet({
    direction: input.direction,
    targetHundredths: input.targetHundredths,
    stakeSatang: stake,
  });
}

/** A dice target typed as "50.00" in hundredths (5000); null when it is not a number with at most 2 decimals. */
export function targetOf(input: string): number | null {
  const text = input.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, decimals = ""] = text.split(".");
  return Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
}

/** Hundredths as the player reads them: 5000 → "50.00". */
export const hundredths = (value: number) =>
  `${Math.floor(value / 100)}.${String(value % 100).padStart(2, "0")}`;
