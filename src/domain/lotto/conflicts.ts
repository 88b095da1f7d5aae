import { FLAG_HELPERS, type FlagHelper, type Helper } from "./helpers.ts";
import { ALL_OPTIONS, type AnyOption, FOUR_DIGIT_OPTIONS, optionDigits } from "./options.ts";

/**
 * The conflict table (docs/rules.md "Conflicts"): choosing a bet type deselects the types
 * incompatible with it.
 *
 * Rows are that section's bullets, one to one. Incompatibility is symmetric, and every pair the rules name is named
 * from both sides except 19-door and the roods: their bullet names only each other and shuffle_2, while the
 * 3-digit, 1-digit and shuffle_3 bullets name them. Their rows carry those mirrors, or choosing 19-door after
 * 3-top would leave both selected, a state the other order of choosing forbids.
 *
 * The 4-digit lotteries' options are not in that table. They follow the rule behind it (an entry is one
 * number, so options of different lengths cannot share an entry): each conflicts with the 4-digit options of
 * other lengths, and with nothing else.
 */

export type BetType = AnyOption | Helper;
/** What a player toggles: an option or a flag. One-shot buttons are pressed, not selected. */
export type Choice = AnyOption | FlagHelper;

const THREE: readonly BetType[] = ["tengBon3", "tode3", "tengBonNha3", "tengLang3"];
const TWO: readonly BetType[] = ["tengBon2", "tengLang2"];
const ONE: readonly BetType[] = ["tengBon1", "tengLang1"];
const DOORS: readonly BetType[] = ["nineteenDoor", "roodNha", "roodLung"];

const THREE_ROW = [...ONE, ...TWO, "shuffle2", ...DOORS] as const;
const DOOR_MIRRORS = [...ONE, ...THREE, "shuffle3"] as const;

const fourDigitRow = (option: AnyOption): BetType[] =>
  FOUR_DIGIT_OPTIONS.filter((o) => optionDigits(o) !== optionDigits(option));

export const CONFLICTS: Readonly<Record<BetType, readonly BetType[]>> = {
  // Any 3-digit option: the 1- and 2-digit options, shuffle_2, 19-door, rood front and rood back.
  tengBon3: THREE_ROW,
  tengBonNha3: THREE_ROW,
  tengLang3: THREE_ROW,
  // tode_3 also conflicts with shuffle_3.
  tode3: [...THREE_ROW, "shuffle3"],
  // teng_bon_2 / teng_lang_2: the 1-digit options, every 3-digit option and shuffle_3.
  tengBon2: [...ONE, ...THREE, "shuffle3"],
  tengLang2: [...ONE, ...THREE, "shuffle3"],
  // teng_bon_1 / teng_lang_1: every 2- and 3-digit option, both shuffles, 19-door and both roods.
  tengBon1: [...TWO, ...THREE, "shuffle3", "shuffle2", ...DOORS],
  tengLang1: [...TWO, ...THREE, "shuffle3", "shuffle2", ...DOORS],
  // shuffle_3: the 1- and 2-digit options, tode_3, shuffle_2, 19-door and both roods.
  shuffle3: [...ONE, ...TWO, "tode3", "shuffle2", ...DOORS],
  // shuffle_2: the 1-digit options, every 3-digit option, shuffle_3, 19-door and both roods.
  shuffle2: [...ONE, ...THREE, "shuffle3", ...DOORS],
  // 19-door, rood front and rood back exclude each other and shuffle_2 (plus the mirrors, see above).
  nineteenDoor: ["roodNha", "roodLung", "shuffle2", ...DOOR_MIRRORS],
  roodNha: ["nineteenDoor", "roodLung", "shuffle2", ...DOOR_MIRRORS],
  roodLung: ["nineteenDoor", "roodNha", "shuffle2", ...DOOR_MIRRORS],
  // ble, low, high, even, odd: nothing (one-shot buttons).
  ble: [],
  low: [],
  high: [],
  even: [],
  odd: [],
  fourTop: fourDigitRow("fourTop"),
  fourTode: fourDigitRow("fourTode"),
  threeTop: fourDigitRow("threeTop"),
  threeTode: fourDigitRow("threeTode"),
  threeFront: fourDigitRow("threeFront"),
  twoFront: fourDigitRow("twoFront"),
  twoBack: fourDigitRow("twoBack"),
};

export function conflictsWith(a: BetType, b: BetType): boolean {
  return CONFLICTS[a].includes(b);
}

const CHOICE_ORDER: readonly Choice[] = [...ALL_OPTIONS, ...FLAG_HELPERS];

const choiceIndex = (choice: Choice): number => CHOICE_ORDER.indexOf(choice);

/**
 * Toggle `choice`: a selected choice is removed; otherwise it is added and every choice it conflicts with is
 * removed. The result is in a fixed order (options in display order, then flags) without duplicates.
 */
export function toggleOption(selected: readonly Choice[], choice: Choice): Choice[] {
  const current = [...new Set(selected)];
  const next = current.includes(choice)
    ? current.filter((c) => c !== choice)
    : [...current.filter((c) => !conflictsWith(choice, c)), choice];
  return next.sort((a, b) => choiceIndex(a) - choiceIndex(b));
}
