import { describe, expect, it } from "vitest";
import { type AnyOption, addBatch, type Rates, type Slip } from "../../domain/lotto/index.ts";
import { fittingLines, loadSetInto, poyAsSetLines, slipAsSetLines } from "./load.ts";
import type { NumberSetLine } from "./numberSetsApi.ts";

const yeekee = {
  options: ["tengBon3", "tode3", "tengBon2", "tengLang2", "tengBon1", "tengLang1"] as const,
  rates: {
    defaultRate: {
      tengBon3: "900",
      tode3: "150",
      tengBon2: "90",
      tengLang2: "90",
      tengBon1: "3.2",
      tengLang1: "4.2",
    },
    rateNow: [
      { option: "tengBon2", number: "12", multiply: "45" },
      { option: "tengBon3", number: "777", multiply: "0" },
    ],
  } satisfies Rates,
  limits: {
    tengBon3: { min: 100n, max: 50_000n },
    tode3: { min: 100n, max: 50_000n },
    tengBon2: { min: 500n, max: 100_000n },
    tengLang2: { min: 100n, max: 100_000n },
    tengBon1: { min: 100n, max: 100_000n },
    tengLang1: { min: 100n, max: 100_000n },
  },
};
const round = { ...yeekee, options: [...yeekee.options] };

const saved: NumberSetLine[] = [
  { option: "teng_bon_3", number: "123", price: "10.00" },
  { option: "teng_bon_nha_3", number: "456", price: "5.00" },
  { option: "teng_bon_3", number: "777", price: "5.00" },
  { option: "teng_bon_2", number: "12", price: "1.00" },
  { option: "teng_lang_2", number: "34", price: "2000.00" },
];

describe("loading a number set into a round", () => {
  it("adds the lines the round takes as one batch at its rates, prices within its limits, and lists the rest", () => {
    const { slip, added, skipped } = loadSetInto(saved, { lines: [] }, round);
    expect(added).toBe(3);
    expect(slip.lines.map((l) => [l.option, l.number, l.price, l.multiply, l.add])).toEqual([
      ["tengBon3", "123", 1000n, "900", 1],
      // The round's rate now (a restricted number), and its minimum (5 baht) over the saved 1 baht.
      ["tengBon2", "12", 500n, "45", 1],
      // Held at the round's maximum of 1,000 baht.
      ["tengLang2", "34", 100_000n, "90", 1],
    ]);
    expect(skipped).toEqual([
      { option: "teng_bon_nha_3", number: "456", reason: "notOffered" },
      { option: "teng_bon_3", number: "777", reason: "closed" },
    ]);
  });

  it("joins a draft that has lines: a new batch, the draft's own lines kept, nothing twice", () => {
    const draft: Slip = addBatch(
      { lines: [] },
      {
        options: ["tengBon3"] as AnyOption[],
        numbers: ["123", "999"],
        rates: round.rates,
        limits: round.limits,
      },
    ).slip;
    const { slip, added, skipped } = loadSetInto(saved, draft, round);
    expect(added).toBe(2);
    expect(skipped).toContainEqual({ option: "teng_bon_3", number: "123", reason: "duplicate" });
    expect(slip.lines.map((l) => `${l.option}:${l.number}:${l.add}`)).toEqual([
      "tengBon3:123:1",
      "tengBon3:999:1",
      "tengBon2:12:2",
      "tengLang2:34:2",
    ]);
  });

  it("skips unreadable lines rather than guessing", () => {
    const { added, skipped } = loadSetInto(
      [
        { option: "nope", number: "12", price: "1" },
        { option: "teng_bon_2", number: "123", price: "1" },
      ],
      { lines: [] },
      round,
    );
    expect(added).toBe(0);
    expect(skipped.map((s) => s.reason)).toEqual(["notOffered", "notOffered"]);
  });

  it("counts the lines a round's options take", () => {
    expect(fittingLines(saved, ["teng_bon_3", "teng_bon_2", "teng_lang_2"])).toBe(4);
    expect(fittingLines(saved, ["four_top"])).toBe(0);
  });
});

describe("saving lines as a number set", () => {
  it("takes the builder's lines with wire options and baht prices", () => {
    const slip = addBatch(
      { lines: [] },
      { options: ["tengLang2"] as AnyOption[], numbers: ["05"], rates: round.rates, limits: round.limits },
    ).slip;
    expect(slipAsSetLines(slip)).toEqual([{ option: "teng_lang_2", number: "05", price: "1.00" }]);
  });

  it("takes a placed slip's lines as they are", () => {
    expect(
      poyAsSetLines([
        { option: "four_top", number: "4693", price: "1.00", multiply: "8000", status: "won" } as never,
      ]),
    ).toEqual([{ option: "four_top", number: "4693", price: "1.00" }]);
  });
});
