import { DateTime } from "luxon";
import {
  FOUR_DIGIT_LOTTERIES,
  type FourDigitLottery,
  GOV_SCHEDULE,
  INTERVAL_SCHEDULES,
  type IntervalKind,
  STOCK_MARKETS,
  type StockMarket,
  THAI_STOCK_NAME_FIXES,
} from "./markets.ts";
import type { LottoFamily } from "./options.ts";

/**
 * Round schedules' rules (docs/rules.md "Rounds and schedules"): which rounds a family has on a day, their names,
 * close and result times, and the close-date rule. The markets themselves are data in markets.ts, re-exported here
 * so every import of this file keeps working. All times are Asia/Bangkok (UTC+7 all year). A clock time is
 * "HH:mm" after the start of the round's date; hours from 24 up mean the next day ("26:30" is 02:30 the day
 * after), so a round that closes after midnight still belongs to the day it was sold on.
 *
 * betType names one round: `<kind>-<yyyy>-<mm>-<dd>-<nnn>` for the interval families (yeekee-2025-01-15-073,
 * yeekee5min-…-228, pingpong-…-019), `gov-<date>`, `stock-<market>-<date>`, `set4-<lottery>-<date>`. Splitting on
 * "-" and keeping the all-digit parts gives year, month, day, round: the 4th numeric part of the close-date rule
 * (docs/rules.md "Close date") is the round number. Kinds carry no digits of their own ("yeekee5min" is not all
 * digits), and Dow Jones keeps the product's id "downjone".
 */

export * from "./markets.ts";

export const BANGKOK = "Asia/Bangkok";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function day(date: string): DateTime {
  const parsed = DATE.test(date) ? DateTime.fromISO(date, { zone: BANGKOK }) : null;
  if (!parsed?.isValid) throw new RangeError(`not a date (yyyy-mm-dd): ${JSON.stringify(date)}`);
  return parsed.startOf("day");
}

/** Minutes after the start of the round's date; "26:30" → 1590. */
export function clockMinutes(clock: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  const h = Number(match?.[1]);
  const m = Number(match?.[2]);
  if (!match || h > 47 || m > 59) throw new RangeError(`not a schedule time: ${JSON.stringify(clock)}`);
  return h * 60 + m;
}

// Bangkok keeps UTC+7 all year, so minutes after the day's start are plain milliseconds.
function at(start: DateTime, minutes: number): Date {
  return new Date(start.toMillis() + minutes * 60_000);
}

export function displayStockName(name: string): string {
  let out = name;
  // Longest first, so "ดาวน์โจนส์" is fixed before any shorter key inside it could match.
  const keys = Object.keys(THAI_STOCK_NAME_FIXES).sort((a, b) => b.length - a.length);
  for (const wrong of keys) {
    const right = THAI_STOCK_NAME_FIXES[wrong] as string;
    // A key that is a prefix of its own correction ("ดาวโจน" of "ดาวโจนส์") must not fire on the correct word.
    const lookahead = right.startsWith(wrong) ? `(?!${right.slice(wrong.length)})` : "";
    out = out.replace(new RegExp(`${wrong}${lookahead}`, "gu"), right);
  }
  return out;
}

export interface ScheduledRound {
  family: LottoFamily;
  betType: string;
  /** The round's date (Bangkok), yyyy-mm-dd: the day it is sold on. */
  date: string;
  name: string;
  nameEn: string;
  closeAt: Date;
  resultAt: Date;
  /** Interval families: 1 … rounds. */
  roundNo?: number;
  /** Stock: the market id; set4: the lottery id. */
  market?: string;
  flag?: string;
}

const pad3 = (n: number) => n.toString().padStart(3, "0");

