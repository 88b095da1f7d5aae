import type { LottoFamily } from "../../domain/lotto/index.ts";
import { isRoundActive, LOTTO_FAMILIES, orderRounds } from "../../domain/lotto/index.ts";
import { formatCountdown } from "../wallet/format.ts";

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

/** Open for betting now: status open and the real close time not passed (SPEC.md section 4). */
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

/** "jp" -> 🇯🇵 (regional indicator letters); "" for anything that is not a two-letter code. */
export function flagEmoji(code: string | null | undefined): string {
  if (!code || !/^[a-z]{2}$/i.test(code)) return "";
  return [...code.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join("");
}

/** Cancelling is offered while the server says the slip may be cancelled and its time has not passed. */
export function canCancel(
  poy: { status: string; cancellable: boolean; cancelUntil: string | null },
  now: number,
): boolean {
  if (poy.status !== "waiting" || !poy.cancellable || !poy.cancelUntil) return false;
  return now < new Date(poy.cancelUntil).getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Time left as whole days and the rest ("2:03:05"), so a gov round 10 days away does not read "243:03:05". */
export function splitCountdown(ms: number): { days: number; rest: string } {
  const left = Math.max(0, ms);
  const days = Math.floor(left / DAY_MS);
  return { days, rest: formatCountdown(left - days * DAY_MS) };
}
