import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ble,
  even,
  expandEntry,
  expandHelper,
  FLAG_HELPERS,
  HELPER_WIRE,
  helperFromWire,
  helperOptions,
  high,
  low,
  nineteenDoor,
  ONE_SHOT_HELPERS,
  odd,
  oneShotBatch,
  roodLung,
  roodNha,
  shuffle2,
  shuffle3,
} from "./helpers.ts";

const two = (n: number) => n.toString().padStart(2, "0");
const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => two(from + i * step));

describe("helpers (docs/rules.md table)", () => {
  it("shuffle_3: every distinct ordering: 123 → 6 numbers, 112 → 3, 111 → 1", () => {
    expect(shuffle3("123")).toEqual(["123", "132", "213", "231", "312", "321"]);
    expect(shuffle3("112")).toEqual(["112", "121", "211"]);
    expect(shuffle3("111")).toEqual(["111"]);
    expect(shuffle3("12")).toEqual([]);
    expect(shuffle3("1234")).toEqual([]);
    expect(shuffle3("12a")).toEqual([]);
  });

  it("shuffle_2: {ab, ba}; 11 → {11}", () => {
    expect(shuffle2("12")).toEqual(["12", "21"]);
    expect(shuffle2("90")).toEqual(["09", "90"]);
    expect(shuffle2("11")).toEqual(["11"]);
    expect(shuffle2("1")).toEqual([]);
  });

  it("option_2_19: 19 numbers (5 → 05,15,…,45,50–59,65,…,95)", () => {
    const five = nineteenDoor("5");
    expect(five).toEqual([
      "05",
      "15",
      "25",
      "35",
      "45",
      "50",
      "51",
      "52",
      "53",
      "54",
      "55",
      "56",
      "57",
      "58",
      "59",
      "65",
      "75",
      "85",
      "95",
    ]);
    expect(five).toHaveLength(19);
    expect(nineteenDoor("0")).toHaveLength(19);
    expect(nineteenDoor("55")).toEqual([]);
  });

  it("option_2_roodnha: d0–d9; option_2_roodlung: 0d–9d", () => {
    expect(roodNha("5")).toEqual(range(50, 59));
    expect(roodLung("5")).toEqual(range(5, 95, 10));
    expect(roodNha("0")).toEqual(range(0, 9));
    expect(roodNha("x")).toEqual([]);
    expect(roodLung("")).toEqual([]);
  });

  it("option_2_ble: 00, 11, …, 99", () => {
    expect(ble()).toEqual(range(0, 99, 11));
  });

  it("option_2_low / option_2_high: 00–49 / 50–99", () => {
    expect(low()).toEqual(range(0, 49));
    expect(high()).toEqual(range(50, 99));
  });

  it("option_2_even / option_2_odd: 00, 02, …, 98 / 01, 03, …, 99", () => {
    expect(even()).toEqual(range(0, 98, 2));
    expect(odd()).toEqual(range(1, 99, 2));
  });

  it("generates distinct, sorted numbers of the right digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{3}$/), (digits) => {
        const out = shuffle3(digits);
        const distinct = new Set(digits).size;
        const sorted = (s: string) => [...s].sort().join("");
        return (
          out.length === [0, 1, 3, 6][distinct] &&
          new Set(out).size === out.length &&
          out.every((n) => sorted(n) === sorted(digits)) &&
          out.join() === [...out].sort().join()
        );
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...[...Array(10).keys()].map(String)), (d) => {
        const door = nineteenDoor(d);
        return door.length === 19 && door.every((n) => n.includes(d)) && new Set(door).size === 19;
      }),
    );
  });

  it("names helpers as docs/rules.md does", () => {
    expect(Object.values(HELPER_WIRE)).toEqual([
      "shuffle_3",
      "shuffle_2",
      "option_2_19",
      "option_2_roodnha",
      "option_2_roodlung",
      "option_2_ble",
      "option_2_low",
      "option_2_high",
      "option_2_even",
      "option_2_odd",
    ]);
    for (const h of [...FLAG_HELPERS, ...ONE_SHOT_HELPERS]) expect(helperFromWire(HELPER_WIRE[h])).toBe(h);
    expect(helperFromWire("teng_bon_2")).toBeNull();
    expect(expandHelper("odd")).toEqual(odd());
    expect(expandHelper("roodNha", "3")).toEqual(roodNha("3"));
  });
});

describe("which options a helper's numbers go to", () => {
  it("option_2_* helpers add lines for teng_bon_2 and teng_lang_2 only", () => {
    const all = ["tengBon3", "tode3", "tengBon2", "tengLang2", "tengBon1", "tengLang1"] as const;
    for (const h of ["nineteenDoor", "roodNha", "roodLung", ...ONE_SHOT_HELPERS] as const)
      expect(helperOptions(h, all), h).toEqual(["tengBon2", "tengLang2"]);
    expect(helperOptions("nineteenDoor", ["tengLang2"])).toEqual(["tengLang2"]);
    expect(helperOptions("ble", ["tengBon3", "twoFront"])).toEqual([]);
  });

  it("reverse goes to the selected options of its length, never to tode", () => {
    expect(helperOptions("shuffle3", ["tengBon3", "tode3", "tengLang3", "tengBon2"])).toEqual([
      "tengBon3",
      "tengLang3",
    ]);
    expect(helperOptions("shuffle2", ["tengBon3", "tengBon2", "tengLang2"])).toEqual([
      "tengBon2",
      "tengLang2",
    ]);
  });

  it("a one-shot button adds nothing when no 2-digit option is selected", () => {
    expect(oneShotBatch("ble", ["tengBon3"])).toEqual({ options: [], numbers: [] });
    expect(oneShotBatch("high", ["tengBon2"])).toEqual({ options: ["tengBon2"], numbers: high() });
  });

  it("expands a typed entry by the flags that are on", () => {
    const twos = ["tengBon2", "tengLang2"] as const;
    expect(expandEntry(twos, ["nineteenDoor"], "5")).toEqual({ options: twos, numbers: nineteenDoor("5") });
    expect(expandEntry(twos, ["roodLung"], "5")).toEqual({ options: twos, numbers: roodLung("5") });
    expect(expandEntry(twos, ["shuffle2"], "12")).toEqual({ options: twos, numbers: ["12", "21"] });
    expect(expandEntry(["tengBon3"], ["shuffle3"], "112")).toEqual({
      options: ["tengBon3"],
      numbers: ["112", "121", "211"],
    });
    expect(expandEntry(twos, [], "12")).toEqual({ options: twos, numbers: ["12"] });
    // Only options of the entry's length take it.
    expect(expandEntry(["tengBon3", "tode3", "tengBon1"], [], "123")).toEqual({
      options: ["tengBon3", "tode3"],
      numbers: ["123"],
    });
    expect(expandEntry(["tengBon3"], [], "12")).toEqual({ options: [], numbers: [] });
    expect(expandEntry(twos, [], "1a")).toEqual({ options: [], numbers: [] });
    expect(expandEntry(["tengBon3"], ["nineteenDoor"], "5")).toEqual({ options: [], numbers: [] });
  });
});
