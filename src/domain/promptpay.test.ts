import { describe, expect, it } from "vitest";
import {
  crc16ccitt,
  parseTlv,
  promptPayPayload,
  promptPayTarget,
  splitTlv,
  thaiIdChecksumValid,
} from "./promptpay.ts";

const KNOWN_VECTOR = "00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469";
// 1234567890121: weights 13..2 give 352, 352 mod 11 = 0, (11 - 0) mod 10 = 1.
const NATIONAL_ID = "1234567890121";

function fieldsOf(payload: string): Record<string, string> {
  return Object.fromEntries(parseTlv(payload).map((f) => [f.tag, f.value]));
}

describe("CRC-16/CCITT-FALSE", () => {
  it("gives the standard check value", () => {
    expect(crc16ccitt("123456789")).toBe(0x29b1);
  });

  it("starts from 0xFFFF", () => {
    expect(crc16ccitt("")).toBe(0xffff);
  });

  it("matches the known vector's checksum", () => {
    expect(crc16ccitt(KNOWN_VECTOR.slice(0, -4))).toBe(0xe469);
  });
});

describe("PromptPay payload", () => {
  it("reproduces the docs/rules.md reference payload: mobile 000-000-0000, 4.22 baht", () => {
    expect(promptPayPayload({ target: "0000000000", amountSatang: 422n })).toBe(KNOWN_VECTOR);
    expect(promptPayPayload({ target: "000-000-0000", amountSatang: 422n })).toBe(KNOWN_VECTOR);
    expect(promptPayPayload({ target: "+66000000000", amountSatang: 422n })).toBe(KNOWN_VECTOR);
  });

  it("writes the fields in the vector's order", () => {
    expect(parseTlv(KNOWN_VECTOR).map((f) => f.tag)).toEqual(["00", "01", "29", "58", "53", "54", "63"]);
    const ours = promptPayPayload({ target: "0812345678", amountSatang: 10037n });
    expect(parseTlv(ours).map((f) => f.tag)).toEqual(["00", "01", "29", "58", "53", "54", "63"]);
  });

  it("makes a dynamic QR with the amount in baht with two decimals", () => {
    const payload = promptPayPayload({ target: "0812345678", amountSatang: 10037n });
    const fields = fieldsOf(payload);
    expect(fields["00"]).toBe("01");
    expect(fields["01"]).toBe("12");
    expect(fields["53"]).toBe("764");
    expect(fields["58"]).toBe("TH");
    expect(fields["54"]).toBe("100.37");
    expect(fieldsOf(promptPayPayload({ target: "0812345678", amountSatang: 10000n }))["54"]).toBe("100.00");
    expect(fieldsOf(promptPayPayload({ target: "0812345678", amountSatang: 5n }))["54"]).toBe("0.05");
    expect(
      payload.endsWith(crc16ccitt(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, "0")),
    ).toBe(true);
  });

  it("puts the mobile number in sub-tag 01 as 0066 plus nine digits", () => {
    const merchant = splitTlv(fieldsOf(promptPayPayload({ target: "081-234-5678" }))["29"] ?? "");
    expect(merchant).toEqual([
      { tag: "00", value: "A000000677010111" },
      { tag: "01", value: "0066812345678" },
    ]);
  });

  it("makes a static QR without an amount", () => {
    const fields = fieldsOf(promptPayPayload({ target: "0812345678" }));
    expect(fields["01"]).toBe("11");
    expect(fields["54"]).toBeUndefined();
    expect(fieldsOf(promptPayPayload({ target: "0812345678", amountSatang: null }))["01"]).toBe("11");
  });

  it("puts a national id in sub-tag 02", () => {
    const payload = promptPayPayload({ target: "1-2345-67890-12-1", amountSatang: 50000n });
    const fields = fieldsOf(payload);
    expect(fields["01"]).toBe("12");
    expect(fields["54"]).toBe("500.00");
    expect(splitTlv(fields["29"] ?? "")).toEqual([
      { tag: "00", value: "A000000677010111" },
      { tag: "02", value: NATIONAL_ID },
    ]);
    expect(payload.slice(0, 20)).toBe("00020101021229370016");
  });

  it("rejects targets that are not a mobile number or a valid id, with a clear error", () => {
    for (const bad of ["", "081234567", "08123456789", "1812345678", "abc", "123456789012", "12345678901234"])
      expect(() => promptPayPayload({ target: bad }), bad).toThrow(/PromptPay target/);
    expect(() => promptPayPayload({ target: "1234567890123" })).toThrow(/check digit/);
  });

  it("rejects amounts that are not positive satang", () => {
    expect(() => promptPayPayload({ target: "0812345678", amountSatang: 0n })).toThrow(/amount/);
    expect(() => promptPayPayload({ target: "0812345678", amountSatang: -100n })).toThrow(/amount/);
    expect(() => promptPayPayload({ target: "0812345678", amountSatang: 10_000_000_000_000n })).toThrow(
      /too large/,
    );
    // A float from an untyped caller must not slip through as baht.
    expect(() =>
      promptPayPayload({ target: "0812345678", amountSatang: 100.5 as unknown as bigint }),
    ).toThrow(/amount/);
  });
});

describe("PromptPay targets", () => {
  it("checks the national id check digit", () => {
    expect(thaiIdChecksumValid(NATIONAL_ID)).toBe(true);
    expect(thaiIdChecksumValid("1234567890122")).toBe(false);
    expect(thaiIdChecksumValid("0000000000000")).toBe(false);
    expect(thaiIdChecksumValid("123456789012")).toBe(false);
    expect(promptPayTarget(NATIONAL_ID)).toEqual({ kind: "nationalId", value: NATIONAL_ID });
  });
});

describe("TLV parsing", () => {
  it("splits a payload and verifies its CRC", () => {
    expect(parseTlv(KNOWN_VECTOR)).toEqual([
      { tag: "00", value: "01" },
      { tag: "01", value: "12" },
      { tag: "29", value: "0016A00000067701011101130066000000000" },
      { tag: "58", value: "TH" },
      { tag: "53", value: "764" },
      { tag: "54", value: "4.22" },
      { tag: "63", value: "E469" },
    ]);
  });

  it("refuses a wrong CRC, a missing CRC and a cut-short field", () => {
    expect(() => parseTlv(KNOWN_VECTOR.replace("4.22", "4.23"))).toThrow(/CRC is E469/);
    expect(() => parseTlv(`${KNOWN_VECTOR.slice(0, -4)}e469`)).toThrow(/CRC field/);
    expect(() => parseTlv("000201")).toThrow(/CRC field/);
    expect(() => parseTlv(KNOWN_VECTOR.slice(0, -1))).toThrow(/cut short/);
    expect(() => splitTlv("0x0201")).toThrow(/bad tag/);
  });
});
