import { describe, expect, it } from "vitest";
import {
  ALL_OPTIONS,
  betMaxField,
  displayIndex,
  FAMILY_OPTIONS,
  FOUR_DIGIT_OPTIONS,
  familyOffers,
  groupOptions,
  isOption,
  isWellFormedNumber,
  LOTTO_OPTIONS,
  OPTION_INFO,
  optionDigits,
  optionFromWire,
  optionWire,
} from "./options.ts";
import { DEFAULT_RATES } from "./rates.ts";

describe("options", () => {
  it("has docs/rules.md's eight options with their wire and Thai names, in display order", () => {
    expect(LOTTO_OPTIONS.map((o) => [o, optionWire(o), OPTION_INFO[o].th])).toEqual([
      ["tengBon3", "teng_bon_3", "สามตัวบน"],
      ["tode3", "tode_3", "สามตัวโต๊ด"],
      ["tengBonNha3", "teng_bon_nha_3", "สามตัวหน้า"],
      ["tengLang3", "teng_lang_3", "สามตัวล่าง"],
      ["tengBon2", "teng_bon_2", "สองตัวบน"],
      ["tengLang2", "teng_lang_2", "สองตัวล่าง"],
      ["tengBon1", "teng_bon_1", "วิ่งบน"],
      ["tengLang1", "teng_lang_1", "วิ่งล่าง"],
    ]);
    expect(LOTTO_OPTIONS.map(optionDigits)).toEqual([3, 3, 3, 3, 2, 2, 1, 1]);
  });

  it("models the 4-digit lotteries' seven options as their own ids", () => {
    expect(FOUR_DIGIT_OPTIONS.map((o) => [o, optionWire(o), optionDigits(o)])).toEqual([
      ["fourTop", "four_top", 4],
      ["fourTode", "four_tode", 4],
      ["threeTop", "three_top", 3],
      ["threeTode", "three_tode", 3],
      ["threeFront", "three_front", 3],
      ["twoFront", "two_front", 2],
      ["twoBack", "two_back", 2],
    ]);
  });

  it("maps wire names both ways, uniquely", () => {
    const wires = ALL_OPTIONS.map(optionWire);
    expect(new Set(wires).size).toBe(ALL_OPTIONS.length);
    for (const o of ALL_OPTIONS) expect(optionFromWire(optionWire(o))).toBe(o);
    expect(optionFromWire("tengBon2")).toBeNull();
    expect(optionFromWire("teng_bon_4")).toBeNull();
    expect(isOption("tode3")).toBe(true);
    expect(isOption("tode_3")).toBe(false);
  });

  it("checks a number has exactly the option's digits", () => {
    expect(isWellFormedNumber("tengBon2", "05")).toBe(true);
    expect(isWellFormedNumber("tengBon2", "5")).toBe(false);
    expect(isWellFormedNumber("tengBon2", "005")).toBe(false);
    expect(isWellFormedNumber("tengBon3", "123")).toBe(true);
    expect(isWellFormedNumber("tode3", "12a")).toBe(false);
    expect(isWellFormedNumber("tengBon1", "7")).toBe(true);
    expect(isWellFormedNumber("tengLang1", "-")).toBe(false);
    expect(isWellFormedNumber("fourTop", "0469")).toBe(true);
    expect(isWellFormedNumber("tengBon2", " 5")).toBe(false);
    expect(isWellFormedNumber("tengBon2", "٠٥")).toBe(false); // Arabic-Indic digits
    expect(isWellFormedNumber("tengBon2", "๑๒")).toBe(false); // Thai digits
  });

  it("names the round's per-option maximum betMax + UpperCamel option", () => {
    expect(betMaxField("tengBon3")).toBe("betMaxTengBon3");
    expect(betMaxField("tode3")).toBe("betMaxTode3");
    expect(betMaxField("tengBonNha3")).toBe("betMaxTengBonNha3");
  });

  it("offers per family what docs/rules.md says", () => {
    const five = ["tengBon3", "tode3", "tengBon2", "tengLang2", "tengBon1", "tengLang1"];
    expect(FAMILY_OPTIONS.yeekee).toEqual(five);
    expect(FAMILY_OPTIONS.yeekee5Min).toEqual(five);
    expect(FAMILY_OPTIONS.pingpong).toEqual(five);
    expect(FAMILY_OPTIONS.stock).toEqual(five);
    expect(FAMILY_OPTIONS.gov).toEqual(LOTTO_OPTIONS);
    expect(FAMILY_OPTIONS.set4).toEqual(FOUR_DIGIT_OPTIONS);
    expect(familyOffers("gov", "tengBonNha3")).toBe(true);
    expect(familyOffers("yeekee", "tengBonNha3")).toBe(false);
    expect(familyOffers("stock", "tengLang3")).toBe(false);
    expect(familyOffers("set4", "tengBon3")).toBe(false);
    // Each family's list is in display order.
    for (const list of Object.values(FAMILY_OPTIONS))
      expect([...list].sort((a, b) => displayIndex(a) - displayIndex(b))).toEqual(list);
  });
});

