import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { LOTTO_FAMILIES } from "./options.ts";
import {
  addsCloseDay,
  BANGKOK,
  bangkokDate,
  clockMinutes,
  closeDateOf,
  displayStockName,
  FOUR_DIGIT_LOTTERIES,
  INTERVAL_SCHEDULES,
  parseBetType,
  roundsForDay,
  STOCK_MARKETS,
  scheduledRound,
  THAI_STOCK_NAME_FIXES,
} from "./rounds.ts";

const bkk = (date: Date) => DateTime.fromJSDate(date, { zone: BANGKOK }).toFormat("yyyy-MM-dd HH:mm");
const closes = (family: "yeekee" | "yeekee5Min" | "pingpong", date: string) =>
  roundsForDay(family, date).map((r) => bkk(r.closeAt));

describe("interval families", () => {
  it("yeekee: 88 rounds, round n closes 06:00 + (n−1)×15 min, the last at 03:45 next day", () => {
    const c = closes("yeekee", "2025-01-15");
    expect(c).toHaveLength(88);
    expect([c[0], c[1], c[71], c[72], c[87]]).toEqual([
      "2025-01-15 06:00",
      "2025-01-15 06:15",
      "2025-01-15 23:45",
      "2025-01-16 00:00",
      "2025-01-16 03:45",
    ]);
  });

  it("yeekee 5 minutes: 265 rounds from 05:05 every 5 min, the last at 03:05", () => {
    const c = closes("yeekee5Min", "2025-01-15");
    expect(c).toHaveLength(265);
    expect([c[0], c[226], c[227], c[264]]).toEqual([
      "2025-01-15 05:05",
      "2025-01-15 23:55",
      "2025-01-16 00:00",
      "2025-01-16 03:05",
    ]);
  });

  it("ping-pong: 22 rounds from 06:00 every hour, the last at 03:00", () => {
    const c = closes("pingpong", "2025-01-15");
    expect(c).toHaveLength(22);
    expect([c[0], c[17], c[18], c[21]]).toEqual([
      "2025-01-15 06:00",
      "2025-01-15 23:00",
      "2025-01-16 00:00",
      "2025-01-16 03:00",
    ]);
  });

  it("names rounds yeekee-<date>-<nnn> with results after the shooting window", () => {
    const [first] = roundsForDay("yeekee", "2025-01-15");
    expect(first).toMatchObject({
      family: "yeekee",
      betType: "yeekee-2025-01-15-001",
      date: "2025-01-15",
      name: "ยี่กี รอบที่ 1",
      nameEn: "Yeekee round 1",
      roundNo: 1,
    });
    expect(first?.closeAt.toISOString()).toBe("2025-01-14T23:00:00.000Z");
    expect(first?.resultAt.toISOString()).toBe("2025-01-14T23:02:00.000Z");
    expect(roundsForDay("yeekee5Min", "2025-01-15")[227]?.betType).toBe("yeekee5min-2025-01-15-228");
    expect(roundsForDay("pingpong", "2025-01-15")[18]?.betType).toBe("pingpong-2025-01-15-019");
    expect(INTERVAL_SCHEDULES.pingpong.rounds).toBe(22);
  });
});

