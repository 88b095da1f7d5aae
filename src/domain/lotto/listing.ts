import { LOTTO_FAMILIES, type LottoFamily } from "./options.ts";
import { isRoundActive, orderRounds } from "./ordering.ts";

/**
 * How the app lists rounds and slips, the same on every page that shows them (the lotto lists, the shooting screen,
 * number sets): which round is open now, in what order, which slip may still be cancelled.
 */

/** What the round lists need of a round. */
export interface ListedRound {
  betId: number;
  betGroup: LottoFamily;
  betType: string;
  status: string;
  unixTimeStamp: { realCloseTime: number };
}

export function closeAtOf(round: ListedRound): Date {
  return new Date(round.unixTimeStamp.realCloseTime * 1000);
}

/** Open for betting now: status open and the real close time not passed (docs/rules.md "Rounds and schedules"). */
export function isOpenNow(round: ListedRound, now: number): boolean {
  return round.status === "open" && isRoundActive(closeAtOf(round), new Date(now));
}

/** A family's rounds in display order (ordering.ts), judged open or closed at `now`. */
export function orderedRounds<R extends ListedRound>(
  family: LottoFamily,
  rounds: readonly R[],
  now: number,
): R[] {
  const keyed = rounds.map((round) => ({
    round,
    closeAt: closeAtOf(round),
    active: isOpenNow(round, now),
    betType: round.betType,
  }));
  return orderRounds(family, keyed).map((k) => k.round);
}

export function isFamily(value: string): value is LottoFamily {
  return (LOTTO_FAMILIES as readonly string[]).includes(value);
}

/** The shooting families: only their rounds have a shooting screen (docs/results-api.md). */
export const SHOOTING_FAMILIES: readonly string[] = ["yeekee", "yeekee5Min"];

export function isShootingFamily(betGroup: string): boolean {
  return SHOOTING_FAMILIES.includes(betGroup);
}

/** Cancelling is offered while the server says the slip may be cancelled and its time has not passed. */
export function canCancel(
  poy: { status: string; cancellable: boolean; cancelUntil: string | null },
  now: number,
): boolean {
  if (poy.status !== "waiting" || !poy.cancellable || !poy.cancelUntil) return false;
  return now < new Date(poy.cancelUntil).getTime();
}
