import { fairFloats } from "./fair.ts";

/**
 * Siam Fortune, LOTTOUP's 5-reel, 3-row, 10-line video slot (docs/games-fairness.md "Siam Fortune"). Everything
 * that decides a spin is published here: the reel strips, the lines, the paytable and the rule for wilds, so its
 * return to player is a fact anyone can recompute exactly (exactRtp, exactPayDistribution), not a claim.
 *
 * Low volatility by design. Each strip cycles three classes of stops, jack-class, queen-class and king-class, so
 * every window shows one of each per reel; the 10 lines then rarely win together, which keeps the spread of one
 * spin's pay small (a standard deviation of about one total bet) while most spins pay something. The premium
 * symbols and the wild sit once or twice per reel inside those classes.
 */

export const SLOT_SYMBOLS = [
  "wild",
  "elephant",
  "tuktuk",
  "lotus",
  "mango",
  "ace",
  "king",
  "queen",
  "jack",
] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

const LETTERS: Record<string, SlotSymbol> = {
  W: "wild",
  E: "elephant",
  T: "tuktuk",
  L: "lotus",
  M: "mango",
  A: "ace",
  K: "king",
  Q: "queen",
  J: "jack",
};

/** The reel strips as published, one letter per stop (W wild, E elephant, T tuk-tuk, L lotus, M mango, A/K/Q/J). */
export const SIAM_FORTUNE_STRIP_LETTERS = [
  "JQWJQKEQKJQKJLKJQKJQKJQAJQKTQKJQKJMKJQK",
  "JMKJQWJQKEQKJQKJQAJQKJLKJQKJQWJQKTQKJQK",
  "TQKJQKJQWJQKJLKJQKJQAJQKEQKJQKJMKJQWJQK",
  "JQWJQKJLKJQKJQKJQWTQKJQKJMKJQKJQAJQKEQK",
  "JQKTQKJQKJQWJQKJMKEQKJQKJQKJQAJQKJLKJQK",
] as const;

export type SlotReels = readonly (readonly SlotSymbol[])[];

export const SIAM_FORTUNE_REELS: SlotReels = SIAM_FORTUNE_STRIP_LETTERS.map((strip) =>
  [...strip].map((letter) => LETTERS[letter] as SlotSymbol),
);

export const SLOT_REEL_COUNT = 5;
export const SLOT_ROW_COUNT = 3;

/** The 10 fixed lines, line 1 first: the row (0 top, 1 middle, 2 bottom) on each reel, left to right. */
export const SLOT_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
];
/** Every line is always played: total bet = line bet × 10. */
export const SLOT_LINE_COUNT = SLOT_LINES.length;

/** Pays in line bets for 3, 4 and 5 of a kind from the leftmost reel. */
export const SLOT_PAYTABLE: Record<SlotSymbol, readonly [number, number, number]> = {
  wild: [40, 150, 1000],
  elephant: [30, 80, 250],
  tuktuk: [25, 50, 150],
  lotus: [20, 40, 100],
  mango: [15, 30, 60],
  ace: [12, 20, 40],
  king: [10, 15, 20],
  queen: [8, 12, 15],
  jack: [6, 9, 12],
};

/** Published figures, each checked against the exact calculation by slot.test.ts. */
export const SIAM_FORTUNE_RTP_PERCENT = 95.73;
export const SIAM_FORTUNE_HIT_FREQUENCY_PERCENT = 68.32;
/** The largest pay of one spin, in total bets (all lines together). */
export const SIAM_FORTUNE_MAX_WIN_TOTAL_BETS = 107.4;

export interface SlotLineWin {
  /** 1-10, as SLOT_LINES lists them. */
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** In line bets. */
  pay: number;
}

function payFor(symbol: SlotSymbol, count: number): number {
  return count >= 3 ? (SLOT_PAYTABLE[symbol][count - 3] as number) : 0;
}

/**
 * What one line pays, reading its 5 symbols from the left. The wild stands for every other symbol: the line's
 * symbol is its first non-wild one, and its count is how many symbols from the left are that symbol or wild. Wilds
 * also pay on their own: a line starting with 3, 4 or 5 wilds pays the wild's own amount. A line pays only the
 * larger of the two (on equal amounts it is reported as the wild win), never both; null when neither pays.
 */
