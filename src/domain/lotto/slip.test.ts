import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nineteenDoor } from "./helpers.ts";
import { type AnyOption, displayIndex, FAMILY_OPTIONS } from "./options.ts";
import { DEFAULT_LIMITS, DEFAULT_RATES, type Rates } from "./rates.ts";
import {
  addBatch,
  applyRates,
  type BatchRequest,
  EMPTY_SLIP,
  lineRef,
  potentialWin,
  rateChanges,
  removeLine,
  removeNumber,
  type Slip,
  setAllPrices,
  setPrice,
  slipTotals,
  undoLastBatch,
} from "./slip.ts";

const rates: Rates = { defaultRate: DEFAULT_RATES.yeekee };
const batch = (options: AnyOption[], numbers: string[], r: Rates = rates): BatchRequest => ({
  options,
  numbers,
  rates: r,
  limits: DEFAULT_LIMITS,
});
const view = (slip: Slip) => slip.lines.map((l) => `${l.add} ${l.option} ${l.number}`);

describe("addBatch", () => {
  it("adds a line per option × number with price at betMin, the round's max and the rate", () => {
    const { slip, added, skipped } = addBatch(EMPTY_SLIP, batch(["tengBon2", "tengLang2"], ["12", "21"]));
    expect(added).toBe(4);
    expect(skipped).toEqual([]);
    expect(slip.lines[0]).toEqual({
      ref: "tengBon2:12",
      add: 1,
      option: "tengBon2",
      number: "12",
      price: 100n,
      min: 100n,
      max: 10_000_00n,
      multiply: "90",
    });
    expect(view(slip)).toEqual(["1 tengBon2 12", "1 tengBon2 21", "1 tengLang2 12", "1 tengLang2 21"]);
  });

  it("gives each batch the next index and sorts by option (display order) then number", () => {
    let slip = addBatch(EMPTY_SLIP, batch(["tengBon1"], ["9", "3"])).slip;
    slip = addBatch(slip, batch(["tengBon3", "tode3"], ["456"])).slip;
    slip = addBatch(slip, batch(["tengBon3"], ["123"])).slip;
    expect(view(slip)).toEqual([
      "3 tengBon3 123",
      "2 tengBon3 456",
      "2 tode3 456",
      "1 tengBon1 3",
      "1 tengBon1 9",
    ]);
  });

  it("keeps the existing line for the same option and number, and reports the duplicate", () => {
    let slip = addBatch(EMPTY_SLIP, batch(["tengBon2"], ["12"])).slip;
    slip = setPrice(slip, "tengBon2:12", 5_000n);
    const result = addBatch(slip, batch(["tengBon2", "tengLang2"], ["12", "12"]));
    expect(result.added).toBe(1);
    expect(result.skipped).toEqual([{ option: "tengBon2", number: "12", reason: "duplicate" }]);
    expect(result.slip.lines.map((l) => [l.ref, l.add, l.price])).toEqual([
      ["tengBon2:12", 1, 5_000n],
      ["tengLang2:12", 2, 100n],
    ]);
  });

  it("skips a rate of 0 and reports it", () => {
    const closed: Rates = { ...rates, rateNow: [{ option: "tengBon2", number: "55", multiply: "0" }] };
    const { slip, skipped } = addBatch(
      EMPTY_SLIP,
      batch(["tengBon2", "tengLang2"], nineteenDoor("5"), closed),
    );
    expect(skipped).toEqual([{ option: "tengBon2", number: "55", reason: "closed" }]);
    expect(slip.lines).toHaveLength(37);
    expect(slip.lines.some((l) => l.ref === "tengBon2:55")).toBe(false);
    expect(slip.lines.some((l) => l.ref === "tengLang2:55")).toBe(true);
  });

  it("takes a restricted number's rate", () => {
    const cut: Rates = { ...rates, rateNow: [{ option: "tode3", number: "321", multiply: "75" }] };
    const { slip } = addBatch(EMPTY_SLIP, batch(["tode3", "tengBon3"], ["123"], cut));
    expect(slip.lines.map((l) => [l.ref, l.multiply])).toEqual([
      ["tengBon3:123", "900"],
      ["tode3:123", "75"],
    ]);
  });

  it("skips malformed numbers and options without a rate or a usable limit", () => {
    const r = addBatch(EMPTY_SLIP, {
      ...batch(["tengBon3", "tengBonNha3", "tengBon2"], ["123"]),
      limits: { tengBon3: DEFAULT_LIMITS.tengBon3 },
    });
    expect(r.skipped).toEqual([
      { option: "tengBonNha3", number: "123", reason: "unavailable" }, // yeekee has no 3-front
      { option: "tengBon2", number: "123", reason: "malformed" },
    ]);
    const broken = addBatch(EMPTY_SLIP, {
      ...batch(["tengBon3"], ["123"]),
      limits: { tengBon3: { min: 500n, max: 100n } },
    });
    expect(broken.skipped).toEqual([{ option: "tengBon3", number: "123", reason: "unavailable" }]);
    expect(broken.added).toBe(0);
  });

  it("leaves the slip as it was when nothing is added, using no batch index", () => {
    const first = addBatch(EMPTY_SLIP, batch(["tengBon2"], ["12"])).slip;
    const again = addBatch(first, batch(["tengBon2"], ["12"]));
    expect(again.added).toBe(0);
    expect(again.slip).toBe(first);
    expect(addBatch(first, batch(["tengBon2"], ["34"])).slip.lines.map((l) => l.add)).toEqual([1, 2]);
  });

  it("keeps every line unique, sorted and priced within its limits", () => {
    const options = FAMILY_OPTIONS.gov;
    const request = fc.record({
      options: fc.subarray([...options]),
      numbers: fc.array(fc.stringMatching(/^[0-9]{1,3}$/), { maxLength: 8 }),
      price: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    });
    fc.assert(
      fc.property(fc.array(request, { maxLength: 8 }), (steps) => {
        let slip = EMPTY_SLIP;
        for (const step of steps) {
          slip = addBatch(slip, {
            ...batch(step.options, step.numbers),
            rates: { defaultRate: DEFAULT_RATES.gov },
          }).slip;
          slip = setAllPrices(slip, step.price);
        }
        const refs = slip.lines.map((l) => l.ref);
        const sorted = [...slip.lines].sort(
          (a, b) => displayIndex(a.option) - displayIndex(b.option) || a.number.localeCompare(b.number),
        );
        return (
          new Set(refs).size === refs.length &&
          sorted.every((l, i) => l === slip.lines[i]) &&
          slip.lines.every(
            (l) => l.price >= l.min && l.price <= l.max && l.ref === lineRef(l.option, l.number),
          )
        );
      }),
    );
  });
});

