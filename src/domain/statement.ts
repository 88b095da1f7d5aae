import { DateTime } from "luxon";

/**
 * Statement dates (docs/rules.md "Money", docs/wallet-api.md "Statements and turnover"), all in Asia/Bangkok
 * (UTC+7 all year: Thailand has no daylight saving).
 *
 * Filter format, "ISO with zero microseconds": `yyyy-MM-ddTHH:mm:ss.000000+07:00`, i.e. the Bangkok local time
 * to the whole second, a fraction of exactly six digits that are all zero, and the offset +07:00 (never Z).
 * Sub-second precision is dropped (truncated, not rounded) when formatting.
 */

export const BANGKOK = "Asia/Bangkok";

export type StatementKind = "general" | "afCash";

/** Days back from today (Bangkok) that a statement covers: general transactions 3, affiliate cash 30. */
export const STATEMENT_DAYS_BACK: Readonly<Record<StatementKind, number>> = { general: 3, afCash: 30 };

export interface StatementWindow {
  startedDate: string;
  endedDate: string;
}

function bangkok(date: Date): DateTime {
  return DateTime.fromJSDate(date, { zone: BANGKOK });
}

/** `date` in the filter format (see the module comment): "2026-11-18T00:00:00.000000+07:00". */
export function toStatementIso(date: Date): string {
  return bangkok(date).toFormat("yyyy-MM-dd'T'HH:mm:ss'.000000'ZZ");
}

/** The start of the Asia/Bangkok day `now` falls in (for daily withdrawal limits). */
export function bangkokDayStart(now: Date): Date {
  return bangkok(now).startOf("day").toJSDate();
}

/**
 * The instants a statement may cover: from the start of the Bangkok day `daysBack` days before today, to the
 * last millisecond of tomorrow (Bangkok), both inclusive.
 */
export function statementBounds(kind: StatementKind, now: Date): { start: Date; end: Date } {
  const today = bangkok(now).startOf("day");
  return {
    start: today.minus({ days: STATEMENT_DAYS_BACK[kind] }).toJSDate(),
    end: today.plus({ days: 1 }).endOf("day").toJSDate(),
  };
}

/**
 * The default and widest filter for a statement, in the filter format: general from the start of the Bangkok day
 * 3 days back, affiliate cash 30 days back, each up to the end of tomorrow (23:59:59.000000+07:00, whole seconds).
 */
export function statementWindow(kind: StatementKind, now: Date): StatementWindow {
  const { start, end } = statementBounds(kind, now);
  return { startedDate: toStatementIso(start), endedDate: toStatementIso(end) };
}

function parseInstant(value: unknown): Date | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  // Without an offset the time is Bangkok's; with one (or Z) it is that instant.
  const parsed = DateTime.fromISO(value.trim(), { zone: BANGKOK, setZone: false });
  return parsed.isValid ? parsed.toJSDate() : null;
}

/**
 * The server's reading of a requested filter: both dates parsed (ISO 8601, an offset or Z is honoured, without one
 * the time is Bangkok's), then each clamped into statementBounds(kind, now). Null when a date is missing or
 * unparseable, or the start is after the end as requested. `start`/`end` are the instants to query (inclusive);
 * `startedDate`/`endedDate` the same in the filter format.
 */
export function clampWindow(
  kind: StatementKind,
  requested: { startedDate?: unknown; endedDate?: unknown },
  now: Date,
): (StatementWindow & { start: Date; end: Date }) | null {
  const from = parseInstant(requested.startedDate);
  const to = parseInstant(requested.endedDate);
  if (!from || !to || from.getTime() > to.getTime()) return null;
  const bounds = statementBounds(kind, now);
  const clamp = (d: Date) =>
    new Date(Math.min(Math.max(d.getTime(), bounds.start.getTime()), bounds.end.getTime()));
  const start = clamp(from);
  const end = clamp(to);
  return { start, end, startedDate: toStatementIso(start), endedDate: toStatementIso(end) };
}

export { formatStatementTime } from "./bangkokTime.ts";
