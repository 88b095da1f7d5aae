import { applyMultiplier, compareDecimal, isDecimal, multiplyDecimals } from "./decimal.ts";
import { type AnyOption, isWellFormedNumber, type LottoFamily, OPTION_INFO } from "./options.ts";

/**
 * Rates, limits and restricted numbers (docs/rules.md "Rates, limits and restricted numbers", "Field names").
 * Multipliers are per 1 baht staked, as decimal strings (see decimal.ts); amounts are satang.
 *
 * Default rates keep the house margin near 10% of fair odds for a uniformly drawn number: 3-top 900 (fair 1000),
 * 2-digit 90 (fair 100), 3-front/3-back 450 (two numbers: fair 500), tode 150 (a number of three different digits
 * wins on 6 orderings: fair 1000/6 ≈ 166.7, and 0.9 × 166.7 = 150, the top of docs/rules.md's 120–150 range). The same
 * tode 150 is used for every family: the margin argument does not depend on the family. Runs keep the customary
 * 3.2 (top, wins 27.1% of draws) and 4.2 (bottom, 19%). The 4-digit lotteries follow the same 90% rule: 4-straight
 * 9000, 4-tode 375 (24 orderings), 3-straight and 3-front 900, 3-tode 150, 2-front and 2-back 90.
 */

export type RateTable = Partial<Record<AnyOption, string>>;

const FIVE_DIGIT_RATES: RateTable = {
  tengBon3: "900",
  tode3: "150",
  tengBon2: "90",
  tengLang2: "90",
  tengBon1: "3.2",
  tengLang1: "4.2",
};

export const DEFAULT_RATES: Readonly<Record<LottoFamily, RateTable>> = {
  yeekee: FIVE_DIGIT_RATES,
  yeekee5Min: FIVE_DIGIT_RATES,
  pingpong: FIVE_DIGIT_RATES,
  stock: FIVE_DIGIT_RATES,
  gov: { ...FIVE_DIGIT_RATES, tengBonNha3: "450", tengLang3: "450" },
  set4: {
    fourTop: "9000",
    fourTode: "375",
    threeTop: "900",
    threeTode: "150",
    threeFront: "900",
    twoFront: "90",
    twoBack: "90",
  },
};

export interface OptionLimit {
  /** betMin: the smallest stake, and where a new line's price starts. */
  min: bigint;
  /** The largest stake on one line (the round's betMax<Option>). */
  max: bigint;
}

const limit = (maxBaht: bigint): OptionLimit => ({ min: 100n, max: maxBaht * 100n });

/**
 * Default stake limits: 1 baht minimum everywhere; maxima chosen so that one line's payout at the default rate
 * stays within 1,000,000 baht (3-top: 1,000 × 900 = 900,000).
 */
export const DEFAULT_LIMITS: Readonly<Record<AnyOption, OptionLimit>> = {
  tengBon3: limit(1_000n),
  tode3: limit(5_000n),
  tengBonNha3: limit(2_000n),
  tengLang3: limit(2_000n),
  tengBon2: limit(10_000n),
  tengLang2: limit(10_000n),
  tengBon1: limit(50_000n),
  tengLang1: limit(50_000n),
  fourTop: limit(100n),
  fourTode: limit(2_000n),
  threeTop: limit(1_000n),
  threeTode: limit(5_000n),
  threeFront: limit(1_000n),
  twoFront: limit(10_000n),
  twoBack: limit(10_000n),
};

/** One entry of rateNow (docs/rules.md "Field names"): a number whose rate differs from the default. */
export interface RateNow {
  number: string;
  option: AnyOption;
  multiply: string;
}

export interface Rates {
  defaultRate: RateTable;
  rateNow?: readonly RateNow[];
}

/**
 * The key exposure and restrictions are counted on: option and number, with a tode number's digits sorted
 * (tode 123 ≡ tode 321, the same bet).
 */
export function exposureKey(option: AnyOption, number: string): string {
  const digits = OPTION_INFO[option].tode ? [...number].sort().join("") : number;
  return `${option}:${digits}`;
}

/**
 * The multiplier for one line: a rateNow entry for the same exposure key wins over the default. "0" means closed
 * (the slip skips it); null means the option has no rate here (not offered) or the number is malformed.
 */
export function rateFor(rates: Rates, option: AnyOption, number: string): string | null {
  if (!isWellFormedNumber(option, number)) return null;
  const key = exposureKey(option, number);
  const special = rates.rateNow?.find((r) => r.option === option && exposureKey(r.option, r.number) === key);
  const rate = special?.multiply ?? rates.defaultRate[option];
  return rate !== undefined && isDecimal(rate) ? rate : null;
}

/** Rates compare as numbers: "3.2" and "3.20" are the same rate. */
export function sameRate(a: string, b: string): boolean {
  return compareDecimal(a, b) === 0;
}

export function isClosedRate(rate: string): boolean {
  return compareDecimal(rate, "0") === 0;
}

/** The payout of a winning line: price × multiply in satang, rounded down (see applyMultiplier). */
export function winAmount(price: bigint, multiply: string): bigint {
  return applyMultiplier(price, multiply);
}

/**
 * An automatic tier: once exposure on a key is above `above` satang, the rate becomes base × `factor`
 * ("0.5" halves it, "0" closes the number).
 */
export interface RateTier {
  above: bigint;
  factor: string;
}

/**
 * Default tiers, on exposure measured as the payout the house would owe if the number won (the sum of
 * winAmount over accepted lines on the key): half rate above 200,000 baht, closed above 500,000 baht.
 */
export const DEFAULT_RATE_TIERS: readonly RateTier[] = [
  { above: 200_000_00n, factor: "0.5" },
  { above: 500_000_00n, factor: "0" },
];

/**
 * The rate offered on a key whose exposure (before the new bet) is `exposureSatang`: the tier with the highest
 * threshold strictly below the exposure applies; none applies at or under the first threshold. The product is
 * exact ("3.2" halved is "1.6"); a bet keeps the rate it was accepted at, so this only prices new bets.
 */
export function restrictedRate(
  baseMultiply: string,
  exposureSatang: bigint,
  tiers: readonly RateTier[],
): string {
  let applied: RateTier | null = null;
  for (const tier of tiers) {
    if (exposureSatang > tier.above && (applied === null || tier.above > applied.above)) applied = tier;
  }
  return applied ? multiplyDecimals(baseMultiply, applied.factor) : multiplyDecimals(baseMultiply, "1");
}
