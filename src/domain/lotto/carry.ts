import { isOpenNow, type ListedRound } from "./listing.ts";
import type { AnyOption } from "./options.ts";
import type { OptionLimit, Rates } from "./rates.ts";
import { applyRates, compareLines, type Slip, type SlipLine } from "./slip.ts";

/** What choosing the next round needs of a round. */
export interface CarryRound extends ListedRound {
  betName: string;
  market: string | null;
}

/**
 * The round a closed round's draft moves to: the open round of the same family that closes first. 4-digit
 * lotteries stay with their lottery (Lao to Lao) and stock rounds with their market.
 */
export function nextOpenRound<R extends CarryRound>(
  closed: CarryRound,
  candidates: readonly R[],
  now: number,
): R | null {
  let best: R | null = null;
  for (const r of candidates) {
    if (r.betId === closed.betId || r.betGroup !== closed.betGroup || !isOpenNow(r, now)) continue;
    if (closed.betGroup === "set4" && r.betName !== closed.betName) continue;
    if (closed.betGroup === "stock" && closed.market && r.market !== closed.market) continue;
    if (!best || r.unixTimeStamp.realCloseTime < best.unixTimeStamp.realCloseTime) best = r;
  }
  return best;
}

/**
 * The draft's lines as they stand in the new round: its rates apply (applyRates: a closed number is dropped, a
 * changed rate replaces the old), options the round does not offer are dropped, and each price keeps within the
 * new round's limits. Lines the target draft already has (same option and number) are not added twice.
 */
export function carryLines(
  from: Slip,
  into: Slip,
  round: { options: readonly AnyOption[]; rates: Rates; limits: Partial<Record<AnyOption, OptionLimit>> },
): { slip: Slip; carried: number; dropped: number } {
  const have = new Set(into.lines.map((l) => l.ref));
  const batchBase = into.lines.reduce((max, l) => Math.max(max, l.add), 0);
  const offered = from.lines.filter((l) => round.options.includes(l.option) && round.limits[l.option]);
  const rated = applyRates({ lines: offered }, round.rates).lines;
  const moved: SlipLine[] = [];
  for (const line of rated) {
    const limit = round.limits[line.option];
    if (!limit || have.has(line.ref)) continue;
    const price = line.price < limit.min ? limit.min : line.price > limit.max ? limit.max : line.price;
    moved.push({ ...line, add: batchBase + line.add, price, min: limit.min, max: limit.max });
  }
  const lines = [...into.lines, ...moved].sort(compareLines);
  return { slip: { lines }, carried: moved.length, dropped: from.lines.length - moved.length };
}
