import {
  type AnyOption,
  addBatch,
  type Batch,
  type Choice,
  FLAG_HELPERS,
  type FlagHelper,
  isOption,
  lineRef,
  type OptionLimit,
  optionDigits,
  type RateChange,
  type RateNow,
  type Rates,
  type Skipped,
  type Slip,
} from "../../domain/lotto/index.ts";

/** The builder's selection split into options and flags (toggleOption keeps them in one list). */
export function splitChoices(selected: readonly Choice[]): { options: AnyOption[]; flags: FlagHelper[] } {
  return {
    options: selected.filter((c): c is AnyOption => isOption(c)),
    flags: selected.filter((c): c is FlagHelper => (FLAG_HELPERS as readonly string[]).includes(c)),
  };
}

/** The longest number the offered options take: the number input's length. */
export function maxDigits(options: readonly AnyOption[]): number {
  return options.reduce((max, o) => Math.max(max, optionDigits(o)), 1);
}

/** Digits only, at most `max` of them (what the number input keeps of what is typed or pasted). */
export function cleanEntry(text: string, max: number): string {
  return text.replace(/\D/g, "").slice(0, max);
}

export interface EntryResult {
  slip: Slip;
  added: number;
  /** Lines not added because the number is closed (rate 0): shown to the player. */
  closed: Skipped[];
  /** Lines the slip already had. */
  duplicates: number;
}

/** Adds one batch to the slip; the skipped lines are sorted into what the player is told. */
export function addEntry(
  slip: Slip,
  batch: Batch,
  rates: Rates,
  limits: Partial<Record<AnyOption, OptionLimit>>,
): EntryResult {
  const result = addBatch(slip, { options: batch.options, numbers: batch.numbers, rates, limits });
  return {
    slip: result.slip,
    added: result.added,
    closed: result.skipped.filter((s) => s.reason === "closed" || s.reason === "unavailable"),
    duplicates: result.skipped.filter((s) => s.reason === "duplicate").length,
  };
}

/** The distinct numbers on the slip with how many lines each has (for "remove every line of a number"). */
export function numberCounts(slip: Slip): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of slip.lines) counts.set(line.number, (counts.get(line.number) ?? 0) + 1);
  return counts;
}

/** One line of a `409 RATE_CHANGED` answer (docs/lotto-api.md): the rate now, "0" and `closed` for a closed number. */
export interface AnsweredRateChange {
  option: AnyOption;
  number: string;
  to: string;
  closed: boolean;
}

/**
 * What a RATE_CHANGED refusal means for the slip, from the answer alone: the lines it names (from what the slip
 * shows, to the rate now) and the rates with those numbers' new rates first, so the slip re-confirmed with
 * `applyRates` and any line added afterwards both price at them. No second request for the rates.
 */
export function answeredChanges(
  slip: Slip,
  rates: Rates,
  answered: readonly AnsweredRateChange[],
): { list: RateChange[]; rates: Rates } {
  const list: RateChange[] = [];
  for (const change of answered) {
    const ref = lineRef(change.option, change.number);
    const line = slip.lines.find((l) => l.ref === ref);
    if (!line) continue;
    list.push({
      ref,
      option: change.option,
      number: change.number,
      from: line.multiply,
      to: change.closed ? "0" : change.to,
    });
  }
  const rateNow: RateNow[] = answered.map((c) => ({
    option: c.option,
    number: c.number,
    multiply: c.closed ? "0" : c.to,
  }));
  return { list, rates: { ...rates, rateNow: [...rateNow, ...(rates.rateNow ?? [])] } };
}
