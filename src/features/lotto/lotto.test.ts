import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  applyRates,
  canCancel,
  expandEntry,
  FOUR_DIGIT_LOTTERIES,
  isFamily,
  isOpenNow,
  nineteenDoor,
  orderedRounds,
  type Rates,
  rateFor,
  type Slip,
  STOCK_MARKETS,
  toggleOption,
} from "../../domain/lotto/index.ts";
import { ApiError } from "../../lib/api.ts";
import { splitCountdown } from "../../lib/format.ts";
import { FLAG_CODES } from "../../ui/flags.ts";
import { addEntry, answeredChanges, cleanEntry, maxDigits, numberCounts, splitChoices } from "./builder.ts";
import { draftKey, newDraft, parseDraft, serializeDraft } from "./drafts.ts";
import {
  createPath,
  fourDigitFromLists,
  type LatestLists,
  limitsOf,
  optionsOf,
  type Round,
  rateChangesOf,
  ratesOf,
  wireLines,
} from "./lottoApi.ts";

const rates: Rates = { defaultRate: { tengBon2: "90", tengLang2: "90", tengBon3: "900" } };
const limits = {
  tengBon2: { min: 100n, max: 1_000_000n },
  tengLang2: { min: 100n, max: 1_000_000n },
  tengBon3: { min: 100n, max: 100_000n },
};

describe("builder", () => {
  it("splits a selection into options and flags", () => {
    const selected = toggleOption(toggleOption(["tengBon2"], "tengLang2"), "nineteenDoor");
    expect(splitChoices(selected)).toEqual({ options: ["tengBon2", "tengLang2"], flags: ["nineteenDoor"] });
  });

  it("keeps only digits, up to the longest option", () => {
    expect(maxDigits(["tengBon1", "tengBon3"])).toBe(3);
    expect(maxDigits(["fourTop", "twoBack"])).toBe(4);
    expect(cleanEntry("1a2 34", 3)).toBe("123");
    expect(cleanEntry("", 2)).toBe("");
  });

  it("adds 19-door on 5 for 2-top and 2-bottom: 38 lines", () => {
    const batch = expandEntry(["tengBon2", "tengLang2"], ["nineteenDoor"], "5");
    const result = addEntry({ lines: [] }, batch, rates, limits);
    expect(result.added).toBe(38);
    expect(new Set(result.slip.lines.map((l) => l.number))).toEqual(new Set(nineteenDoor("5")));
    expect(result.closed).toEqual([]);
  });

  it("reports closed numbers and duplicates apart", () => {
    const closedRates: Rates = { ...rates, rateNow: [{ option: "tengBon2", number: "21", multiply: "0" }] };
    const first = addEntry({ lines: [] }, { options: ["tengBon2"], numbers: ["12"] }, closedRates, limits);
    const second = addEntry(
      first.slip,
      { options: ["tengBon2"], numbers: ["12", "21"] },
      closedRates,
      limits,
    );
    expect(second.added).toBe(0);
    expect(second.duplicates).toBe(1);
    expect(second.closed).toEqual([{ option: "tengBon2", number: "21", reason: "closed" }]);
  });

  it("counts lines per number", () => {
    const slip = addEntry(
      { lines: [] },
      { options: ["tengBon2", "tengLang2"], numbers: ["12", "21"] },
      rates,
      limits,
    ).slip;
    expect(numberCounts(slip)).toEqual(
      new Map([
        ["12", 2],
        ["21", 2],
      ]),
    );
  });
});

describe("drafts", () => {
  it("round-trips through storage with prices as satang", () => {
    const slip: Slip = addEntry(
      { lines: [] },
      { options: ["tengBon3"], numbers: ["123"] },
      rates,
      limits,
    ).slip;
    const draft = { key: "k-123456789", slip };
    const stored = JSON.parse(JSON.stringify(serializeDraft(draft)));
    expect(parseDraft(stored)).toEqual(draft);
  });

  it("refuses what is not a draft", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft({ v: 2, key: "x", lines: [] })).toBeNull();
    expect(parseDraft({ v: 1, key: "x", lines: [{ option: "nope" }] })).toBeNull();
    expect(
      parseDraft({
        v: 1,
        key: "x",
        lines: [
          {
            ref: "r",
            add: 1,
            option: "tengBon2",
            number: "12",
            price: "1.5",
            min: "1",
            max: "2",
            multiply: "90",
          },
        ],
      }),
    ).toBeNull();
  });

  it("gives each new draft its own key, one storage key per round", () => {
    let n = 0;
    const make = () => `key-${++n}-abcdef`;
    expect(newDraft(make).key).not.toBe(newDraft(make).key);
    expect(draftKey(42)).toBe("lotto-draft:42");
  });
});

