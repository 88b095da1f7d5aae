import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bangkokDayStart,
  clampWindow,
  formatStatementTime,
  statementBounds,
  statementWindow,
  toStatementIso,
} from "./statement.ts";

// 20 Nov 2026 23:59:59 and 21 Nov 2026 00:00:00 in Bangkok.
const LAST_SECOND = new Date("2026-11-20T16:59:59Z");
const MIDNIGHT = new Date("2026-11-20T17:00:00Z");
const FILTER_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000\+07:00$/;

describe("filter format: ISO with zero microseconds", () => {
  it("is Bangkok local time to the second, six zero fraction digits and +07:00", () => {
    expect(toStatementIso(MIDNIGHT)).toBe("2026-11-21T00:00:00.000000+07:00");
    expect(toStatementIso(new Date("2026-01-01T00:00:00Z"))).toBe("2026-01-01T07:00:00.000000+07:00");
  });

  it("truncates sub-second precision instead of rounding", () => {
    expect(toStatementIso(new Date("2026-11-20T16:59:59.999Z"))).toBe("2026-11-20T23:59:59.000000+07:00");
  });

  it("holds for any instant and reads back as that second", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = toStatementIso(date);
          expect(iso).toMatch(FILTER_FORMAT);
          expect(new Date(iso.replace(".000000", "")).getTime()).toBe(
            Math.floor(date.getTime() / 1000) * 1000,
          );
        },
      ),
    );
  });
});

describe("bangkokDayStart", () => {
  it("switches day at 17:00Z, Bangkok midnight", () => {
    expect(bangkokDayStart(LAST_SECOND).toISOString()).toBe("2026-11-19T17:00:00.000Z");
    expect(bangkokDayStart(MIDNIGHT).toISOString()).toBe("2026-11-20T17:00:00.000Z");
    // Early UTC morning is already the afternoon of the same Bangkok day.
    expect(bangkokDayStart(new Date("2026-11-21T06:00:00Z")).toISOString()).toBe("2026-11-20T17:00:00.000Z");
  });

  it("is the latest Bangkok midnight at or before now", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (now) => {
          const start = bangkokDayStart(now).getTime();
          expect(start).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime() - start).toBeLessThan(24 * 3600 * 1000);
          expect((start + 7 * 3600 * 1000) % (24 * 3600 * 1000)).toBe(0);
        },
      ),
    );
  });
});

describe("statementWindow", () => {
  it("covers 3 days back to the end of tomorrow for general transactions", () => {
    expect(statementWindow("general", LAST_SECOND)).toEqual({
      startedDate: "2026-11-17T00:00:00.000000+07:00",
      endedDate: "2026-11-21T23:59:59.000000+07:00",
    });
    expect(statementWindow("general", MIDNIGHT)).toEqual({
      startedDate: "2026-11-18T00:00:00.000000+07:00",
      endedDate: "2026-11-22T23:59:59.000000+07:00",
    });
  });

  it("covers 30 days back for affiliate cash", () => {
    expect(statementWindow("afCash", LAST_SECOND)).toEqual({
      startedDate: "2026-10-21T00:00:00.000000+07:00",
      endedDate: "2026-11-21T23:59:59.000000+07:00",
    });
    expect(statementWindow("afCash", MIDNIGHT)).toEqual({
      startedDate: "2026-10-22T00:00:00.000000+07:00",
      endedDate: "2026-11-22T23:59:59.000000+07:00",
    });
  });

  it("crosses month and year ends", () => {
    expect(statementWindow("general", new Date("2027-01-01T05:00:00Z"))).toEqual({
      startedDate: "2026-12-29T00:00:00.000000+07:00",
      endedDate: "2027-01-02T23:59:59.000000+07:00",
    });
  });

  it("bounds the instants inclusively to the last millisecond of tomorrow", () => {
    const { start, end } = statementBounds("general", MIDNIGHT);
    expect(start.toISOString()).toBe("2026-11-17T17:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-22T16:59:59.999Z");
  });
});

