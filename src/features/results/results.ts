// Imports stay off the schedule tables (src/domain/lotto/rounds.ts pulls in luxon): /results is a first visit for
// guests, and everything it needs of a round comes in the ResultView.
import { winningNumbers } from "../../domain/lotto/judge.ts";
import type { LottoFamily } from "../../domain/lotto/options.ts";
import type { ResultView } from "./resultsApi.ts";

/** The order families are shown in, as on /lotto (the 4-digit lotteries last). */
export const RESULT_FAMILIES: readonly LottoFamily[] = [
  "yeekee",
  "yeekee5Min",
  "pingpong",
  "gov",
  "stock",
  "set4",
];

/** How far back the date picker goes. */
export const RESULT_DAYS_BACK = 60;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Thailand keeps +07:00 all year: a Bangkok date is the UTC date of the instant plus 7 hours. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function bangkokToday(now: number): string {
  return new Date(now + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

/** `date` moved by whole days (calendar arithmetic, no time zone involved). */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The dates the picker offers: today (Bangkok) and the 60 days before it; never the future. */
export function dateBounds(today: string): { min: string; max: string } {
  return { min: shiftDate(today, -RESULT_DAYS_BACK), max: today };
}

/** A real yyyy-mm-dd within the picker's bounds (31 February is not a date). */
export function isPickableDate(value: unknown, today: string): value is string {
  if (typeof value !== "string" || !DATE.test(value)) return false;
  const parsed = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== value) return false;
  const { min, max } = dateBounds(today);
  return value >= min && value <= max;
}

export function roundNoOf(result: Pick<ResultView, "roundNo">): number | null {
  return result.roundNo ?? null;
}

/** The country flag (ISO code) the lotto list shows for a stock market or a 4-digit lottery. */
export function flagOf(result: Pick<ResultView, "flag">): string | null {
  return result.flag ?? null;
}

/**
 * Results in the order a player reads them: by family (RESULT_FAMILIES), newest date first, the rounds of a
 * yeekee or ping-pong family latest first, stock markets and 4-digit lotteries in the server's order (by close
 * time, as the lotto list). Families without results are left out.
 */
export function groupByFamily(items: readonly ResultView[]): { family: LottoFamily; items: ResultView[] }[] {
  // The server lists a family's rounds by close time, which is the lotto list's market order for stock and the
  // 4-digit lotteries; the sort is stable, so that order stays within a date.
  const compare = (a: ResultView, b: ResultView) => {
    if (a.dt !== b.dt) return a.dt < b.dt ? 1 : -1;
    if (a.betGroup === "stock" || a.betGroup === "set4") return 0;
    return (roundNoOf(b) ?? 0) - (roundNoOf(a) ?? 0);
  };
  return RESULT_FAMILIES.map((family) => ({
    family,
    items: items.filter((r) => r.betGroup === family).sort(compare),
  })).filter((group) => group.items.length > 0);
}

/** The numbers a 4-digit lottery's options are judged on (judge.ts winningNumbers), for showing the result. */
export function fourDigitNumbers(
  result: Pick<ResultView, "top3" | "bottom2" | "front3" | "back3" | "four">,
): { threeTop: string; threeFront: string; twoFront: string; twoBack: string } | null {
  if (!result.four || !result.top3 || !result.bottom2) return null;
  const won = winningNumbers({
    top3: result.top3,
    bottom2: result.bottom2,
    front3: result.front3 ?? [],
    back3: result.back3 ?? [],
    four: result.four,
  });
  const first = (list: string[]) => list[0] ?? "";
  return {
    threeTop: first(won.threeTop),
    threeFront: first(won.threeFront),
    twoFront: first(won.twoFront),
    twoBack: first(won.twoBack),
  };
}

/** A text field of the published payload (the first prize, the draw, the index close), if it has one. */
export function payloadText(result: Pick<ResultView, "payload">, key: string): string | null {
  const value = result.payload?.[key];
  return typeof value === "string" && value !== "" ? value : null;
}
