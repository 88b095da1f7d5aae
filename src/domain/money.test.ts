import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bahtToSatang, satangToBaht } from "./money.ts";

describe("money", () => {
  it("writes satang as baht with two decimals", () => {
    expect(satangToBaht(0n)).toBe("0.00");
    expect(satangToBaht(5n)).toBe("0.05");
    expect(satangToBaht(10037n)).toBe("100.37");
    expect(satangToBaht(4_900_000n)).toBe("49000.00");
    expect(satangToBaht(-5n)).toBe("-0.05");
  });

  it("reads baht exactly, refusing what is not money", () => {
    expect(bahtToSatang("100.37")).toBe(10037n);
    expect(bahtToSatang("1,234.5")).toBe(123450n);
    expect(bahtToSatang("49000")).toBe(4_900_000n);
    for (const bad of ["", "1.234", "-1", "1e3", "abc", "0x10", "1.", ".5"])
      expect(bahtToSatang(bad), bad).toBeNull();
  });

  it("round-trips every amount", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        (satang) => bahtToSatang(satangToBaht(satang)) === satang,
      ),
    );
  });
});
