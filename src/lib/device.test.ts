import { describe, expect, it } from "vitest";
import { isMobileUserAgent } from "./device.ts";

describe("isMobileUserAgent", () => {
  it("detects phones from the user agent", () => {
    expect(
      isMobileUserAgent("Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Mobile Safari/537.36"),
    ).toBe(true);
    expect(
      isMobileUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15"),
    ).toBe(true);
  });
  it("treats desktop browsers as desktop", () => {
    expect(
      isMobileUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36"),
    ).toBe(false);
  });
  it("prefers the client hint when the browser gives one", () => {
    expect(isMobileUserAgent("Mozilla/5.0 (X11; Linux x86_64)", true)).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (Linux; Android 14) Mobile", false)).toBe(false);
  });
});
