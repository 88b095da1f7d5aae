import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  bankBadgeSvg,
  bankByCode,
  formatAccountNumber,
  holderNamesMatch,
  maskAccountNumber,
  normalizeAccountNumber,
  THAI_BANKS,
  validateBankAccount,
} from "./banks.ts";

function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe("Thai bank data", () => {
  it("has every bank members use, with its Bank of Thailand code", () => {
    const codes = Object.fromEntries(THAI_BANKS.map((b) => [b.code, b.swiftOrBotCode]));
    expect(codes).toEqual({
      bbl: "002",
      kbank: "004",
      ktb: "006",
      ttb: "011",
      scb: "014",
      cimbt: "022",
      uob: "024",
      bay: "025",
      gsb: "030",
      ghb: "033",
      baac: "034",
      ibank: "066",
      tisco: "067",
      kkp: "069",
      icbc: "070",
      tcrb: "071",
      lhb: "073",
    });
  });

  it("keeps each entry well-formed and unique", () => {
    const shorts = new Set<string>();
    for (const b of THAI_BANKS) {
      expect(b.code, b.code).toMatch(/^[a-z]+$/);
      expect(b.short, b.code).toBe(b.short.toUpperCase());
      expect(b.nameTh, b.code).toMatch(/^ธนาคาร/);
      expect(b.nameEn.length, b.code).toBeGreaterThan(2);
      expect(b.color, b.code).toMatch(/^#[0-9a-f]{6}$/);
      expect(b.logo, b.code).toBe(`/banks/${b.code}.svg`);
      expect(b.accountDigits.length, b.code).toBeGreaterThan(0);
      shorts.add(b.short);
    }
    expect(shorts.size).toBe(THAI_BANKS.length);
    expect(new Set(THAI_BANKS.map((b) => b.swiftOrBotCode)).size).toBe(THAI_BANKS.length);
    expect(bankByCode("gsb")?.accountDigits).toEqual([12]);
    expect(bankByCode("baac")?.accountDigits).toEqual([12]);
    expect(bankByCode("ghb")?.accountDigits).toEqual([12]);
    expect(bankByCode("kbank")?.accountDigits).toEqual([10]);
  });

  it("chooses badge colours white text is readable on (contrast at least 3:1)", () => {
    for (const b of THAI_BANKS) {
      const contrast = 1.05 / (relativeLuminance(b.color) + 0.05);
      expect(contrast, `${b.code} ${b.color}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("ships an original badge per bank, in sync with the data", () => {
    for (const b of THAI_BANKS) {
      const file = readFileSync(new URL(`../../public${b.logo}`, import.meta.url), "utf8");
      expect(file, b.code).toBe(bankBadgeSvg(b));
      expect(file).toContain(`fill="${b.color}"`);
      expect(file).toContain(`>${b.short}</text>`);
      expect(file.length).toBeLessThan(1024);
    }
  });

  it("finds banks by code, ignoring case and spaces", () => {
    expect(bankByCode("kbank")?.short).toBe("KBANK");
    expect(bankByCode(" KBank ")?.code).toBe("kbank");
    expect(bankByCode("004")).toBeUndefined();
    expect(bankByCode("nope")).toBeUndefined();
    expect(bankByCode(undefined)).toBeUndefined();
    expect(bankByCode(4)).toBeUndefined();
  });
});

describe("account numbers", () => {
  it("keeps only the digits, dropping spaces and dashes", () => {
    expect(normalizeAccountNumber("123-4-56789-0")).toBe("1234567890");
    expect(normalizeAccountNumber(" 123 456\u00a07890 ")).toBe("1234567890");
    expect(normalizeAccountNumber("123–4–56789–0")).toBe("1234567890");
    expect(normalizeAccountNumber("๑๒๓๔๕๖๗๘๙๐")).toBe("1234567890");
  });

  it("refuses anything else", () => {
    for (const bad of ["", " - ", "123.456.7890", "12345678a0", "+1234567890", "１２３４５６７８９０"])
      expect(normalizeAccountNumber(bad), bad).toBeNull();
    expect(normalizeAccountNumber(1234567890)).toBeNull();
    expect(normalizeAccountNumber(null)).toBeNull();
  });

  it("accepts a number of the length the bank uses", () => {
    expect(validateBankAccount("kbank", "123-4-56789-0")).toBeNull();
    expect(validateBankAccount("KBANK", "1234567890")).toBeNull();
    expect(validateBankAccount("gsb", "123456789012")).toBeNull();
    expect(validateBankAccount("tcrb", "12345678901234")).toBeNull();
    expect(validateBankAccount("tcrb", "1234567890")).toBeNull();
  });

  it("refuses another length, non-digits and one repeated digit", () => {
    expect(validateBankAccount("kbank", "123456789")).toBe("BANK_ACCOUNT_INVALID");
    expect(validateBankAccount("kbank", "12345678901")).toBe("BANK_ACCOUNT_INVALID");
    expect(validateBankAccount("kbank", "123456789012")).toBe("BANK_ACCOUNT_INVALID");
    expect(validateBankAccount("gsb", "1234567890")).toBe("BANK_ACCOUNT_INVALID");
    expect(validateBankAccount("kbank", "12345678x0")).toBe("BANK_ACCOUNT_INVALID");
    expect(validateBankAccount("kbank", "")).toBe("BANK_ACCOUNT_INVALID");
    expect(validateBankAccount("kbank", "0000000000")).toBe("BANK_ACCOUNT_INVALID");
    expect(validateBankAccount("gsb", "777777777777")).toBe("BANK_ACCOUNT_INVALID");
    expect(validateBankAccount("kbank", "0000000001")).toBeNull();
  });

  it("refuses an unknown bank before looking at the number", () => {
    expect(validateBankAccount("xyz", "1234567890")).toBe("BANK_UNKNOWN");
    expect(validateBankAccount("", "x")).toBe("BANK_UNKNOWN");
    expect(validateBankAccount(undefined, "1234567890")).toBe("BANK_UNKNOWN");
  });

  it("formats for display", () => {
    expect(formatAccountNumber("kbank", "1234567890")).toBe("123-4-56789-0");
    expect(formatAccountNumber("kbank", "123-456-7890")).toBe("123-4-56789-0");
    expect(formatAccountNumber("scb", "1234567890")).toBe("123-456789-0");
    expect(formatAccountNumber("unknown", "1234567890")).toBe("123-4-56789-0");
    expect(formatAccountNumber("gsb", "123456789012")).toBe("1234-5678-9012");
    expect(formatAccountNumber("tcrb", "12345678901234")).toBe("1234-5678-901-234");
    expect(formatAccountNumber("gsb", "123456789012345")).toBe("1234-5678-9012-345");
    expect(formatAccountNumber("kbank", "12345")).toBe("12345");
    expect(formatAccountNumber("kbank", "not a number")).toBe("not a number");
  });

  it("masks all but the last four digits", () => {
    expect(maskAccountNumber("1234567890")).toBe("******7890");
    expect(maskAccountNumber("123-4-56789-0")).toBe("******7890");
    expect(maskAccountNumber("123456789012")).toBe("********9012");
    expect(maskAccountNumber("1234")).toBe("****");
    expect(maskAccountNumber("12345")).toBe("*2345");
    expect(maskAccountNumber("abc")).toBe("");
  });
});

describe("holder names", () => {
  it("matches the same name regardless of case and spacing", () => {
    expect(holderNamesMatch("Somchai Jaidee", "SOMCHAI   JAIDEE")).toBe(true);
    expect(holderNamesMatch("  สมชาย  ใจดี ", "สมชาย ใจดี")).toBe(true);
    expect(holderNamesMatch("สมชาย\tใจดี", "สมชาย ใจดี")).toBe(true);
  });

  it("ignores a leading Thai title, with or without a space", () => {
    expect(holderNamesMatch("นาย สมชาย ใจดี", "สมชาย ใจดี")).toBe(true);
    expect(holderNamesMatch("นายสมชาย ใจดี", "สมชาย ใจดี")).toBe(true);
    expect(holderNamesMatch("นางสาวสมหญิง ใจดี", "สมหญิง ใจดี")).toBe(true);
    expect(holderNamesMatch("นางสาว สมหญิง ใจดี", "น.ส. สมหญิง ใจดี")).toBe(true);
    expect(holderNamesMatch("นาง สมศรี ใจดี", "สมศรี ใจดี")).toBe(true);
    expect(holderNamesMatch("ด.ช. สมปอง ใจดี", "เด็กชายสมปอง ใจดี")).toBe(true);
    expect(holderNamesMatch("ด.ญ.สมใจ ใจดี", "เด็กหญิง สมใจ ใจดี")).toBe(true);
  });

  it("takes นางสาว whole rather than นาง plus the rest", () => {
    // With นาง removed first, "สาวสมหญิง" would remain and not match.
    expect(holderNamesMatch("นางสาวสมหญิง รักดี", "สมหญิง รักดี")).toBe(true);
  });

  it("ignores a leading English title, with or without a dot", () => {
    for (const titled of [
      "Mr Somchai Jaidee",
      "MR. SOMCHAI JAIDEE",
      "mr.somchai jaidee",
      "Mrs Somchai Jaidee",
      "Miss Somchai Jaidee",
      "Ms. Somchai Jaidee",
      "Master Somchai Jaidee",
    ])
      expect(holderNamesMatch(titled, "Somchai Jaidee"), titled).toBe(true);
  });

  it("does not take a title out of the middle of a word", () => {
    expect(holderNamesMatch("Missy Jaidee", "y Jaidee")).toBe(false);
    expect(holderNamesMatch("Mrsomchai Jaidee", "somchai Jaidee")).toBe(false);
  });

  it("tells different people apart", () => {
    expect(holderNamesMatch("นาย สมชาย ใจดี", "นาย สมชาย ใจร้าย")).toBe(false);
    expect(holderNamesMatch("Somchai Jaidee", "Somchai")).toBe(false);
    expect(holderNamesMatch("DEMO OTHER PERSON", "Somchai Jaidee")).toBe(false);
  });

  it("never matches a missing, empty or title-only name", () => {
    expect(holderNamesMatch(null, null)).toBe(false);
    expect(holderNamesMatch(undefined, "Somchai")).toBe(false);
    expect(holderNamesMatch("", "")).toBe(false);
    expect(holderNamesMatch("   ", "   ")).toBe(false);
    expect(holderNamesMatch("นาย", "นาย")).toBe(false);
    expect(holderNamesMatch("Mr. ", "Mr. ")).toBe(false);
  });
});
