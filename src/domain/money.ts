/** Money is integer satang (1 baht = 100 satang), never a float; these convert at the edges. */

/** 123456n -> "1234.56"; -5n -> "-0.05". */
export function satangToBaht(satang: bigint): string {
  const negative = satang < 0n;
  const abs = negative ? -satang : satang;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/** 123456789n -> "1,234,567.89": thousands grouped with commas, as Thai and English write amounts. */
export function satangToGroupedBaht(satang: bigint): string {
  const [whole = "", fraction] = satangToBaht(satang).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/**
 * A well-formed amount of baht: up to 13 whole digits, either plain ("1000") or grouped by thousands with
 * commas ("1,000", "12,345,678"; the first group 1-3 digits without a leading zero, every other group exactly
 * 3), then optionally "." and 1 or 2 decimals. A comma anywhere else ("100,00", "4,9,0", ",5", "1,0000",
 * "1,000,00") is refused, never dropped: dropping it would read "100,00" as 10,000 baht.
 */
const AMOUNT = /^(?:(\d{1,13})|([1-9]\d{0,2}(?:,\d{3}){1,4}))(?:\.(\d{1,2}))?$/;

/** "1234.56", "1,234.5", "100" -> satang; null for anything else (misplaced commas, >2 decimals, signs, letters). */
export function bahtToSatang(input: string): bigint | null {
  const match = AMOUNT.exec(input.trim());
  if (!match) return null;
  const whole = (match[1] ?? match[2] ?? "").replace(/,/g, "");
  if (whole.length > 13) return null;
  return BigInt(whole) * 100n + BigInt((match[3] ?? "0").padEnd(2, "0"));
}
