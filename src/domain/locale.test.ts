import { describe, expect, it } from "vitest";
import { CATALOG_LOCALE, resolveUserLocale, USER_LOCALES } from "./locale.ts";

describe("resolveUserLocale", () => {
  it("keeps the four user-facing codes", () => {
    for (const code of USER_LOCALES) expect(resolveUserLocale(code)).toBe(code);
  });
  it("maps BCP-47 Khmer and Burmese to the user-facing kh and mm", () => {
    expect(resolveUserLocale("km")).toBe("kh");
    expect(resolveUserLocale("my")).toBe("mm");
    expect(resolveUserLocale("km-KH")).toBe("kh");
    expect(resolveUserLocale("my_MM")).toBe("mm");
  });
  it("ignores case and region", () => {
    expect(resolveUserLocale("EN-gb")).toBe("en");
    expect(resolveUserLocale(" TH ")).toBe("th");
  });
  it("falls back to Thai for anything unsupported or missing", () => {
    for (const code of ["fr", "zh-CN", "", "xx", null, undefined]) expect(resolveUserLocale(code)).toBe("th");
  });
});

describe("CATALOG_LOCALE", () => {
  it("uses codes Intl knows, so dates and numbers are formatted in the player's language", () => {
    for (const code of USER_LOCALES) {
      const catalog = CATALOG_LOCALE[code];
      expect(Intl.getCanonicalLocales(catalog)).toEqual([catalog]);
      expect(new Intl.DisplayNames([catalog], { type: "language" }).resolvedOptions().locale).toBe(catalog);
    }
  });
});
