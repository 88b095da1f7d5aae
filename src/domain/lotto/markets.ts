/**
 * The markets and their schedules, as data (docs/rules.md "Rounds and schedules"): the interval families (yeekee,
 * yeekee 5-minute, ping-pong), the government lottery, the stock markets, the 4-digit lotteries and the Thai stock
 * names as displayed. The rules that turn them into rounds are rounds.ts's, which re-exports all of this, so
 * imports from rounds.ts (or the lotto index) keep working. All times are Asia/Bangkok (UTC+7 all year); a clock
 * time is "HH:mm" after the start of the round's date, and hours from 24 up mean the next day.
 */

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

/** Members keep shooting for about 2 minutes after betting closes (docs/rules.md "Yeekee shooting"). */
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
 * Thai stock names as they are often misspelt (by feeds, staff, older data) → as displayed (docs/rules.md "Stock
 * names": several Thai stock names are corrected in display). Applied to whole words inside longer names too.
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
