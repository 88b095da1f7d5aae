import { satangToBaht } from "./money.ts";

/**
 * PromptPay QR payloads (docs/rules.md "PromptPay QR"): EMVCo merchant-presented TLV fields, each a
 * 2-digit tag, a 2-digit length and the value, ending with a CRC-16/CCITT-FALSE over everything before it plus
 * the literal "6304".
 *
 * Fields are written in the order of docs/rules.md's reference payload (the order PromptPay apps produce):
 * 00 format, 01 initiation method, 29 merchant account (PromptPay), 58 country, 53 currency, 54 amount, 63 CRC.
 */

const PROMPTPAY_AID = "A000000677010111";

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the UTF-8 bytes of `text`. */
export function crc16ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function field(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`EMV field ${tag} is too long (${value.length} > 99)`);
  return tag + String(value.length).padStart(2, "0") + value;
}

/** Thai national id / tax id check digit (mod 11 over the first 12 digits, weights 13..2). */
export function thaiIdChecksumValid(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(id[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(id[12]);
}

export type PromptPayTarget = { kind: "mobile"; value: string } | { kind: "nationalId"; value: string };

/**
 * What a PromptPay id names, with spaces and dashes ignored: a Thai mobile number 0XXXXXXXXX (also written
 * +66XXXXXXXXX) as `0066XXXXXXXXX`, or a 13-digit national / tax id with a valid check digit. Throws otherwise.
 */
export function promptPayTarget(target: string): PromptPayTarget {
  const text = String(target).replace(/[\s-]/g, "");
  if (/^0\d{9}$/.test(text)) return { kind: "mobile", value: `0066${text.slice(1)}` };
  if (/^\+66\d{9}$/.test(text)) return { kind: "mobile", value: `0066${text.slice(3)}` };
  if (/^\d{13}$/.test(text)) {
    if (!thaiIdChecksumValid(text))
      throw new Error(`PromptPay target ${JSON.stringify(target)}: national/tax id check digit is wrong`);
    return { kind: "nationalId", value: text };
  }
  throw new Error(
    `PromptPay target ${JSON.stringify(target)} is neither a mobile number (0XXXXXXXXX) nor a 13-digit national/tax id`,
  );
}

/**
 * The EMVCo payload for a PromptPay transfer to `target` (see promptPayTarget). Without an amount the QR is
 * static (01=11, the payer types the amount); with `amountSatang` (positive, integer satang) it is dynamic
 * (01=12) and carries 54 = the amount in baht with two decimals. Throws on a bad target or amount.
 */
export function promptPayPayload({
  target,
  amountSatang,
}: {
  target: string;
  amountSatang?: bigint | null;
}): string {
  const account = promptPayTarget(target);
  const hasAmount = amountSatang !== undefined && amountSatang !== null;
  if (hasAmount && (typeof amountSatang !== "bigint" || amountSatang <= 0n))
    throw new Error(`PromptPay amount must be a positive number of satang, got ${String(amountSatang)}`);
  const amount = hasAmount ? satangToBaht(amountSatang) : null;
  if (amount !== null && amount.length > 13) throw new Error(`PromptPay amount ${amount} is too large`);
  const merchant = field("00", PROMPTPAY_AID) + field(account.kind === "mobile" ? "01" : "02", account.value);
  const body =
    field("00", "01") +
    field("01", hasAmount ? "12" : "11") +
    field("29", merchant) +
    field("58", "TH") +
    field("53", "764") +
    (amount !== null ? field("54", amount) : "") +
    "6304";
  return body + crc16ccitt(body).toString(16).toUpperCase().padStart(4, "0");
}

export interface TlvField {
  tag: string;
  value: string;
}

/** Splits TLV text into its fields, in order (no CRC check: use it for nested templates such as tag 29). */
export function splitTlv(text: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new Error(`TLV: bad tag/length ${JSON.stringify(head)} at ${at}`);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`TLV: field ${head.slice(0, 2)} at ${at} is cut short`);
    fields.push({ tag: head.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

/**
 * Splits a whole payload into its fields and verifies its CRC: the last field must be 63 with 4 uppercase hex
 * digits equal to crc16ccitt of everything before them. Throws when the payload is malformed or the CRC is wrong.
 */
export function parseTlv(payload: string): TlvField[] {
  const fields = splitTlv(payload);
  const last = fields.at(-1);
  if (last?.tag !== "63" || !/^[0-9A-F]{4}$/.test(last.value))
    throw new Error("TLV: the payload must end with a CRC field 63 of 4 uppercase hex digits");
  const expected = crc16ccitt(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, "0");
  if (last.value !== expected) throw new Error(`TLV: CRC is ${last.value}, expected ${expected}`);
  return fields;
}