export function linePay(symbols: readonly SlotSymbol[]): Omit<SlotLineWin, "line"> | null {
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === "wild") wilds++;
  const wildPay = payFor("wild", wilds);
  let best: Omit<SlotLineWin, "line"> | null =
    wildPay > 0 ? { symbol: "wild", count: wilds, pay: wildPay } : null;
  if (wilds < symbols.length) {
    const symbol = symbols[wilds] as SlotSymbol;
    let count = wilds;
    while (count < symbols.length && (symbols[count] === symbol || symbols[count] === "wild")) count++;
    const pay = payFor(symbol, count);
    if (pay > wildPay) best = { symbol, count, pay };
  }
  return best;
}

/** The window shown for these stops: on each reel the symbols at stop, stop + 1, stop + 2 (wrapping), top down. */
export function windowAt(stops: readonly number[], reels: SlotReels = SIAM_FORTUNE_REELS): SlotSymbol[][] {
  return reels.map((strip, r) => {
    const stop = stops[r] as number;
    if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length)
      throw new RangeError("not a stop of the reel");
    return [0, 1, 2].map((row) => strip[(stop + row) % strip.length] as SlotSymbol);
  });
}

/** Every line's win in a window (window[reel][row]), line 1 first, and their sum in line bets. */
export function evaluateWindow(window: readonly (readonly SlotSymbol[])[]): {
  wins: SlotLineWin[];
  pay: number;
} {
  const wins: SlotLineWin[] = [];
  let pay = 0;
  for (const [i, rows] of SLOT_LINES.entries()) {
    const win = linePay(rows.map((row, reel) => window[reel]?.[row] as SlotSymbol));
    if (win) {
      wins.push({ line: i + 1, ...win });
      pay += win.pay;
    }
  }
  return { wins, pay };
}

export interface SlotSpin {
  stops: number[];
  window: SlotSymbol[][];
  wins: SlotLineWin[];
  /** The spin's total pay in line bets (the return is line bet × pay). */
  pay: number;
}

/** Floats one spin consumes: one per reel. */
export const SLOT_SPIN_FLOATS = SLOT_REEL_COUNT;

/** A spin from one float per reel: stop = floor(f × strip length), so every stop of a strip is equally likely. */
export function spinFromFloats(floats: readonly number[]): SlotSpin {
  if (floats.length < SLOT_SPIN_FLOATS) throw new RangeError(`a spin takes ${SLOT_SPIN_FLOATS} floats`);
  const stops = SIAM_FORTUNE_REELS.map((strip, r) => {
    const f = floats[r] as number;
    if (!(f >= 0 && f < 1)) throw new RangeError("a float is in [0, 1)");
    return Math.floor(f * strip.length);
  });
  const window = windowAt(stops);
  return { stops, window, ...evaluateWindow(window) };
}

/** The spin of a round: the first 5 floats of (server seed, client seed, nonce), i.e. cursor 0. */
export async function siamFortuneSpin(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
): Promise<SlotSpin> {
  return spinFromFloats(await fairFloats(serverSeedHex, clientSeed, nonce, SLOT_SPIN_FLOATS));
}

// ---- Exact figures -----------------------------------------------------------------------------------------------