describe("groupOptions", () => {
  it("groups by suffix 1, 2, 3; yeekee's group 3 is 3-top then tode", () => {
    expect(groupOptions(FAMILY_OPTIONS.yeekee, DEFAULT_RATES.yeekee)).toEqual([
      { digits: 1, options: ["tengBon1", "tengLang1"] },
      { digits: 2, options: ["tengBon2", "tengLang2"] },
      { digits: 3, options: ["tengBon3", "tode3"] },
    ]);
  });

  it("orders group 3 by multiplier with tode swapped into second place", () => {
    // By multiplier alone: 3-top 900, 3-front 450, 3-back 450, tode 150; tode trades places with 3-front.
    expect(groupOptions(LOTTO_OPTIONS, DEFAULT_RATES.gov)[2]?.options).toEqual([
      "tengBon3",
      "tode3",
      "tengLang3",
      "tengBonNha3",
    ]);
    // 3-back paying more than 3-front: the swap gives the display order.
    const rates = { ...DEFAULT_RATES.gov, tengBonNha3: "400", tengLang3: "450" };
    expect(groupOptions(LOTTO_OPTIONS, rates)[2]?.options).toEqual([
      "tengBon3",
      "tode3",
      "tengBonNha3",
      "tengLang3",
    ]);
    // Tode already second by multiplier: nothing to swap.
    const rich = { ...DEFAULT_RATES.gov, tode3: "500" };
    expect(groupOptions(LOTTO_OPTIONS, rich)[2]?.options).toEqual([
      "tengBon3",
      "tode3",
      "tengBonNha3",
      "tengLang3",
    ]);
    // Multipliers compare as numbers, not strings ("90" > "450" as text).
    const odd = { tengBon3: "90", tengBonNha3: "450", tengLang3: "1000", tode3: "5" };
    expect(groupOptions(LOTTO_OPTIONS, odd)[2]?.options).toEqual([
      "tengLang3",
      "tode3",
      "tengBon3",
      "tengBonNha3",
    ]);
  });

  it("applies the same rule to the 4-digit lotteries' group 3 and keeps group 4 in display order", () => {
    expect(groupOptions(FOUR_DIGIT_OPTIONS, DEFAULT_RATES.set4)).toEqual([
      { digits: 2, options: ["twoFront", "twoBack"] },
      { digits: 3, options: ["threeTop", "threeTode", "threeFront"] },
      { digits: 4, options: ["fourTop", "fourTode"] },
    ]);
  });

  it("sorts an option without a rate last and ignores duplicates", () => {
    expect(groupOptions(["tengLang3", "tengBon3", "tengBon3"], { tengBon3: "900" })).toEqual([
      { digits: 3, options: ["tengBon3", "tengLang3"] },
    ]);
  });
});
