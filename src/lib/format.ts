import { bahtToSatang } from "../domain/money.ts";
import { parseAmount } from "../domain/wallet.ts";

/**
 * Money for players: "฿1,234.56", grouped the Thai and English way in every language (Khmer and Burmese
 * number formats would group with dots or switch digits, which players paying a Thai bank would misread).
 * Works on integer satang so no float ever rounds a satang away.
 */
export function formatSatang(satang: bigint, options: { sign?: boolean; symbol?: boolean } = {}): string {
  const negative = satang < 0n;
  const abs = negative ? -satang : satang;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const text = `${options.symbol === false ? "" : "฿"}${whole}.${(abs % 100n).toString().padStart(2, "0")}`;
  if (negative) return `\u2212${text}`;
  return options.sign && abs > 0n ? `+${text}` : text;
}

/** A baht string from the server ("1234.56", "-5.00") as money text; the raw text if it is not money. */
export function formatBaht(baht: string | null | undefined, options?: { sign?: boolean; symbol?: boolean }) {
  if (baht === null || baht === undefined) return "";
  const trimmed = baht.trim();
  const negative = trimmed.startsWith("-");
  const satang = bahtToSatang(negative ? trimmed.slice(1) : trimmed);
  if (satang === null) return baht;
  return formatSatang(negative ? -satang : satang, options);
}

/** Baht string -> satang, 0 for anything unreadable (display-only arithmetic). */
export function satangOf(baht: string | null | undefined): bigint {
  if (!baht) return 0n;
  const trimmed = baht.trim();
  const negative = trimmed.startsWith("-");
  const satang = bahtToSatang(negative ? trimmed.slice(1) : trimmed) ?? 0n;
  return negative ? -satang : satang;
}

/** Whole-baht amounts to show in sentences ("200,000"), without the symbol and decimals when they are .00. */
export function formatLimit(satang: bigint): string {
  const text = formatSatang(satang, { symbol: false });
  return text.endsWith(".00") ? text.slice(0, -3) : text;
}

export type AmountProblem = "required" | "invalid" | "min" | "max";

/** What is wrong with an amount typed into a form, given its limits in satang; null when it is fine. */
export function amountProblem(input: string, min: bigint, max: bigint): AmountProblem | null {
  if (input.trim() === "") return "required";
  const amount = parseAmount(input);
  if (amount === null || amount <= 0n) return "invalid";
  if (amount < min) return "min";
  if (amount > max) return "max";
  return null;
}

/** Remaining time as "14:59" (or "1:02:03" past an hour); never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, "0");
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, "0")}:${ss}`;
  return `${minutes}:${ss}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Time left as whole days and the rest ("2:03:05"), so a gov round 10 days away does not read "243:03:05". */
export function splitCountdown(ms: number): { days: number; rest: string } {
  const left = Math.max(0, ms);
  const days = Math.floor(left / DAY_MS);
  return { days, rest: formatCountdown(left - days * DAY_MS) };
}

/** Thailand keeps +07:00 all year (no daylight saving), so Bangkok wall time is UTC + 7 h. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** A moment as a datetime-local value in Bangkok wall time: "2025-05-01T13:45". */
export function toBangkokDateTimeLocal(date: Date): string {
  return new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Bangkok wall time, as an ISO string with offset; null when malformed. */
export function bangkokDateTimeLocalToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s ?? "00"}+07:00`;
  const parsed = new Date(iso);
  if (Number.isNaN(parsed.getTime())) return null;
  // Reject dates the Date parser rolled over (31 February).
  if (toBangkokDateTimeLocal(parsed) !== `${y}-${mo}-${d}T${h}:${mi}`) return null;
  return iso;
}

/** A baht string for the wire: "1,000" -> "1000.00"; null when not an amount. */
export function wireAmount(input: string): string | null {
  const satang = parseAmount(input);
  if (satang === null) return null;
  return `${satang / 100n}.${(satang % 100n).toString().padStart(2, "0")}`;
}