describe("lotto api mapping", () => {
  it("reads options, limits and rates from wire names", () => {
    expect(optionsOf(["teng_bon_2", "nope", "tode_3"])).toEqual(["tengBon2", "tode3"]);
    expect(limitsOf([{ betOption: "teng_bon_2", betMin: "1.00", betMax: "10000.00" }])).toEqual({
      tengBon2: { min: 100n, max: 1_000_000n },
    });
    expect(
      ratesOf({
        defaultRate: { teng_bon_2: "90" },
        rateNow: [{ option: "teng_bon_2", number: "12", multiply: "45" }],
      }),
    ).toEqual({
      defaultRate: { tengBon2: "90" },
      rateNow: [{ option: "tengBon2", number: "12", multiply: "45" }],
    });
  });

  it("sends lines with wire names and baht prices, to the family's create call", () => {
    const slip = addEntry({ lines: [] }, { options: ["tengBon2"], numbers: ["05"] }, rates, limits).slip;
    expect(wireLines(slip.lines)).toEqual([
      { option: "teng_bon_2", number: "05", price: "1.00", multiply: "90", add: 1 },
    ]);
    expect(createPath({ betGroup: "yeekee", betName: "yeekee" })).toBe("poys.create");
    expect(createPath({ betGroup: "set4", betName: "lao-super" })).toBe("lotteries.lao-super.create");
  });

  it("picks each 4-digit lottery's round from the cached lists when offline, as the server does", () => {
    const round = (betId: number, betName: string, close: number, active: boolean) =>
      ({
        betId,
        betName,
        betGroup: "set4",
        active,
        unixTimeStamp: { realCloseTime: close, realResultTime: close },
      }) as Round;
    const lists = {
      set4: [
        round(1, "lao", 300, true),
        round(2, "lao", 200, true),
        round(3, "hanoy", 100, false),
        round(4, "hanoy", 150, false),
        round(5, "malay", 100, false),
        round(6, "malay", 400, true),
      ],
    } as LatestLists;
    expect(fourDigitFromLists(lists)).toMatchObject({
      lao: { betId: 2 },
      hanoy: { betId: 4 },
      malay: { betId: 6 },
      laoSuper: null,
    });
  });
});

describe("round lists", () => {
  const at = (seconds: number, status = "open", betType = `t-${seconds}`) => ({
    betId: seconds,
    betGroup: "gov" as const,
    betType,
    status,
    unixTimeStamp: { realCloseTime: seconds },
  });

  it("is open until the real close time, and only while open", () => {
    expect(isOpenNow(at(100), 99_000)).toBe(true);
    expect(isOpenNow(at(100), 100_000)).toBe(false);
    expect(isOpenNow(at(100, "closed"), 0)).toBe(false);
  });

  it("orders gov active first, yeekee by close time only", () => {
    const rounds = [at(50), at(300), at(200)];
    expect(orderedRounds("gov", rounds, 100_000).map((r) => r.betId)).toEqual([200, 300, 50]);
    expect(orderedRounds("yeekee", rounds, 100_000).map((r) => r.betId)).toEqual([50, 200, 300]);
  });

  it("has a drawn flag for every market, so a new market without one fails here", () => {
    const codes = [...STOCK_MARKETS, ...FOUR_DIGIT_LOTTERIES].map((m) => m.flag);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of new Set(codes)) {
      expect(FLAG_CODES, code).toContain(code);
      expect(existsSync(new URL(`../../../public/flags/${code}.svg`, import.meta.url)), code).toBe(true);
    }
  });

  it("knows the families", () => {
    expect(isFamily("yeekee5Min")).toBe(true);
    expect(isFamily("lotto")).toBe(false);
  });

  it("offers cancelling only for waiting, cancellable slips before their time", () => {
    const poy = { status: "waiting", cancellable: true, cancelUntil: "2025-01-16T08:00:00Z" };
    const before = Date.parse("2025-01-16T07:59:59Z");
    expect(canCancel(poy, before)).toBe(true);
    expect(canCancel(poy, Date.parse("2025-01-16T08:00:00Z"))).toBe(false);
    expect(canCancel({ ...poy, cancellable: false }, before)).toBe(false);
    expect(canCancel({ ...poy, status: "cancelled" }, before)).toBe(false);
  });
});

describe("countdown", () => {
  it("splits whole days off", () => {
    expect(splitCountdown(185_000)).toEqual({ days: 0, rest: "3:05" });
    expect(splitCountdown((9 * 24 + 19) * 3_600_000 + 185_000)).toEqual({ days: 9, rest: "19:03:05" });
    expect(splitCountdown(-5)).toEqual({ days: 0, rest: "0:00" });
  });
});

describe("a RATE_CHANGED refusal", () => {
  const rates: Rates = { defaultRate: { tengBon2: "90" } };
  const slip = addEntry({ lines: [] }, { options: ["tengBon2"], numbers: ["67", "78", "89"] }, rates, {
    tengBon2: { min: 100n, max: 100_000n },
  }).slip;
  const refusal = new ApiError(409, "RATE_CHANGED", "changed", {
    changes: [
      { option: "teng_bon_2", number: "67", from: "90", to: "45", closed: false },
      { option: "teng_bon_2", number: "78", from: "90", to: "0", closed: true },
    ],
  });

  it("reads the changed lines from the answer, with option ids", () => {
    expect(rateChangesOf(refusal)).toEqual([
      { option: "tengBon2", number: "67", to: "45", closed: false },
      { option: "tengBon2", number: "78", to: "0", closed: true },
    ]);
    expect(rateChangesOf(new ApiError(409, "RATE_CHANGED", "no list"))).toBeNull();
    expect(rateChangesOf(new ApiError(409, "ROUND_CLOSED", "closed"))).toBeNull();
  });

  it("lists each changed line from the rate shown and prices the re-confirmed slip at the answer's rates", () => {
    const { list, rates: next } = answeredChanges(slip, rates, rateChangesOf(refusal) ?? []);
    expect(list.map((c) => `${c.number}:${c.from}->${c.to}`)).toEqual(["67:90->45", "78:90->0"]);
    const confirmed = applyRates(slip, next);
    expect(confirmed.lines.map((l) => `${l.number}×${l.multiply}`)).toEqual(["67×45", "89×90"]);
    // A line added after the refusal prices at the new rate too.
    expect(rateFor(next, "tengBon2", "67")).toBe("45");
  });
});
