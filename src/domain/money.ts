/** Money is integer satang (1 baht = 100 satang), never a float; these convert at the edges. */

/** 123456n -> "1234.56"; -5n -> "-0.05". */
export function satangToBaht(satang: bigint): string {
  const negative = satang < 0n;
  const abs = negative ? -satang : satang;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/** "1234.56", "1,234.5", "100" -> satang; null for anything else (more than 2 decimals, signs, letters). */
export function bahtToSatang(input: string): bigint | null {
  const text = input.trim().replace(/,/g, "");
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1] as string) * 100n + BigInt((match[2] ?? "0").padEnd(2, "0"));
}
