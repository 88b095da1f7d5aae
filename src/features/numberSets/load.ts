import {
  type AnyOption,
  carryLines,
  isClosedRate,
  isWellFormedNumber,
  lineRef,
  type OptionLimit,
  optionFromWire,
  optionWire,
  type Rates,
  rateFor,
  type Slip,
  type SlipLine,
} from "../../domain/lotto/index.ts";
import { bahtToSatang, satangToBaht } from "../../domain/money.ts";
import type { NumberSetLine } from "./numberSetsApi.ts";

/** Why a saved line did not go onto the slip (shown to the player, line by line). */
export type SkipReason = "notOffered" | "closed" | "duplicate";

export interface SkippedLine {
  option: string;
  number: string;
  reason: SkipReason;
}

/** What loading needs of a round: its options, rates and per-line limits (the builder's RoundBook has them). */
export interface RoundPricing {
  options: readonly AnyOption[];
  rates: Rates;
  limits: Partial<Record<AnyOption, OptionLimit>>;
}

/**
 * A number set's lines added to a round's slip as one new batch. Each line takes the round's rate now; its price
 * is the saved one held within the round's limits (a saved price that no longer reads starts at the minimum).
 * Lines whose option the round lacks, numbers closed there, and lines the slip already has are skipped and
 * reported. The merge itself is the carry rule the builder uses when a round closes (domain/lotto/carry.ts).
 */
export function loadSetInto(
  lines: readonly NumberSetLine[],
  into: Slip,
  round: RoundPricing,
): { slip: Slip; added: number; skipped: SkippedLine[] } {
  const have = new Set(into.lines.map((l) => l.ref));
  const skipped: SkippedLine[] = [];
  const candidates: SlipLine[] = [];
  for (const saved of lines) {
    const option = optionFromWire(saved.option);
    const limit = option ? round.limits[option] : undefined;
    const rate = option ? rateFor(round.rates, option, saved.number) : null;
    const skip = (reason: SkipReason) =>
      skipped.push({ option: option ? optionWire(option) : saved.option, number: saved.number, reason });
    if (
      !option ||
      !isWellFormedNumber(option, saved.number) ||
      !round.options.includes(option) ||
      !limit ||
      rate === null
    ) {
      skip("notOffered");
      continue;
    }
    if (isClosedRate(rate)) {
      skip("closed");
      continue;
    }
    const ref = lineRef(option, saved.number);
    if (have.has(ref)) {
      skip("duplicate");
      continue;
    }
    have.add(ref);
    candidates.push({
      ref,
      add: 1,
      option,
      number: saved.number,
      price: bahtToSatang(saved.price) ?? limit.min,
      min: limit.min,
      max: limit.max,
      multiply: rate,
    });
  }
  const { slip, carried } = carryLines({ lines: candidates }, into, round);
  return { slip, added: carried, skipped };
}

/** How many of a set's lines a round's options can take (a round fits when at least one does). */
export function fittingLines(lines: readonly NumberSetLine[], offered: readonly string[]): number {
  const wires = new Set(offered);
  return lines.filter((l) => {
    const option = optionFromWire(l.option);
    return option !== null && wires.has(optionWire(option));
  }).length;
}

/** A slip's lines (the builder's draft) as a number set's lines. */
export function slipAsSetLines(slip: Slip): NumberSetLine[] {
  return slip.lines.map((l) => ({
    option: optionWire(l.option),
    number: l.number,
    price: satangToBaht(l.price),
  }));
}

/** A placed slip's lines (wire options, baht prices) as a number set's lines. */
export function poyAsSetLines(
  lines: readonly { option: string; number: string; price: string }[],
): NumberSetLine[] {
  return lines.map((l) => ({ option: l.option, number: l.number, price: l.price }));
}
