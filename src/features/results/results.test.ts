import { describe, expect, it } from "vitest";
import { dateSearch as resultsSearch } from "../../lib/routeSearch.ts";
import {
  bangkokToday,
  dateBounds,
  flagOf,
  fourDigitNumbers,
  groupByFamily,
  isPickableDate,
  roundNoOf,
  shiftDate,
} from "./results.ts";
import type { ResultView } from "./resultsApi.ts";

function view(over: Partial<ResultView>): ResultView {
  return {
    betId: 1,
    betGroup: "yeekee",
    betType: "yeekee-2025-01-15-001",
    betName: "yeekee",
    roundNo: 1,
    name: "",
    nameEn: "",
    dt: "2025-01-15",
    resultDt: "2025-01-15",
    status: "resulted",
    top3: "014",
    top2: "14",
    bottom2: "16",
    front3: [],
    back3: [],
    four: null,
    payload: { number: "16014" },
    source: "yeekee",
    version: 1,
    demo: false,
    verifiable: true,
    confirmedAt: null,
    ...over,
  };
}

describe("result dates", () => {
  it("today is the Bangkok date: 17:00 UTC is already tomorrow there", () => {
    expect(bangkokToday(Date.parse("2025-01-15T16:59:59Z"))).toBe("2025-01-15");
    expect(bangkokToday(Date.parse("2025-01-15T17:00:00Z"))).toBe("2025-01-16");
  });

  it("moves by calendar days across months and leap days", () => {
    expect(shiftDate("2024-03-01", -1)).toBe("2024-02-29");
    expect(shiftDate("2024-12-31", 1)).toBe("2025-01-01");
    expect(dateBounds("2025-03-01")).toEqual({ min: "2024-12-31", max: "2025-03-01" });
  });

  it("offers today back to 60 days, never the future and never a date that does not exist", () => {
    const today = "2025-03-01";
    expect(isPickableDate("2025-03-01", today)).toBe(true);
    expect(isPickableDate("2024-12-31", today)).toBe(true);
    expect(isPickableDate("2024-12-30", today)).toBe(false);
    expect(isPickableDate("2025-03-02", today)).toBe(false);
    expect(isPickableDate("2025-02-29", today)).toBe(false);
    expect(isPickableDate("2025-2-1", today)).toBe(false);
    expect(isPickableDate(undefined, today)).toBe(false);
  });

  it("keeps only a date-shaped search parameter", () => {
    expect(resultsSearch({ date: "2025-01-15" })).toEqual({ date: "2025-01-15" });
    expect(resultsSearch({ date: "yesterday" })).toEqual({});
    expect(resultsSearch({ date: 20250115 })).toEqual({});
    expect(resultsSearch({})).toEqual({});
  });
});

describe("grouping results", () => {
  it("orders families as the lotto list, newest date first, yeekee rounds latest first, markets as listed", () => {
    const items = [
      view({ betId: 1, betGroup: "set4", betName: "malay", roundNo: null }),
      view({ betId: 2, betGroup: "stock", betName: "nikkei_am", roundNo: null }),
      view({ betId: 3, roundNo: 2 }),
      view({ betId: 4, betGroup: "stock", betName: "downjone", roundNo: null }),
      view({ betId: 5, roundNo: 10 }),
      view({ betId: 6, betGroup: "set4", betName: "lao", roundNo: null }),
      view({ betId: 7, betGroup: "gov", betName: "gov", dt: "2025-01-16", roundNo: null }),
      view({ betId: 8, betGroup: "pingpong", roundNo: 3 }),
      view({ betId: 9, roundNo: 88, dt: "2025-01-14" }),
    ];
    expect(groupByFamily(items).map((g) => [g.family, g.items.map((r) => r.betId)])).toEqual([
      ["yeekee", [5, 3, 9]],
      ["pingpong", [8]],
      ["gov", [7]],
      // Markets keep the server's order (by close time).
      ["stock", [2, 4]],
      ["set4", [1, 6]],
    ]);
    expect(roundNoOf(view({ roundNo: 10 }))).toBe(10);
    expect(roundNoOf(view({ roundNo: undefined }))).toBeNull();
  });

  it("shows each market's flag as the lotto list does", () => {
    expect(flagOf(view({ betGroup: "stock", flag: "jp" }))).toBe("jp");
    expect(flagOf(view({ flag: null }))).toBeNull();
    expect(flagOf(view({}))).toBeNull();
  });
});

describe("4-digit numbers", () => {
  it("Lao 564693: 4693, 3 straight 693, 3 front 469, 2 front 46, 2 back 93", () => {
    expect(fourDigitNumbers({ top3: "693", bottom2: "46", front3: [], back3: [], four: "4693" })).toEqual({
      threeTop: "693",
      threeFront: "469",
      twoFront: "46",
      twoBack: "93",
    });
    expect(fourDigitNumbers({ top3: null, bottom2: null, front3: [], back3: [], four: null })).toBeNull();
  });
});
