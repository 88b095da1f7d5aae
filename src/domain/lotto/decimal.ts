/**
 * Multipliers ("900", "3.2", "0.5") are decimal strings, never floats: 3.2 as a float is 3.2000000000000002, and
 * a rate the member saw must compare equal to the rate the server holds. A decimal here is `units / 10^scale`.
 */

export interface Decimal {
  units: bigint;
  scale: number;
}

// 12 integer digits and 6 decimals are far beyond any rate or factor; the bounds keep input sizes sane.
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,6}))?$/;

export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? "";
  return { units: BigInt((match[1] as string) + fraction), scale: fraction.length };
}

export function isDecimal(text: string): boolean {
  return parseDecimal(text) !== null;
}

function must(text: string): Decimal {
  const value = parseDecimal(text);
  if (!value) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  return value;
}

/** The shortest spelling: "3.20" -> "3.2", "900.0" -> "900", "0.00" -> "0". */
export function formatDecimal({ units, scale }: Decimal): string {
  let u = units;
  let s = scale;
  while (s > 0 && u % 10n === 0n) {
    u /= 10n;
    s--;
  }
  if (s === 0) return u.toString();
  const digits = u.toString().padStart(s + 1, "0");
  return `${digits.slice(0, -s)}.${digits.slice(-s)}`;
}

export function normalizeDecimal(text: string): string | null {
  const value = parseDecimal(text);
  return value ? formatDecimal(value) : null;
}

function atScale(value: Decimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** -1, 0 or 1; "3.2" and "3.20" are equal. Throws on a malformed decimal (a programming error, not input). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = must(a);
  const y = must(b);
  const scale = Math.max(x.scale, y.scale);
  const d = atScale(x, scale) - atScale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** The exact product, shortest spelling: "4.2" × "0.5" = "2.1". */
export function multiplyDecimals(a: string, b: string): string {
  const x = must(a);
  const y = must(b);
  return formatDecimal({ units: x.units * y.units, scale: x.scale + y.scale });
}

/**
 * `satang` × `multiply`, rounded down to whole satang. The ledger holds whole satang; rounding down never pays
 * more than the rate promised, and what the member loses is under one satang per line (33 satang × 3.2 = 105.6
 * → 105).
 */
export function applyMultiplier(satang: bigint, multiply: string): bigint {
  if (satang < 0n) throw new RangeError("negative amount");
  const m = must(multiply);
  return (satang * m.units) / 10n ** BigInt(m.scale);
}
