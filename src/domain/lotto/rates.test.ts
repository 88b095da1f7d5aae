import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareDecimal, isDecimal, multiplyDecimals } from "./decimal.ts";
import { fiveDigitOutcome, fourDigitOutcome, govOutcome, judgeLine, type Outcome } from "./judge.ts";
import { type AnyOption, FAMILY_OPTIONS, LOTTO_FAMILIES, optionDigits } from "./options.ts";
import {
  DEFAULT_LIMITS,
  DEFAULT_RATE_TIERS,
  DEFAULT_RATES,
  exposureKey,
  isClosedRate,
  type Rates,
  rateFor,
  restrictedRate,
  sameRate,
  winAmount,
} from "./rates.ts";

describe("default rates", () => {
  it("uses docs/rules.md's typical multipliers", () => {
    expect(DEFAULT_RATES.gov).toEqual({
      tengBon3: "900",
      tode3: "150",
      tengBonNha3: "450",
      tengLang3: "450",
      tengBon2: "90",
      tengLang2: "90",
      tengBon1: "3.2",
      tengLang1: "4.2",
    });
    for (const family of ["yeekee", "yeekee5Min", "pingpong", "stock"] as const)
      expect(DEFAULT_RATES[family]).toEqual({
        tengBon3: "900",
        tode3: "150",
        tengBon2: "90",
        tengLang2: "90",
        tengBon1: "3.2",
        tengLang1: "4.2",
      });
  });

  it("rates exactly the options each family offers, with valid multipliers", () => {
    for (const family of LOTTO_FAMILIES) {
      expect(Object.keys(DEFAULT_RATES[family]).sort(), family).toEqual([...FAMILY_OPTIONS[family]].sort());
      for (const rate of Object.values(DEFAULT_RATES[family])) expect(isDecimal(rate as string)).toBe(true);
    }
  });

  // Over every equally likely result, a bet of each digit pattern gets back at most 90 satang per baht.
  function expectMarginAtLeastTenPercent(
    options: readonly AnyOption[],
    rates: Partial<Record<AnyOption, string>>,
    outcomes: Outcome[],
  ) {
    const candidates: Record<number, string[]> = {
      1: ["1"],
      2: ["12", "11"],
      3: ["123", "112", "111"],
      4: ["1234", "1123", "1122", "1112", "1111"],
    };
    for (const option of options) {
      const rate = rates[option] as string;
      for (const number of candidates[optionDigits(option)] ?? []) {
        const wins = outcomes.filter((o) => judgeLine(option, number, o)).length;
        expect(wins, `${option} ${number}`).toBeGreaterThan(0);
        const paid = multiplyDecimals(rate, String(wins));
        expect(
          compareDecimal(paid, multiplyDecimals("0.9", String(outcomes.length))),
          `${option} ${number}`,
        ).toBeLessThanOrEqual(0);
      }
    }
  }

  it("keeps at least a 10% margin on every yeekee option", () => {
    const outcomes = Array.from({ length: 100_000 }, (_, i) =>
      fiveDigitOutcome(i.toString().padStart(5, "0")),
    );
    expectMarginAtLeastTenPercent(FAMILY_OPTIONS.yeekee, DEFAULT_RATES.yeekee, outcomes);
  });

  it("keeps at least a 10% margin on every 4-digit option", () => {
    const outcomes = Array.from({ length: 10_000 }, (_, i) =>
      fourDigitOutcome(i.toString().padStart(4, "0")),
    );
    expectMarginAtLeastTenPercent(FAMILY_OPTIONS.set4, DEFAULT_RATES.set4, outcomes);
  });

  it("keeps at least a 10% margin on 3-front and 3-back (two independent draws)", () => {
    const three = (i: number) => i.toString().padStart(3, "0");
    let wins = 0;
    for (let a = 0; a < 1000; a++)
      for (let b = 0; b < 1000; b++) {
        const o = govOutcome({
          first: "000000",
          front3: [three(a), three(b)],
          back3: ["000", "000"],
          bottom2: "00",
        });
        if (judgeLine("tengBonNha3", "123", o)) wins++;
      }
    expect(wins).toBe(1999);
    expect(compareDecimal(multiplyDecimals("450", String(wins)), "900000")).toBeLessThanOrEqual(0);
  });
});

