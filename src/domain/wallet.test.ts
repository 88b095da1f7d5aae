import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateUniqueAmount,
  parseAmount,
  WITHDRAW_MAX_COUNT_PER_DAY,
  WITHDRAW_MAX_PER_DAY,
  WITHDRAW_MAX_PER_TIME,
  WITHDRAW_MIN,
  withdrawRefusal,
} from "./wallet.ts";

const NONE_TODAY = { total: 0n, count: 0, pending: false };

describe("parseAmount", () => {
  it("reads baht strings with up to two decimals", () => {
    expect(parseAmount("100")).toBe(10000n);
    expect(parseAmount("100.5")).toBe(10050n);
    expect(parseAmount("100.37")).toBe(10037n);
    expect(parseAmount("1,234.56")).toBe(123456n);
    expect(parseAmount(" 49000.00 ")).toBe(4_900_000n);
    expect(parseAmount("0")).toBe(0n);
  });

  it("reads numbers with up to two decimals", () => {
    expect(parseAmount(100)).toBe(10000n);
    expect(parseAmount(100.5)).toBe(10050n);
    expect(parseAmount(100.37)).toBe(10037n);
    expect(parseAmount(49000.01)).toBe(4_900_001n);
    expect(parseAmount(0)).toBe(0n);
  });

  it("refuses three decimals, including float noise", () => {
    expect(parseAmount("1.234")).toBeNull();
    expect(parseAmount(1.234)).toBeNull();
    expect(parseAmount("100.370")).toBeNull();
    expect(parseAmount(0.1 + 0.2)).toBeNull();
  });

  it("refuses negatives, NaN, infinities and exponent forms", () => {
    for (const bad of [-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21, 1e-7])
      expect(parseAmount(bad), String(bad)).toBeNull();
    for (const bad of [
      "-1",
      "-0.01",
      "NaN",
      "Infinity",
      "1e3",
      "1E3",
      "1e-7",
      "",
      " ",
      "abc",
      "0x10",
      "1.",
      ".5",
    ])
      expect(parseAmount(bad), bad).toBeNull();
  });

  it("refuses what is neither a string nor a number", () => {
    for (const bad of [null, undefined, true, {}, [], 100n]) expect(parseAmount(bad), String(bad)).toBeNull();
  });

  it("reads back every amount written with two decimals", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (satang) => {
        const text = `${satang / 100n}.${(satang % 100n).toString().padStart(2, "0")}`;
        expect(parseAmount(text)).toBe(satang);
      }),
    );
  });
});

describe("withdrawRefusal (docs/rules.md 'Money')", () => {
  it("uses the spec's limits", () => {
    expect(WITHDRAW_MAX_PER_TIME).toBe(4_900_000n);
    expect(WITHDRAW_MAX_PER_DAY).toBe(20_000_000n);
    expect(WITHDRAW_MAX_COUNT_PER_DAY).toBe(5);
    expect(WITHDRAW_MIN).toBe(10_000n);
  });

  it("allows 49,000.00 at a time and refuses 49,000.01", () => {
    expect(withdrawRefusal(4_900_000n, NONE_TODAY)).toBeNull();
    expect(withdrawRefusal(4_900_001n, NONE_TODAY)).toBe("WITHDRAW_MAX_PER_TIME");
  });

  it("allows 100.00 and refuses 99.99", () => {
    expect(withdrawRefusal(10_000n, NONE_TODAY)).toBeNull();
    expect(withdrawRefusal(9_999n, NONE_TODAY)).toBe("WITHDRAW_MIN");
    expect(withdrawRefusal(0n, NONE_TODAY)).toBe("WITHDRAW_MIN");
    expect(withdrawRefusal(-10_000n, NONE_TODAY)).toBe("WITHDRAW_MIN");
  });

  it("allows the 5th withdrawal of the day and refuses the 6th", () => {
    expect(withdrawRefusal(10_000n, { total: 40_000n, count: 4, pending: false })).toBeNull();
    expect(withdrawRefusal(10_000n, { total: 50_000n, count: 5, pending: false })).toBe("WITHDRAW_MAX_COUNT");
  });

  it("allows reaching exactly 200,000.00 a day and refuses one satang more", () => {
    expect(withdrawRefusal(4_900_000n, { total: 15_100_000n, count: 3, pending: false })).toBeNull();
    expect(withdrawRefusal(4_900_000n, { total: 15_100_001n, count: 3, pending: false })).toBe(
      "WITHDRAW_MAX_PER_DAY",
    );
    expect(withdrawRefusal(10_000n, { total: 19_990_000n, count: 4, pending: false })).toBeNull();
    expect(withdrawRefusal(10_000n, { total: 19_990_001n, count: 4, pending: false })).toBe(
      "WITHDRAW_MAX_PER_DAY",
    );
    expect(withdrawRefusal(10_000n, { total: 20_000_000n, count: 4, pending: false })).toBe(
      "WITHDRAW_MAX_PER_DAY",
    );
  });

  it("refuses while another withdrawal is pending, before any other check", () => {
    expect(withdrawRefusal(10_000n, { ...NONE_TODAY, pending: true })).toBe("WITHDRAW_PENDING");
    expect(withdrawRefusal(1n, { total: 20_000_000n, count: 5, pending: true })).toBe("WITHDRAW_PENDING");
    expect(withdrawRefusal(10_000_000n, { total: 0n, count: 0, pending: true })).toBe("WITHDRAW_PENDING");
  });

  it("reports the first limit broken: minimum, per time, count, then per day", () => {
    const full = { total: 20_000_000n, count: 5, pending: false };
    expect(withdrawRefusal(1n, full)).toBe("WITHDRAW_MIN");
    expect(withdrawRefusal(4_900_001n, full)).toBe("WITHDRAW_MAX_PER_TIME");
    expect(withdrawRefusal(10_000n, full)).toBe("WITHDRAW_MAX_COUNT");
  });
});

