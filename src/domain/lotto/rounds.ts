import { DateTime } from "luxon";
import type { LottoFamily } from "./options.ts";

/**
 * Round schedules as data (DOMAIN.md "Rounds", SPEC.md section 9). All times are Asia/Bangkok (UTC+7 all year).
 * A clock time is "HH:mm" after the start of the round's date; hours from 24 up mean the next day ("26:30" is
 * 02:30 the day after), so a round that closes after midnight still belongs to the day it was sold on.
 *
 * betType names one round: `<kind>-<yyyy>-<mm>-<dd>-<nnn>` for the interval families (yeekee-2025-01-15-073,
 * yeekee5min-…-228, pingpong-…-019), `gov-<date>`, `stock-<market>-<date>`, `set4-<lottery>-<date>`. Splitting on
 * "-" and keeping the all-digit parts gives year, month, day, round: the 4th numeric part of SPEC.md section 9's
 * close-date rule is the round number. Kinds carry no digits of their own ("yeekee5min" is not all digits), and
 * Dow Jones keeps the spec's id "downjone".
 */

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

export type IntervalKind = "yeekee" | "yeekee5min" | "pingpong";

export interface IntervalSchedule {
  kind: IntervalKind;
  rounds: number;
  /** Round 1's close. */
  firstClose: string;
  everyMinutes: number;
  /** Result time after close: yeekee's shooting window, ping-pong's reveal. */
  resultDelayMinutes: number;
  th: string;
  en: string;
}

/** Members keep shooting for about 2 minutes after betting closes (DOMAIN.md). */
export const YEEKEE_SHOOTING_MINUTES = 2;

export const INTERVAL_SCHEDULES: Readonly<Record<"yeekee" | "yeekee5Min" | "pingpong", IntervalSchedule>> = {
  // 06:00 + (n−1)×15: round 72 at 23:45, 73 at 00:00 next day, 88 at 03:45.
  yeekee: {
    kind: "yeekee",
    rounds: 88,
    firstClose: "06:00",
    everyMinutes: 15,
    resultDelayMinutes: YEEKEE_SHOOTING_MINUTES,
    th: "ยี่กี",
    en: "Yeekee",
  },
  // 05:05 + (n−1)×5: round 227 at 23:55, 228 at 00:00 next day, 265 at 03:05.
  yeekee5Min: {
    kind: "yeekee5min",
    rounds: 265,
    firstClose: "05:05",
    everyMinutes: 5,
    resultDelayMinutes: YEEKEE_SHOOTING_MINUTES,
    th: "ยี่กี 5 นาที",
    en: "Yeekee 5 minutes",
  },
  // 06:00 + (n−1)×60: round 18 at 23:00, 19 at 00:00 next day, 22 at 03:00. The seed is revealed a minute after.
  pingpong: {
    kind: "pingpong",
    rounds: 22,
    firstClose: "06:00",
    everyMinutes: 60,
    resultDelayMinutes: 1,
    th: "ปิงปอง",
    en: "Ping-pong",
  },
};

/**
 * Government lottery: the 1st and 16th of every month. Betting closes 15:30, before the draw's last prizes
 * (the draw ends about 16:00); the result time 16:30 leaves staff time to enter and check the full result.
 * The GLO moves some draws (16 January to the 17th, 1 May to the 2nd …): staff move such a round by hand.
 */
export const GOV_SCHEDULE = {
  days: [1, 16],
  close: "15:30",
  result: "16:30",
  th: "รัฐบาลไทย",
  en: "Thai Government",
};

export interface StockMarket {
  id: string;
  th: string;
  en: string;
  /** ISO 3166-1 alpha-2, lowercase, for the flag image. */
  flag: string;
  /** Betting closes (Bangkok). */
  close: string;
  /** The result is due (Bangkok). */
  result: string;
  /** ISO weekdays the market trades, 1 = Monday … 7 = Sunday, as days of the round's date. */
  weekdays: readonly number[];
  /** Where and when (exchange local time) the index value used is taken; betting must close before it. */
  exchange: { zone: string; at: string };
}

const MON_FRI = [1, 2, 3, 4, 5];

