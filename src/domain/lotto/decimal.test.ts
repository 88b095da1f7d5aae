import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyMultiplier,
  compareDecimal,
  formatDecimal,
  isDecimal,
  multiplyDecimals,
  normalizeDecimal,
  parseDecimal,
} from "./decimal.ts";

describe("decimal multipliers", () => {
  it("reads plain decimals and refuses everything else", () => {
    expect(parseDecimal("3.2")).toEqual({ units: 32n, scale: 1 });
    expect(parseDecimal("900")).toEqual({ units: 900n, scale: 0 });
    expect(parseDecimal("0.05")).toEqual({ units: 5n, scale: 2 });
    for (const bad of ["", "-1", "+1", "1e3", ".5", "1.", "1,000", " 1", "1.1234567", "NaN", "0x10"])
      expect(isDecimal(bad), bad).toBe(false);
  });

  it("writes the shortest spelling", () => {
    expect(normalizeDecimal("3.20")).toBe("3.2");
    expect(normalizeDecimal("900.0")).toBe("900");
    expect(normalizeDecimal("0.00")).toBe("0");
    expect(normalizeDecimal("0.05")).toBe("0.05");
    expect(normalizeDecimal("007")).toBe("7");
    expect(normalizeDecimal("x")).toBeNull();
    expect(formatDecimal({ units: 225n, scale: 2 })).toBe("2.25");
  });

  it("compares by value", () => {
    expect(compareDecimal("3.2", "3.20")).toBe(0);
    expect(compareDecimal("4.2", "3.2")).toBe(1);
    expect(compareDecimal("90", "150")).toBe(-1);
    expect(compareDecimal("0.5", "0.45")).toBe(1);
    expect(() => compareDecimal("3,2", "1")).toThrow(RangeError);
  });

  it("multiplies exactly", () => {
    expect(multiplyDecimals("4.2", "0.5")).toBe("2.1");
    expect(multiplyDecimals("3.2", "0.5")).toBe("1.6");
    expect(multiplyDecimals("4.5", "0.5")).toBe("2.25");
    expect(multiplyDecimals("900", "0")).toBe("0");
    // As floats this is 0.30000000000000004.
    expect(multiplyDecimals("0.1", "3")).toBe("0.3");
  });

  it("applies a multiplier to satang, rounding down", () => {
    expect(applyMultiplier(100n, "3.2")).toBe(320n);
    expect(applyMultiplier(100n, "900")).toBe(90_000n);
    expect(applyMultiplier(33n, "3.2")).toBe(105n); // 105.6
    expect(applyMultiplier(1n, "4.2")).toBe(4n); // 4.2
    expect(applyMultiplier(0n, "900")).toBe(0n);
    expect(() => applyMultiplier(-1n, "2")).toThrow(RangeError);
  });

  it("rounds down by less than one satang, never up", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        fc.integer({ min: 0, max: 4 }),
        (satang, units, scale) => {
          const m = formatDecimal({ units, scale });
          const paid = applyMultiplier(satang, m);
          const exact = satang * units; // in 10^-scale satang
          const unit = 10n ** BigInt(scale);
          return paid * unit <= exact && exact < (paid + 1n) * unit;
        },
      ),
    );
  });

  it("round-trips through the shortest spelling", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
        fc.integer({ min: 0, max: 3 }),
        (units, scale) => {
          const text = formatDecimal({ units, scale });
          return (
            normalizeDecimal(text) === text &&
            compareDecimal(text, `${text}${text.includes(".") ? "0" : ""}`) === 0
          );
        },
      ),
    );
  });
});