describe("clampWindow", () => {
  it("keeps a window that is inside the bounds", () => {
    const requested = {
      startedDate: "2026-11-19T00:00:00.000000+07:00",
      endedDate: "2026-11-20T12:30:00.000000+07:00",
    };
    const clamped = clampWindow("general", requested, MIDNIGHT);
    expect(clamped).toMatchObject(requested);
    expect(clamped?.start.toISOString()).toBe("2026-11-18T17:00:00.000Z");
    expect(clamped?.end.toISOString()).toBe("2026-11-20T05:30:00.000Z");
  });

  it("clamps the start to 3 days back and the end to tomorrow", () => {
    const clamped = clampWindow(
      "general",
      { startedDate: "2026-01-01T00:00:00.000000+07:00", endedDate: "2027-01-01T00:00:00.000000+07:00" },
      MIDNIGHT,
    );
    expect(clamped).toMatchObject(statementWindow("general", MIDNIGHT));
    expect(clamped?.end.toISOString()).toBe("2026-11-22T16:59:59.999Z");
  });

  it("allows 30 days back for affiliate cash only", () => {
    const requested = { startedDate: "2026-10-25T00:00:00+07:00", endedDate: "2026-11-21T00:00:00+07:00" };
    expect(clampWindow("afCash", requested, MIDNIGHT)?.startedDate).toBe("2026-10-25T00:00:00.000000+07:00");
    expect(clampWindow("general", requested, MIDNIGHT)?.startedDate).toBe("2026-11-18T00:00:00.000000+07:00");
  });

  it("reads Z and other offsets as instants, and no offset as Bangkok time", () => {
    const clamped = clampWindow(
      "general",
      { startedDate: "2026-11-18T17:00:00Z", endedDate: "2026-11-20T10:00:00" },
      MIDNIGHT,
    );
    expect(clamped?.startedDate).toBe("2026-11-19T00:00:00.000000+07:00");
    expect(clamped?.endedDate).toBe("2026-11-20T10:00:00.000000+07:00");
    expect(
      clampWindow("general", { startedDate: "2026-11-19", endedDate: "2026-11-20" }, MIDNIGHT),
    ).toMatchObject({
      startedDate: "2026-11-19T00:00:00.000000+07:00",
      endedDate: "2026-11-20T00:00:00.000000+07:00",
    });
  });

  it("refuses missing, unparseable and reversed dates", () => {
    const ok = "2026-11-19T00:00:00.000000+07:00";
    for (const bad of [undefined, null, "", "yesterday", "2026-13-01T00:00:00+07:00", 1763571600000, {}])
      expect(clampWindow("general", { startedDate: bad, endedDate: ok }, MIDNIGHT), String(bad)).toBeNull();
    expect(clampWindow("general", { startedDate: ok, endedDate: "31/12/2026" }, MIDNIGHT)).toBeNull();
    expect(
      clampWindow("general", { startedDate: "2026-11-20T00:00:00+07:00", endedDate: ok }, MIDNIGHT),
    ).toBeNull();
  });

  it("always returns a window inside the bounds with start <= end", () => {
    const instant = fc.date({
      min: new Date("2020-01-01"),
      max: new Date("2030-01-01"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        instant,
        instant,
        instant,
        fc.constantFrom("general", "afCash") as fc.Arbitrary<"general" | "afCash">,
        (a, b, now, kind) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const clamped = clampWindow(
            kind,
            { startedDate: from.toISOString(), endedDate: to.toISOString() },
            now,
          );
          const bounds = statementBounds(kind, now);
          expect(clamped).not.toBeNull();
          if (!clamped) return;
          expect(clamped.start.getTime()).toBeGreaterThanOrEqual(bounds.start.getTime());
          expect(clamped.end.getTime()).toBeLessThanOrEqual(bounds.end.getTime());
          expect(clamped.start.getTime()).toBeLessThanOrEqual(clamped.end.getTime());
        },
      ),
    );
  });
});

describe("formatStatementTime", () => {
  it("converts Z times to Bangkok at the day boundary", () => {
    expect(formatStatementTime("2026-11-20T16:59:59Z")).toBe("20/11/2026 23:59:59");
    expect(formatStatementTime("2026-11-20T17:00:00Z")).toBe("21/11/2026 00:00:00");
    expect(formatStatementTime("2026-11-20T16:59:59.999Z")).toBe("20/11/2026 23:59:59");
  });

  it("keeps +07:00 times and converts other offsets", () => {
    expect(formatStatementTime("2026-11-21T00:00:00.000000+07:00")).toBe("21/11/2026 00:00:00");
    expect(formatStatementTime("2026-11-21T02:00:00+09:00")).toBe("21/11/2026 00:00:00");
  });

  it("takes a time without an offset as Bangkok time", () => {
    expect(formatStatementTime("2026-11-21T08:05:09")).toBe("21/11/2026 08:05:09");
    expect(formatStatementTime("2026-11-21 08:05:09")).toBe("21/11/2026 08:05:09");
  });

  it("returns text that is not a timestamp unchanged", () => {
    expect(formatStatementTime("-")).toBe("-");
    expect(formatStatementTime("")).toBe("");
  });
});