/**
 * Stock rounds. Bangkok times are fixed all year; where the exchange keeps daylight saving (Egypt, Germany, UK,
 * US), betting closes before the earlier of the two possible closes and the result is due after the later one.
 * Exchange holidays are not modelled: staff cancel those rounds.
 */
export const STOCK_MARKETS: readonly StockMarket[] = [
  {
    id: "nikkei_am",
    th: "นิเคอิ เช้า",
    en: "Nikkei morning",
    flag: "jp",
    close: "09:00",
    result: "09:45",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Tokyo", at: "11:30" },
  },
  {
    id: "set_open_am",
    th: "หุ้นไทย เปิดเช้า",
    en: "Thai SET morning open",
    flag: "th",
    close: "09:45",
    result: "10:15",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Bangkok", at: "10:00" },
  },
  {
    id: "china_am",
    th: "จีน เช้า",
    en: "China morning",
    flag: "cn",
    close: "10:00",
    result: "10:45",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Shanghai", at: "11:30" },
  },
  {
    id: "hangseng_am",
    th: "ฮั่งเส็ง เช้า",
    en: "Hang Seng morning",
    flag: "hk",
    close: "10:30",
    result: "11:15",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Hong_Kong", at: "12:00" },
  },
  {
    id: "taiwan",
    th: "ไต้หวัน",
    en: "Taiwan",
    flag: "tw",
    close: "12:00",
    result: "12:45",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Taipei", at: "13:30" },
  },
  {
    id: "set_close_noon",
    th: "หุ้นไทย ปิดเที่ยง",
    en: "Thai SET midday close",
    flag: "th",
    close: "12:00",
    result: "12:45",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Bangkok", at: "12:30" },
  },
  {
    id: "nikkei_pm",
    th: "นิเคอิ บ่าย",
    en: "Nikkei afternoon",
    flag: "jp",
    close: "13:00",
    result: "13:45",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Tokyo", at: "15:30" },
  },
  {
    id: "korea",
    th: "เกาหลี",
    en: "Korea",
    flag: "kr",
    close: "13:00",
    result: "13:45",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Seoul", at: "15:30" },
  },
  {
    id: "china_pm",
    th: "จีน บ่าย",
    en: "China afternoon",
    flag: "cn",
    close: "13:30",
    result: "14:15",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Shanghai", at: "15:00" },
  },
  {
    id: "set_open_pm",
    th: "หุ้นไทย เปิดบ่าย",
    en: "Thai SET afternoon open",
    flag: "th",
    close: "14:15",
    result: "14:45",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Bangkok", at: "14:30" },
  },
  {
    id: "hangseng_pm",
    th: "ฮั่งเส็ง บ่าย",
    en: "Hang Seng afternoon",
    flag: "hk",
    close: "14:30",
    result: "15:30",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Hong_Kong", at: "16:10" },
  },
  {
    id: "singapore",
    th: "สิงคโปร์",
    en: "Singapore",
    flag: "sg",
    close: "15:30",
    result: "16:30",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Singapore", at: "17:05" },
  },
  {
    id: "set_close_pm",
    th: "หุ้นไทย ปิดเย็น",
    en: "Thai SET evening close",
    flag: "th",
    close: "16:00",
    result: "16:50",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Bangkok", at: "16:40" },
  },
  {
    id: "india",
    th: "อินเดีย",
    en: "India",
    flag: "in",
    close: "16:30",
    result: "17:30",
    weekdays: MON_FRI,
    exchange: { zone: "Asia/Kolkata", at: "15:30" },
  },
  {
    id: "egypt",
    th: "อียิปต์",
    en: "Egypt",
    flag: "eg",
    close: "18:00",
    result: "20:00",
    // The Egyptian Exchange trades Sunday to Thursday.
    weekdays: [7, 1, 2, 3, 4],
    exchange: { zone: "Africa/Cairo", at: "14:30" },
  },
  {
    id: "russia",
    th: "รัสเซีย",
    en: "Russia",
    flag: "ru",
    close: "22:00",
    result: "23:15",
    weekdays: MON_FRI,
    exchange: { zone: "Europe/Moscow", at: "18:50" },
  },
  {
    id: "germany",
    th: "เยอรมนี",
    en: "Germany",
    flag: "de",
    close: "22:00",
    result: "24:15",
    weekdays: MON_FRI,
    exchange: { zone: "Europe/Berlin", at: "17:35" },
  },
  {
    id: "uk",
    th: "อังกฤษ",
    en: "United Kingdom",
    flag: "gb",
    close: "22:00",
    result: "24:15",
    weekdays: MON_FRI,
    exchange: { zone: "Europe/London", at: "16:35" },
  },
  {
    // The round's date is the US trading day; betting closes 02:30 the next Bangkok day (the close-date rule's
    // "downjone"), before the 16:00 New York close (03:00 or 04:00 Bangkok).
    id: "downjone",
    th: "ดาวโจนส์",
    en: "Dow Jones",
    flag: "us",
    close: "26:30",
    result: "28:30",
    weekdays: MON_FRI,
    exchange: { zone: "America/New_York", at: "16:00" },
  },
];

