/**
 * Showing a timestamp in Bangkok time without a date library: Thailand keeps +07:00 all year (no daylight
 * saving), so the conversion is a fixed offset. Kept apart from statement.ts so pages that only show times do not
 * load luxon.
 */

const BANGKOK_OFFSET_MINUTES = 7 * 60;

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const two = (n: number) => String(n).padStart(2, "0");

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0"));
}

/**
 * A timestamp for display, `DD/MM/YYYY HH:mm:ss` in Bangkok time. A time ending in Z (or with any other offset)
 * is converted to +07:00; one without an offset is taken as Bangkok time already. Text that is not a timestamp is
 * returned unchanged.
 */
export function formatStatementTime(iso: string): string {
  const text = String(iso).trim();
  const m = TIMESTAMP.exec(text);
  if (!m) return iso;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return iso;
  // Minutes since the epoch of the wall-clock time as written, then moved to Bangkok's wall clock.
  const asWritten = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(asWritten).getUTCDate() !== day) return iso;
  const zone = m[8];
  const bangkok = zone ? asWritten + (BANGKOK_OFFSET_MINUTES - offsetMinutes(zone)) * 60_000 : asWritten;
  const d = new Date(bangkok);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(
    d.getUTCMinutes(),
  )}:${two(d.getUTCSeconds())}`;
}