/** A non-negative fraction in lowest terms. */
export interface Rational {
  numerator: bigint;
  denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

function rational(numerator: bigint, denominator: bigint): Rational {
  const g = gcd(numerator, denominator) || 1n;
  return { numerator: numerator / g, denominator: denominator / g };
}

/** A rational as the nearest double (for display; comparisons stay in bigint). */
export function rationalToNumber(r: Rational): number {
  // Scale first so that large numerators and denominators keep their precision.
  const scale = 10n ** 18n;
  return Number((r.numerator * scale) / r.denominator) / 1e18;
}

/**
 * The exact RTP (total pay over total bet, expected per spin). Each reel's stop is uniform and independent of the
 * others, and on a reel the symbol in any one row is distributed like the strip itself, so every line has the same
 * expected pay: the sum over all symbol sequences of line pay × the product of each symbol's count on its reel,
 * over the product of strip lengths. Ten lines at one line bet each make the RTP that line expectation.
 */
export function exactRtp(reels: SlotReels = SIAM_FORTUNE_REELS): Rational {
  const counts = reels.map((strip) => {
    const byCount = new Map<SlotSymbol, bigint>();
    for (const symbol of strip) byCount.set(symbol, (byCount.get(symbol) ?? 0n) + 1n);
    return [...byCount];
  });
  const denominator = reels.reduce((product, strip) => product * BigInt(strip.length), 1n);
  let numerator = 0n;
  const line: SlotSymbol[] = [];
  const visit = (reel: number, weight: bigint) => {
    if (reel === reels.length) {
      numerator += weight * BigInt(linePay(line)?.pay ?? 0);
      return;
    }
    for (const [symbol, count] of counts[reel] as [SlotSymbol, bigint][]) {
      line[reel] = symbol;
      visit(reel + 1, weight * count);
    }
  };
  visit(0, 1n);
  return rational(numerator, denominator);
}

/** One spin's total pay (in line bets) and how many of the denominator's equally likely stop combinations give it. */
export interface PayDistribution {
  denominator: bigint;
  ways: Map<number, bigint>;
}

/*
 * A line's progress after some reels, as one number: -1 once its run has ended (its pay is banked), else
 * base × 36 + wilds × 6 + count, with base 0 while the line holds only wilds and 1 + the symbol's index after.
 */
const ENDED = -1;
const SYMBOL_INDEX = new Map(SLOT_SYMBOLS.map((symbol, i) => [symbol, i]));

function endedPay(state: number): number {
  const base = Math.floor(state / 36);
  const wilds = Math.floor(state / 6) % 6;
  const count = state % 6;
  const wildPay = payFor("wild", wilds);
  return base === 0 ? wildPay : Math.max(wildPay, payFor(SLOT_SYMBOLS[base - 1] as SlotSymbol, count));
}

function advance(state: number, symbol: SlotSymbol): { state: number; banked: number } {
  const isWild = symbol === "wild";
  if (state === -2)
    return { state: isWild ? 1 * 6 + 1 : (1 + (SYMBOL_INDEX.get(symbol) as number)) * 36 + 1, banked: 0 };
  const base = Math.floor(state / 36);
  const wilds = Math.floor(state / 6) % 6;
  const count = state % 6;
  if (base === 0)
    return isWild
      ? { state: (wilds + 1) * 6 + count + 1, banked: 0 }
      : { state: (1 + (SYMBOL_INDEX.get(symbol) as number)) * 36 + wilds * 6 + count + 1, banked: 0 };
  if (isWild || SLOT_SYMBOLS[base - 1] === symbol) return { state: state + 1, banked: 0 };
  return { state: ENDED, banked: endedPay(state) };
}

// Only the game's own reels are kept: other reels (the tests') are computed afresh and not held on to.
let siamFortuneDistribution: PayDistribution | null = null;

/**
 * The exact distribution of one spin's total pay, over every combination of stops. The lines share the reels, so
 * their pays are not independent; a dynamic programme walks the reels left to right keeping, for each reachable
 * set of line progresses and pay already banked, how many stop combinations lead there (identical states merge,
 * which keeps a few thousand of them instead of 39^5 windows).
 */
export function exactPayDistribution(reels: SlotReels = SIAM_FORTUNE_REELS): PayDistribution {
  if (reels === SIAM_FORTUNE_REELS && siamFortuneDistribution) return siamFortuneDistribution;
  type State = { lines: number[]; banked: number; ways: bigint };
  let states = new Map<string, State>([["", { lines: SLOT_LINES.map(() => -2), banked: 0, ways: 1n }]]);
  const ways = new Map<number, bigint>();
  for (const [r, strip] of reels.entries()) {
    const columns = new Map<string, { column: SlotSymbol[]; ways: bigint }>();
    for (let stop = 0; stop < strip.length; stop++) {
      const column = [0, 1, 2].map((row) => strip[(stop + row) % strip.length] as SlotSymbol);
      const key = column.join();
      const seen = columns.get(key);
      if (seen) seen.ways += 1n;
      else columns.set(key, { column, ways: 1n });
    }
    const last = r === reels.length - 1;
    const next = new Map<string, State>();
    for (const state of states.values())
      for (const { column, ways: columnWays } of columns.values()) {
        let banked = state.banked;
        const lines = state.lines.map((progress, l) => {
          if (progress === ENDED) return ENDED;
          const step = advance(
            progress,
            column[(SLOT_LINES[l] as readonly number[])[r] as number] as SlotSymbol,
          );
          banked += step.banked;
          return step.state;
        });
        const combined = state.ways * columnWays;
        if (last) {
          for (const progress of lines) if (progress !== ENDED) banked += endedPay(progress);
          ways.set(banked, (ways.get(banked) ?? 0n) + combined);
          continue;
        }
        const key = `${lines.join()}|${banked}`;
        const seen = next.get(key);
        if (seen) seen.ways += combined;
        else next.set(key, { lines, banked, ways: combined });
      }
    states = next;
  }
  const denominator = reels.reduce((product, strip) => product * BigInt(strip.length), 1n);
  const distribution = { denominator, ways: new Map([...ways].sort(([a], [b]) => a - b)) };
  if (reels === SIAM_FORTUNE_REELS) siamFortuneDistribution = distribution;
  return distribution;
}

/** The probability that a spin pays anything at all (a win smaller than the bet counts). */
export function exactHitFrequency(reels: SlotReels = SIAM_FORTUNE_REELS): Rational {
  const { denominator, ways } = exactPayDistribution(reels);
  let hits = 0n;
  for (const [pay, n] of ways) if (pay > 0) hits += n;
  return rational(hits, denominator);
}

/**
 * The variance of one spin's pay in total bets (pay in line bets / 10): E[X²] - E[X]², exactly. Its square root is
 * the standard deviation that bounds how far a run of spins strays from the RTP.
 */
export function exactVariance(reels: SlotReels = SIAM_FORTUNE_REELS): Rational {
  const { denominator, ways } = exactPayDistribution(reels);
  let sum = 0n;
  let squares = 0n;
  for (const [pay, n] of ways) {
    sum += BigInt(pay) * n;
    squares += BigInt(pay) * BigInt(pay) * n;
  }
  const lines = BigInt(SLOT_LINE_COUNT);
  return rational(squares * denominator - sum * sum, lines * lines * denominator * denominator);
}

/** The largest total pay of one spin, in line bets. */
export function exactMaxPayLineBets(reels: SlotReels = SIAM_FORTUNE_REELS): number {
  return Math.max(...exactPayDistribution(reels).ways.keys());
}

// ---- Bets --------------------------------------------------------------------------------------------------------

/** Total bet from 1 to 1,000 baht; with the 107.4× top win one spin returns at most 107,400 baht. */
export const SLOT_MIN_TOTAL_BET_SATANG = 100n;
export const SLOT_MAX_TOTAL_BET_SATANG = 100_000n;

export type SlotBetProblem =
  /** The total bet does not split into 10 line bets of whole satang. */
  "notWholeLineBet" | "belowMinimum" | "aboveMaximum";

/** The first problem with a total bet, or null when it may be spun. */
export function checkSlotBet(totalBetSatang: bigint): SlotBetProblem | null {
  if (typeof totalBetSatang !== "bigint" || totalBetSatang < SLOT_MIN_TOTAL_BET_SATANG) return "belowMinimum";
  if (totalBetSatang > SLOT_MAX_TOTAL_BET_SATANG) return "aboveMaximum";
  if (totalBetSatang % BigInt(SLOT_LINE_COUNT) !== 0n) return "notWholeLineBet";
  return null;
}

/** What a spin returns in satang: line bet × pay in line bets, exactly (the total bet splits into whole line bets). */
export function slotReturnSatang(totalBetSatang: bigint, payLineBets: number): bigint {
  if (totalBetSatang % BigInt(SLOT_LINE_COUNT) !== 0n)
    throw new RangeError("the total bet splits into 10 line bets");
  if (!Number.isSafeInteger(payLineBets) || payLineBets < 0)
    throw new RangeError("a pay is a whole number of line bets");
  return (totalBetSatang / BigInt(SLOT_LINE_COUNT)) * BigInt(payLineBets);
}