describe("removing lines", () => {
  let slip = addBatch(EMPTY_SLIP, batch(["tengBon2", "tengLang2"], ["12", "34"])).slip;
  slip = addBatch(slip, batch(["tengBon1"], ["1"])).slip;
  slip = addBatch(slip, batch(["tengBon2"], ["56"])).slip;

  it("removes one line by option and number", () => {
    expect(view(removeLine(slip, lineRef("tengLang2", "12")))).toEqual([
      "1 tengBon2 12",
      "1 tengBon2 34",
      "3 tengBon2 56",
      "1 tengLang2 34",
      "2 tengBon1 1",
    ]);
  });

  it("removes every line of a number, whatever the option", () => {
    expect(view(removeNumber(slip, "12"))).toEqual([
      "1 tengBon2 34",
      "3 tengBon2 56",
      "1 tengLang2 34",
      "2 tengBon1 1",
    ]);
  });

  it("undoes the last batch, then the one before", () => {
    const once = undoLastBatch(slip);
    expect(view(once)).toEqual([
      "1 tengBon2 12",
      "1 tengBon2 34",
      "1 tengLang2 12",
      "1 tengLang2 34",
      "2 tengBon1 1",
    ]);
    expect(view(undoLastBatch(once))).toEqual([
      "1 tengBon2 12",
      "1 tengBon2 34",
      "1 tengLang2 12",
      "1 tengLang2 34",
    ]);
    expect(undoLastBatch(EMPTY_SLIP)).toEqual(EMPTY_SLIP);
  });
});

describe("prices and totals", () => {
  const slip = addBatch(EMPTY_SLIP, batch(["tengBon3", "tengBon1"], ["123", "1"])).slip;

  it("sets every price at once, each capped at its line's maximum and floored at its minimum", () => {
    const all = setAllPrices(slip, 2_000_00n);
    expect(all.lines.map((l) => [l.option, l.price])).toEqual([
      ["tengBon3", 1_000_00n], // max 1,000 baht
      ["tengBon1", 2_000_00n],
    ]);
    expect(setAllPrices(slip, 0n).lines.map((l) => l.price)).toEqual([100n, 100n]);
    expect(setPrice(slip, "tengBon1:1", 5_000n).lines.map((l) => l.price)).toEqual([100n, 5_000n]);
  });

  it("totals the stake and gives each line's potential win, price × multiply rounded down", () => {
    const priced = setPrice(setPrice(slip, "tengBon3:123", 1_000n), "tengBon1:1", 3_333n);
    expect(priced.lines.map(potentialWin)).toEqual([900_000n, 10_665n]); // 33.33 × 3.2 = 106.656 baht
    expect(slipTotals(priced)).toEqual({ count: 2, stake: 4_333n, potentialWin: 910_665n });
    expect(slipTotals(EMPTY_SLIP)).toEqual({ count: 0, stake: 0n, potentialWin: 0n });
  });
});

describe("rate changes at submit", () => {
  const slip = addBatch(EMPTY_SLIP, batch(["tengBon3", "tode3", "tengBon2"], ["123", "45"])).slip;

  it("lists the lines whose rate moved, closed or vanished", () => {
    expect(rateChanges(slip, rates)).toEqual([]);
    expect(rateChanges(slip, { defaultRate: { ...DEFAULT_RATES.yeekee, tengBon1: "3.20" } })).toEqual([]);
    const now: Rates = {
      defaultRate: { ...DEFAULT_RATES.yeekee, tengBon2: undefined },
      rateNow: [
        { option: "tode3", number: "231", multiply: "75" },
        { option: "tengBon3", number: "123", multiply: "0" },
      ],
    };
    expect(rateChanges(slip, now)).toEqual([
      { ref: "tengBon3:123", option: "tengBon3", number: "123", from: "900", to: "0" },
      { ref: "tode3:123", option: "tode3", number: "123", from: "150", to: "75" },
      { ref: "tengBon2:45", option: "tengBon2", number: "45", from: "90", to: null },
    ]);
    expect(applyRates(slip, now).lines.map((l) => [l.ref, l.multiply])).toEqual([["tode3:123", "75"]]);
  });
});