describe("default limits", () => {
  it("starts every option at 1 baht", () => {
    for (const limit of Object.values(DEFAULT_LIMITS)) expect(limit.min).toBe(100n);
  });

  it("keeps one line's payout within 1,000,000 baht at the default rates", () => {
    for (const family of LOTTO_FAMILIES)
      for (const option of FAMILY_OPTIONS[family]) {
        const payout = winAmount(DEFAULT_LIMITS[option].max, DEFAULT_RATES[family][option] as string);
        expect(payout, `${family} ${option}`).toBeLessThanOrEqual(1_000_000_00n);
        expect(DEFAULT_LIMITS[option].max).toBeGreaterThan(DEFAULT_LIMITS[option].min);
      }
  });
});

describe("restricted numbers", () => {
  it("counts tode exposure on the sorted digits (123 ≡ 321)", () => {
    expect(exposureKey("tode3", "123")).toBe(exposureKey("tode3", "321"));
    expect(exposureKey("tode3", "312")).toBe("tode3:123");
    expect(exposureKey("fourTode", "4693")).toBe(exposureKey("fourTode", "9346"));
    expect(exposureKey("tengBon3", "123")).not.toBe(exposureKey("tengBon3", "321"));
    expect(exposureKey("tengBon3", "123")).not.toBe(exposureKey("tode3", "123"));
  });

  const rates: Rates = {
    defaultRate: DEFAULT_RATES.yeekee,
    rateNow: [
      { number: "321", option: "tode3", multiply: "75" },
      { number: "12", option: "tengBon2", multiply: "0" },
    ],
  };

  it("takes a number's own rate before the default", () => {
    expect(rateFor(rates, "tode3", "123")).toBe("75"); // restricted as 321, same tode
    expect(rateFor(rates, "tengBon3", "321")).toBe("900");
    expect(rateFor(rates, "tengBon2", "12")).toBe("0");
    expect(rateFor(rates, "tengLang2", "12")).toBe("90");
    expect(rateFor(rates, "tengBonNha3", "123")).toBeNull(); // not offered
    expect(rateFor(rates, "tengBon2", "123")).toBeNull(); // malformed
    expect(isClosedRate("0")).toBe(true);
    expect(isClosedRate("0.00")).toBe(true);
    expect(isClosedRate("0.5")).toBe(false);
  });

  it("cuts the rate above a threshold and closes it above a higher one", () => {
    const tiers = [
      { above: 1_000_00n, factor: "0.5" },
      { above: 5_000_00n, factor: "0" },
    ];
    expect(restrictedRate("900", 0n, tiers)).toBe("900");
    expect(restrictedRate("900", 1_000_00n, tiers)).toBe("900"); // at the threshold: not above
    expect(restrictedRate("900", 1_000_01n, tiers)).toBe("450");
    expect(restrictedRate("3.2", 1_000_01n, tiers)).toBe("1.6");
    expect(restrictedRate("4.2", 2_000_00n, tiers)).toBe("2.1");
    expect(restrictedRate("150", 5_000_00n, tiers)).toBe("75");
    expect(restrictedRate("150", 5_000_01n, tiers)).toBe("0");
    expect(restrictedRate("90", 5_000_01n, [...tiers].reverse())).toBe("0"); // order of tiers does not matter
    expect(restrictedRate("3.20", 0n, [])).toBe("3.2");
  });

  it("never raises a rate with the default tiers, and closes past the last", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("900", "150", "90", "3.2", "4.2"),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        (base, exposure) => {
          const rate = restrictedRate(base, exposure, DEFAULT_RATE_TIERS);
          return compareDecimal(rate, base) <= 0 && exposure > 500_000_00n === isClosedRate(rate);
        },
      ),
    );
  });

  it("compares rates by value and pays price × rate rounded down", () => {
    expect(sameRate("3.2", "3.20")).toBe(true);
    expect(sameRate("3.2", "3.3")).toBe(false);
    expect(winAmount(100n, "3.2")).toBe(320n);
    expect(winAmount(10_000n, "900")).toBe(9_000_000n);
    expect(winAmount(33n, "3.2")).toBe(105n);
  });
});
