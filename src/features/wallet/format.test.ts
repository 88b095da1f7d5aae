import { describe, expect, it } from "vitest";
import { cryptoPreview } from "./format.ts";

describe("crypto preview", () => {
  it("converts baht to units at the rate, rounding up to 6 decimals as the server does", () => {
    expect(cryptoPreview("1000", "36.50")).toBe("27.397261");
    expect(cryptoPreview("365", "36.50")).toBe("10.000000");
    expect(cryptoPreview("", "36.50")).toBeNull();
    expect(cryptoPreview("100", null)).toBeNull();
  });
});
