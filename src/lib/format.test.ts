import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { satangToBaht } from "../domain/money.ts";
import {
  amountProblem,
  bangkokDateTimeLocalToIso,
  formatBaht,
  formatCountdown,
  formatLimit,
  formatSatang,
  satangOf,
  toBangkokDateTimeLocal,
  wireAmount,
} from "./format.ts";

describe("money text", () => {
  it("writes baht with the symbol, grouping and two decimals", () => {
    expect(formatSatang(123456n)).toBe("฿1,234.56");
    expect(formatSatang(0n)).toBe("฿0.00");
    expect(formatSatang(5n)).toBe("฿0.05");
    expect(formatSatang(100_000_000_00n)).toBe("฿100,000,000.00");
    expect(formatSatang(-4_900_000n)).toBe("\u2212฿49,000.00");
    expect(formatSatang(10037n, { sign: true })).toBe("+฿100.37");
    expect(formatSatang(10037n, { symbol: false })).toBe("100.37");
  });

  it("reads the server's baht strings, keeping anything unreadable as it is", () => {
    expect(formatBaht("1234.5")).toBe("฿1,234.50");
    expect(formatBaht("-20.00")).toBe("\u2212฿20.00");
    expect(formatBaht("abc")).toBe("abc");
    expect(formatBaht(null)).toBe("");
    expect(satangOf("-1.05")).toBe(-105n);
    expect(satangOf("junk")).toBe(0n);
  });

  it("round-trips any amount exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), (satang) => {
        expect(satangOf(formatSatang(satang, { symbol: false }).replace(/,/g, ""))).toBe(satang);
        expect(satangOf(satangToBaht(satang))).toBe(satang);
      }),
    );
  });

  it("writes limits in sentences without .00", () => {
    expect(formatLimit(200_000_00n)).toBe("200,000");
    expect(formatLimit(49_999_99n)).toBe("49,999.99");
  });

  it("sends amounts with two decimals", () => {
    expect(wireAmount("1,000")).toBe("1000.00");
    expect(wireAmount("100.5")).toBe("100.50");
    expect(wireAmount("1.234")).toBeNull();
  });
});

describe("amountProblem", () => {
  it("names what is wrong, against limits in satang", () => {
    expect(amountProblem("", 100_00n, 49_999_99n)).toBe("required");
    expect(amountProblem("abc", 100_00n, 49_999_99n)).toBe("invalid");
    expect(amountProblem("10.999", 100_00n, 49_999_99n)).toBe("invalid");
    expect(amountProblem("0", 100_00n, 49_999_99n)).toBe("invalid");
    expect(amountProblem("99.99", 100_00n, 49_999_99n)).toBe("min");
    expect(amountProblem("50,000", 100_00n, 49_999_99n)).toBe("max");
    expect(amountProblem("100", 100_00n, 49_999_99n)).toBeNull();
    expect(amountProblem(" 49,999.99 ", 100_00n, 49_999_99n)).toBeNull();
  });
});

describe("countdown", () => {
  it("shows minutes and seconds, rounding up, never below zero", () => {
    expect(formatCountdown(15 * 60 * 1000)).toBe("15:00");
    expect(formatCountdown(59_001)).toBe("1:00");
    expect(formatCountdown(1)).toBe("0:01");
    expect(formatCountdown(-5000)).toBe("0:00");
    expect(formatCountdown(3_723_000)).toBe("1:02:03");
  });
});

describe("Bangkok date-time fields", () => {
  it("shows a moment in Bangkok wall time", () => {
    expect(toBangkokDateTimeLocal(new Date("2025-05-01T17:30:00Z"))).toBe("2025-05-02T00:30");
  });
  it("reads the field as Bangkok time", () => {
    expect(bangkokDateTimeLocalToIso("2025-05-02T00:30")).toBe("2025-05-02T00:30:00+07:00");
    expect(new Date(bangkokDateTimeLocalToIso("2025-05-02T00:30") ?? "").toISOString()).toBe(
      "2025-05-01T17:30:00.000Z",
    );
    expect(bangkokDateTimeLocalToIso("2025-02-31T10:00")).toBeNull();
    expect(bangkokDateTimeLocalToIso("yesterday")).toBeNull();
  });
});
