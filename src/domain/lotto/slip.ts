import { type AnyOption, displayIndex, isWellFormedNumber } from "./options.ts";
import { isClosedRate, type OptionLimit, type Rates, rateFor, sameRate, winAmount } from "./rates.ts";

/**
 * The slip (poy) builder as pure state (docs/rules.md "Slips", "Helpers", "Conflicts"): lines added in batches, one line per option and
 * number. The same functions build the app's draft and check a slip on the server. Money in satang.
 */

export interface SlipLine {
  /** Stable within a slip: option and number (a slip has at most one line for them). */
  ref: string;
  /** The batch that added the line, 1, 2, 3 ... */
  add: number;
  option: AnyOption;
  number: string;
  price: bigint;
  min: bigint;
  max: bigint;
  /** The multiplier shown to the member, per 1 baht. */
  multiply: string;
}

export interface Slip {
  lines: readonly SlipLine[];
}

export const EMPTY_SLIP: Slip = { lines: [] };

export function lineRef(option: AnyOption, number: string): string {
  return `${option}:${number}`;
}

/** Display order: by option (fixed order), then number. */
export function compareLines(a: Pick<SlipLine, "option" | "number">, b: Pick<SlipLine, "option" | "number">) {
  return (
    displayIndex(a.option) - displayIndex(b.option) ||
    (a.number < b.number ? -1 : a.number > b.number ? 1 : 0)
  );
}

function sorted(lines: SlipLine[]): Slip {
  return { lines: lines.sort(compareLines) };
}

export type SkipReason =
  /** Rate 0: the number is closed in this round. */
  | "closed"
  /** No rate or no limit for the option here (not offered, or limits that admit no stake). */
  | "unavailable"
  /** The number does not have the option's digit count. */
  | "malformed"
  /** The slip already has this option and number; the existing line is kept. */
  | "duplicate";

export interface Skipped {
  option: AnyOption;
  number: string;
  reason: SkipReason;
}

export interface BatchRequest {
  options: readonly AnyOption[];
  numbers: readonly string[];
  rates: Rates;
  limits: Partial<Record<AnyOption, OptionLimit>>;
}

export interface BatchResult {
  slip: Slip;
  /** Lines added (0 leaves the slip unchanged and uses no batch index). */
  added: number;
  skipped: Skipped[];
}

function nextAdd(slip: Slip): number {
  return slip.lines.reduce((max, line) => Math.max(max, line.add), 0) + 1;
}

/**
 * Add one batch: a line for every option × number, with the next batch index, price at betMin, the rate now.
 * Skips (and reports) closed numbers, options without a rate or usable limit, malformed numbers and lines the
 * slip already has. A number repeated within the batch is added once, silently.
 */
export function addBatch(slip: Slip, request: BatchRequest): BatchResult {
  const add = nextAdd(slip);
  const refs = new Set(slip.lines.map((l) => l.ref));
  const lines: SlipLine[] = [];
  const skipped: Skipped[] = [];
  for (const option of new Set(request.options)) {
    for (const number of new Set(request.numbers)) {
      const ref = lineRef(option, number);
      const limit = request.limits[option];
      const multiply = rateFor(request.rates, option, number);
      // Options and numbers are sets here, so `refs` only ever holds lines already on the slip.
      if (!isWellFormedNumber(option, number)) skipped.push({ option, number, reason: "malformed" });
      else if (refs.has(ref)) skipped.push({ option, number, reason: "duplicate" });
      else if (multiply === null || !limit || limit.min <= 0n || limit.max < limit.min)
        skipped.push({ option, number, reason: "unavailable" });
      else if (isClosedRate(multiply)) skipped.push({ option, number, reason: "closed" });
      else
        lines.push({ ref, add, option, number, price: limit.min, min: limit.min, max: limit.max, multiply });
    }
  }
  if (lines.length === 0) return { slip, added: 0, skipped };
  return { slip: sorted([...slip.lines, ...lines]), added: lines.length, skipped };
}

export function removeLine(slip: Slip, ref: string): Slip {
  return { lines: slip.lines.filter((l) => l.ref !== ref) };
}

/** Every line of `number`, whatever its option. */
export function removeNumber(slip: Slip, number: string): Slip {
  return { lines: slip.lines.filter((l) => l.number !== number) };
}

/** Remove the lines of the latest batch still on the slip. */
export function undoLastBatch(slip: Slip): Slip {
  const last = nextAdd(slip) - 1;
  return { lines: slip.lines.filter((l) => l.add !== last) };
}

function clamp(price: bigint, line: SlipLine): bigint {
  return price < line.min ? line.min : price > line.max ? line.max : price;
}

/** Set one line's price, held within its min and max. */
export function setPrice(slip: Slip, ref: string, price: bigint): Slip {
  return { lines: slip.lines.map((l) => (l.ref === ref ? { ...l, price: clamp(price, l) } : l)) };
}

/** Set every line's price at once, each held within its own min and max. */
export function setAllPrices(slip: Slip, price: bigint): Slip {
  return { lines: slip.lines.map((l) => ({ ...l, price: clamp(price, l) })) };
}

/** What the line pays if it wins: price × multiply, rounded down to whole satang. */
export function potentialWin(line: Pick<SlipLine, "price" | "multiply">): bigint {
  return winAmount(line.price, line.multiply);
}

export interface SlipTotals {
  count: number;
  /** The sum of prices: what placing the slip debits. */
  stake: bigint;
  /** The sum of every line's potential win (an upper bound: lines of one option cannot all win). */
  potentialWin: bigint;
}

export function slipTotals(slip: Slip): SlipTotals {
  let stake = 0n;
  let win = 0n;
  for (const line of slip.lines) {
    stake += line.price;
    win += potentialWin(line);
  }
  return { count: slip.lines.length, stake, potentialWin: win };
}

export interface RateChange {
  ref: string;
  option: AnyOption;
  number: string;
  /** The rate on the line (what the member saw). */
  from: string;
  /** The rate now; "0" when the number closed, null when the option is no longer offered. */
  to: string | null;
}

/**
 * Lines whose rate is no longer the one on the line (docs/rules.md "Rates, limits and restricted numbers": the server refuses with the new rates and the
 * member re-confirms; it never silently pays less). Empty when every rate still holds.
 */
export function rateChanges(slip: Slip, rates: Rates): RateChange[] {
  const changes: RateChange[] = [];
  for (const line of slip.lines) {
    const to = rateFor(rates, line.option, line.number);
    if (to === null || !sameRate(to, line.multiply))
      changes.push({ ref: line.ref, option: line.option, number: line.number, from: line.multiply, to });
  }
  return changes;
}

/** The slip re-confirmed at the current rates: changed rates applied, closed and withdrawn lines dropped. */
export function applyRates(slip: Slip, rates: Rates): Slip {
  const lines: SlipLine[] = [];
  for (const line of slip.lines) {
    const to = rateFor(rates, line.option, line.number);
    if (to === null || isClosedRate(to)) continue;
    lines.push(sameRate(to, line.multiply) ? line : { ...line, multiply: to });
  }
  return { lines };
}
