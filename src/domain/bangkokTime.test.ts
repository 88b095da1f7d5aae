import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { formatStatementTime } from "./bangkokTime.ts";

describe("formatStatementTime without a date library", () => {
  it("agrees with luxon's Asia/Bangkok for any instant written in UTC or with any offset", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2099-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: -12 * 4, max: 14 * 4 }).map((quarters) => quarters * 15),
        (date, offset) => {
          const written = DateTime.fromJSDate(date, { zone: "utc" }).setZone(
            offset === 0
              ? "utc"
              : `UTC${offset > 0 ? "+" : "-"}${Math.floor(Math.abs(offset) / 60)}:${String(Math.abs(offset) % 60).padStart(2, "0")}`,
          );
          const iso = written.toISO({ suppressMilliseconds: false }) as string;
          const expected = DateTime.fromJSDate(date, { zone: "Asia/Bangkok" }).toFormat(
            "dd/MM/yyyy HH:mm:ss",
          );
          expect(formatStatementTime(iso)).toBe(expected);
        },
      ),
    );
  });

  it("reads offsets written as +0700 and +07, and a space instead of T", () => {
    expect(formatStatementTime("2026-11-21T02:00:00+0900")).toBe("21/11/2026 00:00:00");
    expect(formatStatementTime("2026-11-21T02:00:00+09")).toBe("21/11/2026 00:00:00");
    expect(formatStatementTime("2026-11-20 17:00:00Z")).toBe("21/11/2026 00:00:00");
  });

  it("returns what is not a real timestamp unchanged", () => {
    for (const text of [
      "",
      "-",
      "2026-02-30T10:00:00",
      "2026-13-01T00:00:00Z",
      "2026-11-21T24:00:00",
      "yesterday",
    ])
      expect(formatStatementTime(text)).toBe(text);
  });
});
