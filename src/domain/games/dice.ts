import { fairFloats } from "./fair.ts";

/**
 * LOTTOUP Dice (docs/games-fairness.md "Dice"): one provably fair roll from 0.00 to 99.99, a bet that it lands
 * under or over a target the player picks. Everything is whole numbers: rolls and targets in hundredths, win
 * chances in hundredths of a percent, multipliers in ten-thousandths, money in satang; so the RTP can be proved
 * to stay at or below 99% for every target and stake, not just on average over floats.
 */

/** The roll is one of 10,000 equally likely values, 0.00-99.99, kept as hundredths 0-9999. */
export const DICE_OUTCOMES = 10_000;
export const DICE_HOUSE_EDGE_PERCENT = 1;
export const DICE_RTP_PERCENT = 100 - DICE_HOUSE_EDGE_PERCENT;
/** Win chance bounds, in hundredths of a percent (1% to 95%). */
export const DICE_MIN_CHANCE_HUNDREDTHS = 100;
export const DICE_MAX_CHANCE_HUNDREDTHS = 9_500;
/** Stake bounds: 1 to 5,000 baht (at 1% chance a win pays 99×, so one roll returns at most 495,000 baht). */
export const DICE_MIN_BET_SATANG = 100n;
export const DICE_MAX_BET_SATANG = 500_000n;

/**
 * A roll from a float: floor(f × 10000) hundredths. 10,000 outcomes rather than 10,001 (0.00-100.00) so that a win
 * chance is a whole number of hundredths of a percent: "under 50.00" wins on exactly 5,000 of 10,000 rolls.
 */
export function diceRollFromFloat(f: number): number {
  if (!(f >= 0 && f < 1)) throw new RangeError("a float is in [0, 1)");
  return Math.floor(f * DICE_OUTCOMES);
}

/** The roll of a round: the first float of (server seed, client seed, nonce). */
export async function diceRoll(serverSeedHex: string, clientSeed: string, nonce: number): Promise<number> {
  const [f] = await fairFloats(serverSeedHex, clientSeed, nonce, 1);
  return diceRollFromFloat(f as number);
}

export type DiceDirection = "under" | "over";

export interface DiceBet {
  direction: DiceDirection;
  /** In hundredths: 5000 is 50.00. */
  targetHundredths: number;
  stakeSatang: bigint;
}

/**
 * The win chance in hundredths of a percent, which is also the number of winning rolls out of 10,000: "under X"
 * wins on rolls below X (X of them), "over X" on rolls above X (9999 - X of them); a roll equal to X loses.
 */
export function diceWinChance(direction: DiceDirection, targetHundredths: number): number {
  return direction === "under" ? targetHundredths : DICE_OUTCOMES - 1 - targetHundredths;
}

/** Whether a direction and target make a bet: a whole target whose win chance is 1%-95%. */
export function isValidDiceTarget(direction: DiceDirection, targetHundredths: number): boolean {
  if (direction !== "under" && direction !== "over") return false;
  if (!Number.isInteger(targetHundredths)) return false;
  const chance = diceWinChance(direction, targetHundredths);
  return chance >= DICE_MIN_CHANCE_HUNDREDTHS && chance <= DICE_MAX_CHANCE_HUNDREDTHS;
}

/**
 * The payout multiplier in ten-thousandths, as the player sees it (19800 is 1.9800×): 99% over the win chance,
 * rounded down, floor(99 × 10^6 / chance). Rounding down the shown number and paying exactly it means the shown
 * multiplier is never more than what is paid, and chance × multiplier never exceeds 99%.
 */
export function diceMultiplierTenThousandths(chanceHundredths: number): number {
  if (
    !Number.isInteger(chanceHundredths) ||
    chanceHundredths < DICE_MIN_CHANCE_HUNDREDTHS ||
    chanceHundredths > DICE_MAX_CHANCE_HUNDREDTHS
  )
    throw new RangeError("a win chance is 100-9500 hundredths of a percent");
  return Math.floor((DICE_RTP_PERCENT * 1_000_000) / chanceHundredths);
}

export type DiceBetProblem = "targetInvalid" | "belowMinimum" | "aboveMaximum";

/** The first problem with a dice bet, or null when it may be rolled. */
export function checkDiceBet(bet: DiceBet): DiceBetProblem | null {
  if (!isValidDiceTarget(bet.direction, bet.targetHundredths)) return "targetInvalid";
  if (typeof bet.stakeSatang !== "bigint" || bet.stakeSatang < DICE_MIN_BET_SATANG) return "belowMinimum";
  if (bet.stakeSatang > DICE_MAX_BET_SATANG) return "aboveMaximum";
  return null;
}

export interface DiceResult {
  rollHundredths: number;
  win: boolean;
  multiplierTenThousandths: number;
  /** floor(stake × multiplier / 10,000) on a win (the satang fraction stays with the house), 0 on a loss. */
  returnSatang: bigint;
}

/**
 * Settle a bet against a roll. Per stake s and chance c the RTP is c × floor(s × M / 10^4) / (10^4 × s) with
 * M = floor(99 × 10^6 / c), at most c × M / 10^8 ≤ 99%: both roundings only ever favour the house.
 */
export function settleDice(bet: DiceBet, rollHundredths: number): DiceResult {
  if (!isValidDiceTarget(bet.direction, bet.targetHundredths)) throw new RangeError("not a dice target");
  if (!Number.isInteger(rollHundredths) || rollHundredths < 0 || rollHundredths >= DICE_OUTCOMES)
    throw new RangeError("a roll is 0-9999 hundredths");
  const multiplierTenThousandths = diceMultiplierTenThousandths(
    diceWinChance(bet.direction, bet.targetHundredths),
  );
  const win =
    bet.direction === "under" ? rollHundredths < bet.targetHundredths : rollHundredths > bet.targetHundredths;
  return {
    rollHundredths,
    win,
    multiplierTenThousandths,
    returnSatang: win ? (bet.stakeSatang * BigInt(multiplierTenThousandths)) / 10_000n : 0n,
  };
}
