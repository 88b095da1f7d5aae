import { compareDecimal, isDecimal } from "./decimal.ts";

/**
 * Bet options (docs/rules.md "Options and how each wins", "Field names").
 *
 * Fixed display order (docs/rules.md "Options and how each wins": the product fixes an order without spelling it out): the
 * order of that table, 3-digit options first, then 2-digit, then the run options. Slip lines sort by it.
 *
 * The picker groups options by their wire suffix 1, 2, 3 (groups in that order). Group 3 is ordered by multiplier,
 * highest first (ties in display order), and then tode3 swaps places with the entry second in line: tode3 is 3-top
 * "in any order", the bet a player adds to a 3-top number, so it sits next to 3-top although it pays least. With
 * the yeekee/stock group [3-top, tode] nothing moves; with the government defaults (900, 450, 450, 150) the group
 * reads 3-top, tode, 3-back, 3-front.
 *
 * 4-digit lotteries (Hanoi, Lao, Lao Super, Malay) have their own seven options, modelled as additional option ids
 * with their own wire names (fourTop/four_top ...), not as the eight above: their 3-front is one number (WXY), not
 * the government's pair, and their rates and limits are configured apart.
 */

export const LOTTO_OPTIONS = [
  "tengBon3",
  "tode3",
  "tengBonNha3",
  "tengLang3",
  "tengBon2",
  "tengLang2",
  "tengBon1",
  "tengLang1",
] as const;
export type LottoOption = (typeof LOTTO_OPTIONS)[number];

export const FOUR_DIGIT_OPTIONS = [
  "fourTop",
  "fourTode",
  "threeTop",
  "threeTode",
  "threeFront",
  "twoFront",
  "twoBack",
] as const;
export type FourDigitOption = (typeof FOUR_DIGIT_OPTIONS)[number];

export type AnyOption = LottoOption | FourDigitOption;
/** Display order of every option: the eight, then the 4-digit lotteries' seven (never on the same slip). */
export const ALL_OPTIONS: readonly AnyOption[] = [...LOTTO_OPTIONS, ...FOUR_DIGIT_OPTIONS];

export interface OptionInfo {
  wire: string;
  digits: 1 | 2 | 3 | 4;
  th: string;
  en: string;
  /** Wins on any ordering of the digits. */
  tode: boolean;
}

export const OPTION_INFO: Readonly<Record<AnyOption, OptionInfo>> = {
  tengBon3: { wire: "teng_bon_3", digits: 3, th: "สามตัวบน", en: "3 top", tode: false },
  tode3: { wire: "tode_3", digits: 3, th: "สามตัวโต๊ด", en: "3 tode", tode: true },
  tengBonNha3: { wire: "teng_bon_nha_3", digits: 3, th: "สามตัวหน้า", en: "3 front", tode: false },
  tengLang3: { wire: "teng_lang_3", digits: 3, th: "สามตัวล่าง", en: "3 back", tode: false },
  tengBon2: { wire: "teng_bon_2", digits: 2, th: "สองตัวบน", en: "2 top", tode: false },
  tengLang2: { wire: "teng_lang_2", digits: 2, th: "สองตัวล่าง", en: "2 bottom", tode: false },
  tengBon1: { wire: "teng_bon_1", digits: 1, th: "วิ่งบน", en: "Run top", tode: false },
  tengLang1: { wire: "teng_lang_1", digits: 1, th: "วิ่งล่าง", en: "Run bottom", tode: false },
  fourTop: { wire: "four_top", digits: 4, th: "สี่ตัวตรง", en: "4 straight", tode: false },
  fourTode: { wire: "four_tode", digits: 4, th: "สี่ตัวโต๊ด", en: "4 tode", tode: true },
  threeTop: { wire: "three_top", digits: 3, th: "สามตัวตรง", en: "3 straight", tode: false },
  threeTode: { wire: "three_tode", digits: 3, th: "สามตัวโต๊ด", en: "3 tode", tode: true },
  threeFront: { wire: "three_front", digits: 3, th: "สามตัวหน้า", en: "3 front", tode: false },
  twoFront: { wire: "two_front", digits: 2, th: "สองตัวหน้า", en: "2 front", tode: false },
  twoBack: { wire: "two_back", digits: 2, th: "สองตัวหลัง", en: "2 back", tode: false },
};

