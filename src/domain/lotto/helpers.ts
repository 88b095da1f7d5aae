import { type AnyOption, isWellFormedNumber, OPTION_INFO, optionDigits } from "./options.ts";

/**
 * Helpers that add batches of numbers (docs/rules.md "Helpers").
 * Every helper returns distinct numbers in ascending order, so the server can run the same function on what a
 * client sent and get the same, deduplicated list.
 *
 * Flags stay on while the player types (reverse for 3 or 2 digits, 19-door, rood front, rood back) and expand each
 * entry; one-shot buttons (double, low, high, even, odd) add their batch at once and conflict with nothing.
 */

export const FLAG_HELPERS = ["shuffle3", "shuffle2", "nineteenDoor", "roodNha", "roodLung"] as const;
export type FlagHelper = (typeof FLAG_HELPERS)[number];
export const ONE_SHOT_HELPERS = ["ble", "low", "high", "even", "odd"] as const;
export type OneShotHelper = (typeof ONE_SHOT_HELPERS)[number];
export type Helper = FlagHelper | OneShotHelper;

/** The bet-type names the product uses (docs/rules.md "Helpers"). */
export const HELPER_WIRE: Readonly<Record<Helper, string>> = {
  shuffle3: "shuffle_3",
  shuffle2: "shuffle_2",
  nineteenDoor: "option_2_19",
  roodNha: "option_2_roodnha",
  roodLung: "option_2_roodlung",
  ble: "option_2_ble",
  low: "option_2_low",
  high: "option_2_high",
  even: "option_2_even",
  odd: "option_2_odd",
};

export function helperFromWire(wire: string): Helper | null {
  for (const [helper, name] of Object.entries(HELPER_WIRE)) if (name === wire) return helper as Helper;
  return null;
}

const DIGITS = /^[0-9]+$/;

function distinctSorted(numbers: Iterable<string>): string[] {
  return [...new Set(numbers)].sort();
}

function permutations(digits: string): string[] {
  if (digits.length <= 1) return [digits];
  const out: string[] = [];
  for (let i = 0; i < digits.length; i++) {
    for (const rest of permutations(digits.slice(0, i) + digits.slice(i + 1))) out.push(digits[i] + rest);
  }
  return out;
}

/** 6 กลับ: every distinct ordering of 3 digits (123 → 6, 112 → 3, 111 → 1); [] unless exactly 3 digits. */
export function shuffle3(digits: string): string[] {
  return digits.length === 3 && DIGITS.test(digits) ? distinctSorted(permutations(digits)) : [];
}

/** กลับ: {ab, ba}; 11 → {11}; [] unless exactly 2 digits. */
export function shuffle2(digits: string): string[] {
  return digits.length === 2 && DIGITS.test(digits) ? distinctSorted(permutations(digits)) : [];
}

function isDigit(d: string): boolean {
  return d.length === 1 && DIGITS.test(d);
}

const TEN = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

/** รูดหน้า: d0–d9. */
export function roodNha(d: string): string[] {
  return isDigit(d) ? TEN.map((x) => d + x) : [];
}

/** รูดหลัง: 0d–9d. */
export function roodLung(d: string): string[] {
  return isDigit(d) ? TEN.map((x) => x + d) : [];
}

/** 19 ประตู: d0–d9 ∪ 0d–9d, dd once: 19 numbers. */
export function nineteenDoor(d: string): string[] {
  return distinctSorted([...roodNha(d), ...roodLung(d)]);
}

const ALL_TWO = Array.from({ length: 100 }, (_, i) => i.toString().padStart(2, "0"));

/** เบิ้ล: 00, 11, …, 99. */
export function ble(): string[] {
  return TEN.map((d) => d + d);
}
/** 00–49. */
export function low(): string[] {
  return ALL_TWO.slice(0, 50);
}
/** 50–99. */
export function high(): string[] {
  return ALL_TWO.slice(50);
}
/** 00, 02, …, 98. */
export function even(): string[] {
  return ALL_TWO.filter((_, i) => i % 2 === 0);
}
/** 01, 03, …, 99. */
export function odd(): string[] {
  return ALL_TWO.filter((_, i) => i % 2 === 1);
}

/** Numbers a helper generates; `input` is the typed digits (ignored by one-shot buttons). */
export function expandHelper(helper: Helper, input = ""): string[] {
  switch (helper) {
    case "shuffle3":
      return shuffle3(input);
    case "shuffle2":
      return shuffle2(input);
    case "nineteenDoor":
      return nineteenDoor(input);
    case "roodNha":
      return roodNha(input);
    case "roodLung":
      return roodLung(input);
    case "ble":
      return ble();
    case "low":
      return low();
    case "high":
      return high();
    case "even":
      return even();
    case "odd":
      return odd();
  }
}

const TWO_DIGIT_TARGETS: readonly AnyOption[] = ["tengBon2", "tengLang2"];

/**
 * The selected options a helper's numbers go to. Every option_2_* helper (19-door, roods, double, low, high,
 * even, odd) feeds teng_bon_2 and teng_lang_2 only, and only those of the two the player selected: choosing just
 * 2-top then 19-door means 19 lines of 2-top. Reverse goes to the selected options of its length, never to a tode
 * option (every ordering of a tode number is the same bet).
 */
export function helperOptions(helper: Helper, selected: readonly AnyOption[]): AnyOption[] {
  const chosen = [...new Set(selected)];
  if (helper === "shuffle3" || helper === "shuffle2") {
    const length = helper === "shuffle3" ? 3 : 2;
    return chosen.filter((o) => optionDigits(o) === length && !OPTION_INFO[o].tode);
  }
  return chosen.filter((o) => TWO_DIGIT_TARGETS.includes(o));
}

export interface Batch {
  options: AnyOption[];
  numbers: string[];
}

/** A one-shot button's batch for the current selection. */
export function oneShotBatch(helper: OneShotHelper, selected: readonly AnyOption[]): Batch {
  const options = helperOptions(helper, selected);
  return { options, numbers: options.length > 0 ? expandHelper(helper) : [] };
}

/**
 * What one typed entry adds, given the selected options and flags. A 1-digit entry with 19-door or a rood on
 * expands for the 2-digit options; an entry with reverse on and of reverse's length expands to its orderings;
 * otherwise the entry is one number for the selected options of its length. Empty when nothing applies.
 */
export function expandEntry(
  selected: readonly AnyOption[],
  flags: readonly FlagHelper[],
  entry: string,
): Batch {
  const empty: Batch = { options: [], numbers: [] };
  if (!DIGITS.test(entry)) return empty;
  for (const flag of ["nineteenDoor", "roodNha", "roodLung", "shuffle3", "shuffle2"] as const) {
    if (!flags.includes(flag)) continue;
    const numbers = expandHelper(flag, entry);
    if (numbers.length === 0) continue;
    const options = helperOptions(flag, selected);
    return options.length > 0 ? { options, numbers } : empty;
  }
  const options = [...new Set(selected)].filter((o) => isWellFormedNumber(o, entry));
  return options.length > 0 ? { options, numbers: [entry] } : empty;
}