describe("allocateUniqueAmount (docs/rules.md 'Unique amounts')", () => {
  const satangOf = (amount: bigint) => amount % 100n;

  it("never asks for .00, staying in the requested baht when it can", () => {
    const amount = allocateUniqueAmount(10_000n, new Set());
    expect(amount).not.toBeNull();
    expect(satangOf(amount as bigint)).not.toBe(0n);
    expect((amount as bigint) / 100n).toBe(100n);
  });

  it("treats the request as whole baht", () => {
    expect(allocateUniqueAmount(10_037n, new Set(), 0)).toBe(allocateUniqueAmount(10_000n, new Set(), 0));
  });

  it("avoids every amount already taken", () => {
    const first = allocateUniqueAmount(10_000n, new Set(), 7) as bigint;
    const second = allocateUniqueAmount(10_000n, new Set([first]), 7) as bigint;
    expect(second).not.toBe(first);
    expect(second / 100n).toBe(100n);
    expect(satangOf(second)).not.toBe(0n);
  });

  it("starts at a different satang for a different seed", () => {
    const picks = new Set(
      Array.from({ length: 99 }, (_, seed) => allocateUniqueAmount(10_000n, new Set(), seed)),
    );
    expect(picks.size).toBe(99);
  });

  it("spreads consecutive requests rather than counting up", () => {
    const taken = new Set<bigint>();
    const order: bigint[] = [];
    for (let i = 0; i < 99; i++) {
      const amount = allocateUniqueAmount(10_000n, taken, 3) as bigint;
      taken.add(amount);
      order.push(satangOf(amount));
    }
    // All 99 satang used once within the same baht...
    expect(new Set(order).size).toBe(99);
    expect(order.every((s) => s >= 1n && s <= 99n)).toBe(true);
    // ...and neighbours in time are far apart in amount.
    expect(order.slice(0, 5).every((s, i) => i === 0 || s !== (order[i - 1] as bigint) + 1n)).toBe(true);
  });

  it("moves to the next baht when all 99 are taken", () => {
    const taken = new Set(Array.from({ length: 99 }, (_, i) => 10_000n + BigInt(i + 1)));
    const amount = allocateUniqueAmount(10_000n, taken, 11) as bigint;
    expect(amount / 100n).toBe(101n);
    expect(satangOf(amount)).not.toBe(0n);
  });

  it("uses the last free amount within 5 baht, then gives up", () => {
    const all = new Set<bigint>();
    for (let baht = 0n; baht < 5n; baht++) for (let s = 1n; s <= 99n; s++) all.add(10_000n + baht * 100n + s);
    expect(allocateUniqueAmount(10_000n, all)).toBeNull();
    const oneFree = new Set(all);
    oneFree.delete(10_442n);
    expect(allocateUniqueAmount(10_000n, oneFree, 5)).toBe(10_442n);
  });

  it("copes with any seed: negative, fractional, huge or NaN", () => {
    // Before the fix a seed of -1 gave 100.00 and -5 gave 99.96; 1.5 threw.
    for (const seed of [-1, -5, -99, -100, 1.5, -2.7, 1e300, Number.MAX_SAFE_INTEGER, Number.NaN, Infinity]) {
      const amount = allocateUniqueAmount(10_000n, new Set(), seed);
      expect(amount, String(seed)).not.toBeNull();
      expect((amount as bigint) / 100n, String(seed)).toBe(100n);
      expect(satangOf(amount as bigint), String(seed)).not.toBe(0n);
    }
  });

  it("never returns a taken amount or .00, and stays within 5 baht of the request", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 49_999n }).map((baht) => baht * 100n),
        // Per baht of the 5 tried: all of it taken (each .00 too) or a random part, so that full baht, the move
        // to the next one and a completely full range all occur.
        fc
          .array(
            fc.oneof(
              fc.constant([...Array(100).keys()]),
              fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { maxLength: 100 }),
            ),
            { minLength: 5, maxLength: 5 },
          )
          .map((perBaht) => perBaht.flatMap((satangs, baht) => satangs.map((s) => baht * 100 + s))),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (requested, offsets, seed) => {
          const taken = new Set(offsets.map((o) => requested + BigInt(o)));
          const amount = allocateUniqueAmount(requested, taken, seed);
          const free = [...Array(500).keys()].filter(
            (o) => o % 100 !== 0 && !taken.has(requested + BigInt(o)),
          );
          if (amount === null) {
            expect(free).toEqual([]);
            return;
          }
          expect(taken.has(amount)).toBe(false);
          expect(amount % 100n).not.toBe(0n);
          expect(amount).toBeGreaterThan(requested);
          expect(amount).toBeLessThan(requested + 500n);
          // The lowest baht with a free satang is used.
          expect((amount - requested) / 100n).toBe(BigInt(Math.floor((free[0] as number) / 100)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