/**
 * Thai stock names as they are often misspelt (by feeds, staff, older data) → as displayed (SPEC.md section 9:
 * "Several Thai stock names are corrected in display"). Applied to whole words inside longer names as well.
 */
export const THAI_STOCK_NAME_FIXES: Readonly<Record<string, string>> = {
  ฮังเส็ง: "ฮั่งเส็ง",
  ฮั้งเส็ง: "ฮั่งเส็ง",
  นิคเคอิ: "นิเคอิ",
  นิเคอิ้: "นิเคอิ",
  ใต้หวัน: "ไต้หวัน",
  สิงค์โปร์: "สิงคโปร์",
  สิงโปร์: "สิงคโปร์",
  อิยิปต์: "อียิปต์",
  อียิปส์: "อียิปต์",
  รัซเซีย: "รัสเซีย",
  เยอรมัน: "เยอรมนี",
  อังกฤต: "อังกฤษ",
  ดาวน์โจนส์: "ดาวโจนส์",
  ดาวโจน: "ดาวโจนส์",
  อินเดียร์: "อินเดีย",
};

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

export interface FourDigitLottery {
  id: "hanoi" | "lao" | "laosuper" | "malay";
  /** The create call's segment (issue 5: lotteries.{lao|lao-super|hanoy|malay}.create). */
  api: "hanoy" | "lao" | "lao-super" | "malay";
  th: string;
  en: string;
  flag: string;
  close: string;
  result: string;
  weekdays: readonly number[];
}

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/**
 * The 4-digit lotteries. Hanoi (XSMB) draws every day at 18:15 Vietnam time (= Bangkok time); Lao Development
 * draws Monday, Wednesday and Friday at 20:30; Lao Super is scheduled daily at 21:30; Malay follows Magnum 4D's
 * Wednesday, Saturday and Sunday draws at 19:00 Malaysia time (18:00 Bangkok). Betting closes 15–30 minutes
 * before each draw; results are due 15–30 minutes after it.
 */
export const FOUR_DIGIT_LOTTERIES: readonly FourDigitLottery[] = [
  {
    id: "hanoi",
    api: "hanoy",
    th: "ฮานอย",
    en: "Hanoi",
    flag: "vn",
    close: "18:00",
    result: "18:45",
    weekdays: EVERY_DAY,
  },
  {
    id: "malay",
    api: "malay",
    th: "มาเลย์",
    en: "Malay",
    flag: "my",
    close: "17:30",
    result: "18:30",
    weekdays: [3, 6, 7],
  },
  {
    id: "lao",
    api: "lao",
    th: "ลาว",
    en: "Lao",
    flag: "la",
    close: "20:00",
    result: "20:45",
    weekdays: [1, 3, 5],
  },
  {
    id: "laosuper",
    api: "lao-super",
    th: "ลาวซุปเปอร์",
    en: "Lao Super",
    flag: "la",
    close: "21:00",
    result: "21:45",
    weekdays: EVERY_DAY,
  },
];

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
 * SPEC.md section 9's rule as written: a day is added to the close date for yeekee types whose 4th numeric part
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
