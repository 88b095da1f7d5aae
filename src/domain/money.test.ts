import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bahtToSatang, satangToBaht, satangToGroupedBaht } from "./money.ts";

/** Every amount the grammar can hold: up to 13 whole digits of baht. */
const anySatang = fc.bigInt({ min: 0n, max: 10n ** 15n - 1n });

describe("money", () => {
  it("writes satang as baht with two decimals", () => {
    expect(satangToBaht(0n)).toBe("0.00");
    expect(satangToBaht(5n)).toBe("0.05");
    expect(satangToBaht(10037n)).toBe("100.37");
    expect(satangToBaht(4_900_000n)).toBe("49000.00");
    expect(satangToBaht(-5n)).toBe("-0.05");
    expect(satangToGroupedBaht(123_456_789n)).toBe("1,234,567.89");
    expect(satangToGroupedBaht(99_999n)).toBe("999.99");
  });

  it("reads baht exactly, refusing what is not money", () => {
    expect(bahtToSatang("100.37")).toBe(10037n);
    expect(bahtToSatang("1,234.5")).toBe(123450n);
    expect(bahtToSatang("1,000.50")).toBe(100050n);
    expect(bahtToSatang("1000.5")).toBe(100050n);
    expect(bahtToSatang("49000")).toBe(4_900_000n);
    expect(bahtToSatang("12,345,678")).toBe(1_234_567_800n);
    for (const bad of ["", "1.234", "-1", "1e3", "abc", "0x10", "1.", ".5", "１００", "٣"])
      expect(bahtToSatang(bad), bad).toBeNull();
  });

  it("refuses misplaced thousands separators instead of dropping them (100,00 is not 10,000 baht)", () => {
    for (const bad of [
      "100,00",
      "4,9,0",
      "4,9,0,0,0",
      ",5",
      "1,0000",
      "1,000,00",
      "1,,000",
      "100,",
      "1,000.5,0",
      "0,100",
      "1000,000",
      "1,000.",
    ])
      expect(bahtToSatang(bad), bad).toBeNull();
  });

  it("round-trips every amount, plain and grouped", () => {
    fc.assert(fc.property(anySatang, (satang) => bahtToSatang(satangToBaht(satang)) === satang));
    fc.assert(fc.property(anySatang, (satang) => bahtToSatang(satangToGroupedBaht(satang)) === satang));
  });

  it("accepts commas only at every thousands boundary or at none", () => {
    const digits = fc.bigInt({ min: 0n, max: 10n ** 13n - 1n }).map((baht) => baht.toString());
    const commaPositions = (text: string) =>
      fc.subarray(
        Array.from({ length: text.length + 1 }, (_, i) => i),
        { minLength: 1 },
      );
    fc.assert(
      fc.property(
        digits.chain((text) => fc.tuple(fc.constant(text), commaPositions(text))),
        fc.constantFrom("", ".5", ".05"),
        ([text, positions], fraction) => {
          let withCommas = "";
          for (let i = 0; i <= text.length; i++) {
            if (positions.includes(i)) withCommas += ",";
            withCommas += text[i] ?? "";
          }
          const thousands = new Set<number>();
          for (let i = text.length - 3; i > 0; i -= 3) thousands.add(i);
          const wellFormed =
            positions.length === thousands.size && positions.every((position) => thousands.has(position));
          const parsed = bahtToSatang(withCommas + fraction);
          const expected = BigInt(text) * 100n + (fraction === "" ? 0n : fraction === ".5" ? 50n : 5n);
          return wellFormed ? parsed === expected : parsed === null;
        },
      ),
      { numRuns: 500 },
    );
  });
});
