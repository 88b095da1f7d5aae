import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BetType, type Choice, CONFLICTS, conflictsWith, toggleOption } from "./conflicts.ts";
import { FLAG_HELPERS, ONE_SHOT_HELPERS } from "./helpers.ts";
import { ALL_OPTIONS, FOUR_DIGIT_OPTIONS } from "./options.ts";

const THREE: BetType[] = ["tengBon3", "tode3", "tengBonNha3", "tengLang3"];
const TWO: BetType[] = ["tengBon2", "tengLang2"];
const ONE: BetType[] = ["tengBon1", "tengLang1"];
const DOORS: BetType[] = ["nineteenDoor", "roodNha", "roodLung"];
const ALL: BetType[] = [...ALL_OPTIONS, ...FLAG_HELPERS, ...ONE_SHOT_HELPERS];

function expectConflicts(a: BetType, others: BetType[]) {
  for (const b of others) expect(conflictsWith(a, b), `${a} × ${b}`).toBe(true);
}

describe("conflict table (docs/rules.md 'Conflicts', one test per bullet)", () => {
  it("any 3-digit option conflicts with the 1- and 2-digit options, shuffle_2, 19-door, rood front and rood back", () => {
    for (const o of THREE) expectConflicts(o, [...ONE, ...TWO, "shuffle2", ...DOORS]);
  });

  it("tode_3 also conflicts with shuffle_3 (and the other 3-digit options do not)", () => {
    expectConflicts("tode3", ["shuffle3"]);
    for (const o of ["tengBon3", "tengBonNha3", "tengLang3"] as const)
      expect(conflictsWith(o, "shuffle3")).toBe(false);
  });

  it("teng_bon_2 / teng_lang_2 conflict with the 1-digit options, every 3-digit option and shuffle_3", () => {
    for (const o of TWO) expectConflicts(o, [...ONE, ...THREE, "shuffle3"]);
  });

  it("teng_bon_1 / teng_lang_1 conflict with every 2- and 3-digit option, both shuffles, 19-door and both roods", () => {
    for (const o of ONE) expectConflicts(o, [...TWO, ...THREE, "shuffle3", "shuffle2", ...DOORS]);
  });

  it("shuffle_3 conflicts with the 1- and 2-digit options, tode_3, shuffle_2, 19-door and both roods", () => {
    expectConflicts("shuffle3", [...ONE, ...TWO, "tode3", "shuffle2", ...DOORS]);
  });

  it("shuffle_2 conflicts with the 1-digit options, every 3-digit option, shuffle_3, 19-door and both roods", () => {
    expectConflicts("shuffle2", [...ONE, ...THREE, "shuffle3", ...DOORS]);
  });

  it("19-door, rood front and rood back exclude each other and shuffle_2", () => {
    for (const d of DOORS) expectConflicts(d, [...DOORS.filter((x) => x !== d), "shuffle2"]);
  });

  it("ble, low, high, even, odd conflict with nothing (one-shot buttons)", () => {
    for (const h of ONE_SHOT_HELPERS) {
      expect(CONFLICTS[h]).toEqual([]);
      for (const b of ALL) expect(conflictsWith(b, h)).toBe(false);
    }
  });

  it("lists nothing beyond the bullets and their mirrors", () => {
    const standard = ALL.filter((b) => !(FOUR_DIGIT_OPTIONS as readonly string[]).includes(b));
    const expected = new Map<BetType, BetType[]>([
      ["tengBon3", [...ONE, ...TWO, "shuffle2", ...DOORS]],
      ["tode3", [...ONE, ...TWO, "shuffle2", ...DOORS, "shuffle3"]],
      ["tengBon2", [...ONE, ...THREE, "shuffle3"]],
      ["tengBon1", [...TWO, ...THREE, "shuffle3", "shuffle2", ...DOORS]],
      ["shuffle3", [...ONE, ...TWO, "tode3", "shuffle2", ...DOORS]],
      ["shuffle2", [...ONE, ...THREE, "shuffle3", ...DOORS]],
      ["nineteenDoor", ["roodNha", "roodLung", "shuffle2", ...ONE, ...THREE, "shuffle3"]],
    ]);
    for (const [a, row] of expected)
      expect(standard.filter((b) => conflictsWith(a, b)).sort(), a).toEqual([...row].sort());
    // Combinations a player uses together.
    expect(conflictsWith("tengBon3", "tode3")).toBe(false);
    expect(conflictsWith("tengBon2", "tengLang2")).toBe(false);
    expect(conflictsWith("tengBon2", "nineteenDoor")).toBe(false);
    expect(conflictsWith("tengLang2", "shuffle2")).toBe(false);
    expect(conflictsWith("tengBon1", "tengLang1")).toBe(false);
    expect(conflictsWith("tengBonNha3", "shuffle3")).toBe(false);
  });

  it("is symmetric, and nothing conflicts with itself", () => {
    for (const a of ALL)
      for (const b of ALL) expect(conflictsWith(a, b), `${a} × ${b}`).toBe(conflictsWith(b, a) && a !== b);
  });

  it("separates the 4-digit lotteries' options by length only", () => {
    expect(CONFLICTS.fourTop).toEqual(["threeTop", "threeTode", "threeFront", "twoFront", "twoBack"]);
    expect(CONFLICTS.twoBack).toEqual(["fourTop", "fourTode", "threeTop", "threeTode", "threeFront"]);
    expect(conflictsWith("fourTop", "fourTode")).toBe(false);
    expect(conflictsWith("threeTop", "tengBon2")).toBe(false);
  });
});

describe("toggleOption", () => {
  it("adds a choice and deselects its conflicts", () => {
    expect(toggleOption(["tengBon2", "tengLang2", "nineteenDoor"], "tengBon3")).toEqual(["tengBon3"]);
    expect(toggleOption(["tengBon3", "shuffle3"], "tode3")).toEqual(["tengBon3", "tode3"]);
    expect(toggleOption(["tengBon2", "roodNha"], "nineteenDoor")).toEqual(["tengBon2", "nineteenDoor"]);
    expect(toggleOption(["tengBon3", "tode3"], "nineteenDoor")).toEqual(["nineteenDoor"]);
    expect(toggleOption(["tengBon2", "tengLang2"], "tengBon1")).toEqual(["tengBon1"]);
  });

  it("removes a selected choice and nothing else", () => {
    expect(toggleOption(["tengBon3", "tode3"], "tode3")).toEqual(["tengBon3"]);
    expect(toggleOption(["tengBon2", "tengLang2", "shuffle2"], "shuffle2")).toEqual([
      "tengBon2",
      "tengLang2",
    ]);
  });

  it("keeps a fixed order without duplicates", () => {
    expect(toggleOption(["shuffle2", "tengLang2", "tengBon2", "tengBon2"], "tengBon2")).toEqual([
      "tengLang2",
      "shuffle2",
    ]);
    expect(toggleOption(["tengLang2"], "tengBon2")).toEqual(["tengBon2", "tengLang2"]);
  });

  it("never leaves two conflicting choices selected, whatever the sequence", () => {
    const choices: Choice[] = [...ALL_OPTIONS, ...FLAG_HELPERS];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...choices), { maxLength: 30 }), (taps) => {
        let selected: Choice[] = [];
        for (const tap of taps) {
          const before = selected.includes(tap);
          selected = toggleOption(selected, tap);
          if (selected.includes(tap) === before) return false;
        }
        return selected.every((a) => selected.every((b) => !conflictsWith(a, b)));
      }),
    );
  });
});
