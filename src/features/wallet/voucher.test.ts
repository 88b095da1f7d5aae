import { describe, expect, it } from "vitest";
import { voucherLink } from "./voucher.ts";

describe("TrueMoney voucher links", () => {
  it("accepts gift links as the app shares them", () => {
    expect(voucherLink(" https://gift.truemoney.com/campaign/?v=0193a0f1e2d34c5b6a7 ")).toBe(
      "https://gift.truemoney.com/campaign/?v=0193a0f1e2d34c5b6a7",
    );
    expect(voucherLink("https://gift.truemoney.com/campaign?v=abcDEF123456")).not.toBeNull();
  });
  it("refuses anything else", () => {
    for (const bad of [
      "",
      "0193a0f1e2d34c5b6a7",
      "http://gift.truemoney.com/campaign/?v=0193a0f1e2d34c5b6a7",
      "https://gift.truemoney.com.evil.example/campaign/?v=0193a0f1e2d34c5b6a7",
      "https://gift.truemoney.com/campaign/?v=",
      "https://gift.truemoney.com/campaign/?v=abc def",
    ])
      expect(voucherLink(bad), bad).toBeNull();
  });
});