describe("close-date rule (docs/rules.md 'Close date')", () => {
  const yk = (n: string) => `yeekee-2025-01-15-${n}`;
  const y5 = (n: string) => `yeekee5min-2025-01-15-${n}`;
  const pp = (n: string) => `pingpong-2025-01-15-${n}`;

  it("yeekee: 4th numeric part 73–88 adds a day (72/73, 88)", () => {
    expect(addsCloseDay(yk("072"))).toBe(false);
    expect(addsCloseDay(yk("073"))).toBe(true);
    expect(addsCloseDay(yk("088"))).toBe(true);
    expect(addsCloseDay(yk("089"))).toBe(false);
    expect(addsCloseDay(yk("001"))).toBe(false);
  });

  it("yeekee 5 minutes: 228–265 (227/228, 265)", () => {
    expect(addsCloseDay(y5("227"))).toBe(false);
    expect(addsCloseDay(y5("228"))).toBe(true);
    expect(addsCloseDay(y5("265"))).toBe(true);
    expect(addsCloseDay(y5("266"))).toBe(false);
    expect(addsCloseDay(y5("073"))).toBe(false); // yeekee's range does not apply to the 5-minute kind
  });

  it("ping-pong: 19–22 (18/19, 22)", () => {
    expect(addsCloseDay(pp("018"))).toBe(false);
    expect(addsCloseDay(pp("019"))).toBe(true);
    expect(addsCloseDay(pp("022"))).toBe(true);
    expect(addsCloseDay(pp("023"))).toBe(false);
    expect(addsCloseDay(pp("073"))).toBe(false);
  });

  it("any type containing downjone", () => {
    expect(addsCloseDay("stock-downjone-2025-01-15")).toBe(true);
    expect(addsCloseDay("downjone")).toBe(true);
    expect(addsCloseDay("stock-uk-2025-01-15")).toBe(false);
    expect(addsCloseDay("gov-2025-01-16")).toBe(false);
  });

  it("adds the day across month and year ends", () => {
    expect(closeDateOf(yk("073"), "2025-01-31")).toBe("2025-02-01");
    expect(closeDateOf(y5("265"), "2024-12-31")).toBe("2025-01-01");
    expect(closeDateOf(pp("019"), "2024-02-28")).toBe("2024-02-29");
    expect(closeDateOf(yk("072"), "2025-01-31")).toBe("2025-01-31");
    expect(closeDateOf("stock-downjone-2025-01-17", "2025-01-17")).toBe("2025-01-18");
    expect(() => closeDateOf(yk("073"), "2025-02-30")).toThrow(RangeError);
  });

  it("agrees with the schedule: every round closes on its close date", () => {
    const dates = ["2024-12-31", "2025-01-01", "2025-01-16", "2025-01-17", "2025-01-19", "2025-07-16"];
    let checked = 0;
    for (const family of LOTTO_FAMILIES)
      for (const date of dates)
        for (const round of roundsForDay(family, date)) {
          expect(closeDateOf(round.betType, round.date), round.betType).toBe(bangkokDate(round.closeAt));
          expect(round.resultAt.getTime(), round.betType).toBeGreaterThan(round.closeAt.getTime());
          checked++;
        }
    expect(checked).toBeGreaterThan(6 * (88 + 265 + 22));
  });
});

describe("government, stock and 4-digit rounds", () => {
  it("gov: the 1st and 16th, closing 15:30 before the 16:00 draw", () => {
    expect(roundsForDay("gov", "2025-01-02")).toEqual([]);
    for (const date of ["2025-02-01", "2025-02-16"]) {
      const [round] = roundsForDay("gov", date);
      expect(round?.betType).toBe(`gov-${date}`);
      expect(bkk(round?.closeAt as Date)).toBe(`${date} 15:30`);
      expect(bkk(round?.resultAt as Date)).toBe(`${date} 16:30`);
    }
  });

  it("stock: weekday markets, Egypt Sunday to Thursday, Dow closing after midnight", () => {
    const wednesday = roundsForDay("stock", "2025-01-15");
    expect(wednesday).toHaveLength(STOCK_MARKETS.length);
    expect(roundsForDay("stock", "2025-01-18")).toEqual([]); // Saturday
    expect(roundsForDay("stock", "2025-01-19").map((r) => r.market)).toEqual(["egypt"]); // Sunday
    expect(roundsForDay("stock", "2025-01-17").some((r) => r.market === "egypt")).toBe(false); // Friday
    const dow = roundsForDay("stock", "2025-01-17").at(-1);
    expect(dow).toMatchObject({ betType: "stock-downjone-2025-01-17", flag: "us", name: "ดาวโจนส์" });
    expect(bkk(dow?.closeAt as Date)).toBe("2025-01-18 02:30");
    expect(wednesday.map((r) => r.closeAt.getTime())).toEqual(
      [...wednesday].map((r) => r.closeAt.getTime()).sort((a, b) => a - b),
    );
  });

  it("stock: betting closes before the index value is taken and the result is due after, in winter and summer", () => {
    for (const date of ["2025-01-15", "2025-07-16"])
      for (const round of roundsForDay("stock", date)) {
        const market = STOCK_MARKETS.find((m) => m.id === round.market);
        const taken = DateTime.fromISO(`${date}T${market?.exchange.at}`, { zone: market?.exchange.zone });
        expect(taken.isValid).toBe(true);
        expect(round.closeAt.getTime(), `${round.betType} close`).toBeLessThan(taken.toMillis());
        expect(round.resultAt.getTime(), `${round.betType} result`).toBeGreaterThanOrEqual(taken.toMillis());
      }
  });

  it("stock: about 25 flags at most, as lowercase country codes", () => {
    const flags = new Set(STOCK_MARKETS.map((m) => m.flag));
    expect(flags.size).toBeLessThanOrEqual(25);
    for (const f of flags) expect(f).toMatch(/^[a-z]{2}$/);
    expect(new Set(STOCK_MARKETS.map((m) => m.id)).size).toBe(STOCK_MARKETS.length);
  });

  it("4-digit lotteries on their draw days", () => {
    expect(roundsForDay("set4", "2025-01-15").map((r) => r.betType)).toEqual([
      "set4-malay-2025-01-15",
      "set4-hanoi-2025-01-15",
      "set4-lao-2025-01-15",
      "set4-laosuper-2025-01-15",
    ]); // Wednesday: all four
    expect(roundsForDay("set4", "2025-01-14").map((r) => r.market)).toEqual(["hanoi", "laosuper"]); // Tuesday
    expect(FOUR_DIGIT_LOTTERIES.map((l) => l.api)).toEqual(["hanoy", "malay", "lao", "lao-super"]);
  });
});