/** Every round of `family` on a Bangkok date, by close time. */
export function roundsForDay(family: LottoFamily, date: string): ScheduledRound[] {
  const d = day(date);
  const iso = d.toISODate() as string;
  switch (family) {
    case "yeekee":
    case "yeekee5Min":
    case "pingpong": {
      const s = INTERVAL_SCHEDULES[family];
      const first = clockMinutes(s.firstClose);
      return Array.from({ length: s.rounds }, (_, i) => {
        const n = i + 1;
        const close = first + i * s.everyMinutes;
        return {
          family,
          betType: `${s.kind}-${iso}-${pad3(n)}`,
          date: iso,
          name: `${s.th} รอบที่ ${n}`,
          nameEn: `${s.en} round ${n}`,
          closeAt: at(d, close),
          resultAt: at(d, close + s.resultDelayMinutes),
          roundNo: n,
        };
      });
    }
    case "gov":
      if (!GOV_SCHEDULE.days.includes(d.day)) return [];
      return [
        {
          family,
          betType: `gov-${iso}`,
          date: iso,
          name: GOV_SCHEDULE.th,
          nameEn: GOV_SCHEDULE.en,
          closeAt: at(d, clockMinutes(GOV_SCHEDULE.close)),
          resultAt: at(d, clockMinutes(GOV_SCHEDULE.result)),
        },
      ];
    case "stock":
    case "set4": {
      const table: readonly (StockMarket | FourDigitLottery)[] =
        family === "stock" ? STOCK_MARKETS : FOUR_DIGIT_LOTTERIES;
      return table
        .filter((m) => m.weekdays.includes(d.weekday))
        .map((m) => ({
          family,
          betType: `${family}-${m.id}-${iso}`,
          date: iso,
          name: m.th,
          nameEn: m.en,
          closeAt: at(d, clockMinutes(m.close)),
          resultAt: at(d, clockMinutes(m.result)),
          market: m.id,
          flag: m.flag,
        }))
        .sort((a, b) => a.closeAt.getTime() - b.closeAt.getTime());
    }
  }
}

export interface ParsedBetType {
  family: LottoFamily;
  date: string;
  roundNo?: number;
  market?: string;
}

const KIND_FAMILY: Readonly<Record<IntervalKind, "yeekee" | "yeekee5Min" | "pingpong">> = {
  yeekee: "yeekee",
  yeekee5min: "yeekee5Min",
  pingpong: "pingpong",
};

/** The parts of a betType this module makes; null for anything else (unknown market, round out of range …). */
export function parseBetType(betType: string): ParsedBetType | null {
  const interval = /^(yeekee|yeekee5min|pingpong)-(\d{4}-\d{2}-\d{2})-(\d{3})$/.exec(betType);
  const gov = /^gov-(\d{4}-\d{2}-\d{2})$/.exec(betType);
  const listed = /^(stock|set4)-([a-z_]+)-(\d{4}-\d{2}-\d{2})$/.exec(betType);
  const valid = (date: string) => DATE.test(date) && DateTime.fromISO(date, { zone: BANGKOK }).isValid;
  if (interval) {
    const family = KIND_FAMILY[interval[1] as IntervalKind];
    const roundNo = Number(interval[3]);
    const date = interval[2] as string;
    if (!valid(date) || roundNo < 1 || roundNo > INTERVAL_SCHEDULES[family].rounds) return null;
    return { family, date, roundNo };
  }
  if (gov) return valid(gov[1] as string) ? { family: "gov", date: gov[1] as string } : null;
  if (listed) {
    const family = listed[1] as "stock" | "set4";
    const market = listed[2] as string;
    const date = listed[3] as string;
    const table: readonly { id: string }[] = family === "stock" ? STOCK_MARKETS : FOUR_DIGIT_LOTTERIES;
    if (!valid(date) || !table.some((m) => m.id === market)) return null;
    return { family, date, market };
  }
  return null;
}

/** The scheduled round a betType names, or null when it names none (e.g. a stock market on its day off). */
export function scheduledRound(betType: string): ScheduledRound | null {
  const parsed = parseBetType(betType);
  if (!parsed) return null;
  return roundsForDay(parsed.family, parsed.date).find((r) => r.betType === betType) ?? null;
}

/**
 * The close-date rule as the product states it (docs/rules.md "Close date"): a day is added to the close date for yeekee types whose 4th numeric part
 * is 73–88, yeekee 5-minute types 228–265, ping-pong 19–22, and any type containing "downjone".
 */
export function addsCloseDay(betType: string): boolean {
  if (betType.includes("downjone")) return true;
  const parts = betType.split("-");
  const numeric = parts.filter((p) => /^\d+$/.test(p));
  const n = Number(numeric[3] ?? Number.NaN);
  switch (parts[0]) {
    case "yeekee":
      return n >= 73 && n <= 88;
    case "yeekee5min":
      return n >= 228 && n <= 265;
    case "pingpong":
      return n >= 19 && n <= 22;
    default:
      return false;
  }
}

/** The Bangkok date a round closes on, from its betType and its round date (yyyy-mm-dd). */
export function closeDateOf(betType: string, roundDate: string): string {
  const d = day(roundDate);
  return (addsCloseDay(betType) ? d.plus({ days: 1 }) : d).toISODate() as string;
}

/** The Bangkok date of an instant. */
export function bangkokDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: BANGKOK }).toISODate() as string;
}
