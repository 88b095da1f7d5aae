import { describe, expect, it } from "vitest";
import { formatPageTitle } from "./title.ts";

describe("formatPageTitle", () => {
  it("applies the '%s - LOTTOUP' template", () => {
    expect(formatPageTitle("How to play")).toBe("How to play - LOTTOUP");
    expect(formatPageTitle("วิธีเล่น")).toBe("วิธีเล่น - LOTTOUP");
  });
  it("uses the domain's own site name when its site detail has one", () => {
    expect(formatPageTitle("How to play", "LUCKYHUB")).toBe("How to play - LUCKYHUB");
    expect(formatPageTitle("", "LUCKYHUB")).toBe("LUCKYHUB");
    expect(formatPageTitle("How to play", "  ")).toBe("How to play - LOTTOUP");
  });

  it("falls back to the brand alone for an empty title", () => {
    expect(formatPageTitle("")).toBe("LOTTOUP");
    expect(formatPageTitle("  ")).toBe("LOTTOUP");
    expect(formatPageTitle(undefined)).toBe("LOTTOUP");
  });
});
