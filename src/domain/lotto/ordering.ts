import type { LottoFamily } from "./options.ts";

/**
 * Round lists (docs/rules.md "Ordering"): yeekee, yeekee 5-minute and ping-pong by close time ascending; gov
 * and stock active rounds first, then close time ascending. The 4-digit lotteries are listed like gov and stock
 * (a few rounds a day, some of them closed, which the player should not have to scroll past).
 */

export interface OrderableRound {
  closeAt: Date;
  active: boolean;
  betType?: string;
}

/** docs/rules.md "Rounds and schedules": a round is open until its real close time passes. */
export function isRoundActive(closeAt: Date, now: Date): boolean {
  return now.getTime() < closeAt.getTime();
}

const byCloseTime = (a: OrderableRound, b: OrderableRound) =>
  a.closeAt.getTime() - b.closeAt.getTime() || (a.betType ?? "").localeCompare(b.betType ?? "");

export function activeFirst(family: LottoFamily): boolean {
  return family === "gov" || family === "stock" || family === "set4";
}

/** A new array in display order; ties on close time fall back to betType, so the order is always the same. */
export function orderRounds<T extends OrderableRound>(family: LottoFamily, rounds: readonly T[]): T[] {
  const first = activeFirst(family);
  return [...rounds].sort((a, b) => (first ? Number(b.active) - Number(a.active) : 0) || byCloseTime(a, b));
}