describe("betType", () => {
  it("parses every betType it makes, back to its round", () => {
    for (const family of LOTTO_FAMILIES)
      for (const round of roundsForDay(family, "2025-01-16")) {
        expect(parseBetType(round.betType)).toMatchObject({ family, date: "2025-01-16" });
        expect(scheduledRound(round.betType)).toEqual(round);
      }
    expect(parseBetType("yeekee-2025-01-16-073")).toEqual({
      family: "yeekee",
      date: "2025-01-16",
      roundNo: 73,
    });
  });

  it("names no round outside the schedule", () => {
    for (const bad of [
      "yeekee-2025-01-16-089",
      "yeekee-2025-01-16-000",
      "pingpong-2025-01-16-023",
      "yeekee5min-2025-01-16-266",
      "yeekee-2025-02-30-001",
      "gov-2025-13-01",
      "stock-nasdaq-2025-01-16",
      "set4-hanoy-2025-01-16",
      "yeekee-073",
      "",
    ])
      expect(parseBetType(bad), bad).toBeNull();
    expect(scheduledRound("gov-2025-01-02")).toBeNull(); // well formed, but no draw that day
    expect(scheduledRound("stock-uk-2025-01-18")).toBeNull(); // Saturday
  });

  it("reads schedule times past midnight", () => {
    expect(clockMinutes("06:00")).toBe(360);
    expect(clockMinutes("26:30")).toBe(1590);
    for (const bad of ["6:00", "24:60", "48:00", "ab:cd"])
      expect(() => clockMinutes(bad)).toThrow(RangeError);
  });
});

describe("Thai stock names", () => {
  it("corrects common misspellings in display", () => {
    expect(displayStockName("ฮังเส็ง เช้า")).toBe("ฮั่งเส็ง เช้า");
    expect(displayStockName("หุ้นใต้หวัน")).toBe("หุ้นไต้หวัน");
    expect(displayStockName("ดาวน์โจนส์")).toBe("ดาวโจนส์");
    expect(displayStockName("หุ้นดาวโจน")).toBe("หุ้นดาวโจนส์");
    expect(displayStockName("เยอรมัน")).toBe("เยอรมนี");
    expect(displayStockName("สิงค์โปร์")).toBe("สิงคโปร์");
    expect(displayStockName("อิยิปต์")).toBe("อียิปต์");
    for (const [wrong, right] of Object.entries(THAI_STOCK_NAME_FIXES))
      expect(displayStockName(wrong)).toBe(right);
  });

  it("leaves correct names alone, including every name in the table", () => {
    for (const m of STOCK_MARKETS) expect(displayStockName(m.th)).toBe(m.th);
    for (const right of Object.values(THAI_STOCK_NAME_FIXES)) expect(displayStockName(right)).toBe(right);
    expect(displayStockName("Dow Jones")).toBe("Dow Jones");
  });
});