const WIRE_TO_OPTION = new Map<string, AnyOption>(ALL_OPTIONS.map((o) => [OPTION_INFO[o].wire, o]));
const DISPLAY_INDEX = new Map<AnyOption, number>(ALL_OPTIONS.map((o, i) => [o, i]));

export function isOption(value: string): value is AnyOption {
  return DISPLAY_INDEX.has(value as AnyOption);
}

export function optionWire(option: AnyOption): string {
  return OPTION_INFO[option].wire;
}

/** "teng_bon_2" -> "tengBon2"; null for anything that is not a wire name. */
export function optionFromWire(wire: string): AnyOption | null {
  return WIRE_TO_OPTION.get(wire) ?? null;
}

export function optionDigits(option: AnyOption): number {
  return OPTION_INFO[option].digits;
}

/** Position in the fixed display order, for sorting. */
export function displayIndex(option: AnyOption): number {
  return DISPLAY_INDEX.get(option) ?? Number.MAX_SAFE_INTEGER;
}

/** Exactly the option's digit count, ASCII digits only ("05" for a 2-digit option, never "5" or "٠٥"). */
export function isWellFormedNumber(option: AnyOption, number: string): boolean {
  const digits = OPTION_INFO[option]?.digits;
  return digits !== undefined && number.length === digits && /^[0-9]+$/.test(number);
}

/** The round's per-option maximum field (docs/rules.md "Field names": betMax plus the option in upper camel case). */
export function betMaxField(option: AnyOption): string {
  return `betMax${option[0]?.toUpperCase()}${option.slice(1)}`;
}

/**
 * Lottery families: the server's groups (yeekee, yeekee5Min, pingpong, gov, stock) and set4 for the 4-digit
 * lotteries (BET_SET_4 in the ledger).
 */
export const LOTTO_FAMILIES = ["yeekee", "yeekee5Min", "pingpong", "gov", "stock", "set4"] as const;
export type LottoFamily = (typeof LOTTO_FAMILIES)[number];

const FIVE_DIGIT_FAMILY_OPTIONS: readonly LottoOption[] = [
  "tengBon3",
  "tode3",
  "tengBon2",
  "tengLang2",
  "tengBon1",
  "tengLang1",
];

/** What each family offers, in display order (3-front and 3-back exist only in the government lottery). */
export const FAMILY_OPTIONS: Readonly<Record<LottoFamily, readonly AnyOption[]>> = {
  yeekee: FIVE_DIGIT_FAMILY_OPTIONS,
  yeekee5Min: FIVE_DIGIT_FAMILY_OPTIONS,
  pingpong: FIVE_DIGIT_FAMILY_OPTIONS,
  stock: FIVE_DIGIT_FAMILY_OPTIONS,
  gov: LOTTO_OPTIONS,
  set4: FOUR_DIGIT_OPTIONS,
};

export function familyOffers(family: LottoFamily, option: AnyOption): boolean {
  return FAMILY_OPTIONS[family].includes(option);
}

export interface OptionGroup {
  /** The wire suffix (digit count): 1, 2, 3, and 4 for the 4-digit lotteries. */
  digits: number;
  options: AnyOption[];
}

/**
 * The picker's groups (see the module comment): by digit count ascending; group 3 by multiplier descending with
 * the tode swap; other groups in display order. An option without a valid rate sorts as if it paid 0.
 */
export function groupOptions(
  options: readonly AnyOption[],
  rates: Partial<Record<AnyOption, string>>,
): OptionGroup[] {
  const sorted = [...new Set(options)].sort((a, b) => displayIndex(a) - displayIndex(b));
  const digits = [...new Set(sorted.map(optionDigits))].sort((a, b) => a - b);
  return digits.map((d) => {
    const group = sorted.filter((o) => optionDigits(o) === d);
    if (d !== 3) return { digits: d, options: group };
    const rate = (o: AnyOption) => {
      const r = rates[o];
      return r !== undefined && isDecimal(r) ? r : "0";
    };
    // Array.prototype.sort is stable, so equal multipliers keep display order.
    group.sort((a, b) => compareDecimal(rate(b), rate(a)));
    const tode = group.findIndex((o) => OPTION_INFO[o].tode);
    if (tode > 1) {
      const second = group[1] as AnyOption;
      group[1] = group[tode] as AnyOption;
      group[tode] = second;
    }
    return { digits: d, options: group };
  });
}
