import { describe, expect, it } from "vitest";
import { type CarryRound, carryLines, nextOpenRound } from "./carry.ts";
import type { Rates, SlipLine } from "./index.ts";

const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);
const at = (minutes: number) => Math.floor(NOW / 1000) + minutes * 60;

function round(betId: number, closeIn: number, over: Partial<CarryRound> = {}): CarryRound {
  return {
    betId,
    betGroup: "yeekee",
    betType: String(betId),
    betName: "yeekee",
    market: null,
    status: "open",
    unixTimeStamp: { realCloseTime: at(closeIn) },
    ...over,
  };
}

function line(
  option: SlipLine["option"],
  number: string,
  price: bigint,
  multiply: string,
  add = 1,
): SlipLine {
  return { ref: `${option}:${number}`, add, option, number, price, min: 100n, max: 100_000n, multiply };
}

describe("nextOpenRound", () => {
  const closed = round(10, -1);

  it("is the open round of the family that closes first", () => {
    const rounds = [
      round(13, 45),
      round(11, -16, { status: "open" }),
      round(12, 14),
      round(20, 5, { betGroup: "pingpong" }),
    ];
    expect(nextOpenRound(closed, rounds, NOW)?.betId).toBe(12);
  });

  it("skips the closed round itself, closed rounds and rounds past their real close time", () => {
    const rounds = [round(10, 30), round(14, 10, { status: "closed" }), round(15, -2)];
    expect(nextOpenRound(closed, rounds, NOW)).toBeNull();
  });

  it("keeps a 4-digit lottery with its own lottery and a stock round with its market", () => {
    const lao = round(30, -1, { betGroup: "set4", betName: "lao" });
    const set4 = [
      round(31, 60, { betGroup: "set4", betName: "hanoy" }),
      round(32, 600, { betGroup: "set4", betName: "lao" }),
    ];
    expect(nextOpenRound(lao, set4, NOW)?.betId).toBe(32);
    const nikkei = round(40, -1, { betGroup: "stock", market: "nikkei-am" });
    const stock = [
      round(41, 30, { betGroup: "stock", market: "hangseng-am" }),
      round(42, 90, { betGroup: "stock", market: "nikkei-am" }),
    ];
    expect(nextOpenRound(nikkei, stock, NOW)?.betId).toBe(42);
  });
});

describe("carryLines", () => {
  const rates: Rates = {
    defaultRate: { tengBon2: "90", tengLang2: "90", tengBon3: "900" },
    rateNow: [
      { option: "tengBon2", number: "67", multiply: "45" },
      { option: "tengBon2", number: "78", multiply: "0" },
    ],
  };
  const limits = {
    tengBon2: { min: 100n, max: 50_000n },
    tengLang2: { min: 200n, max: 100_000n },
    tengBon3: { min: 100n, max: 10_000n },
  };
  const next = { options: ["tengBon3", "tengBon2", "tengLang2"] as const, rates, limits };

  it("moves every line with the new round's rates; a number closed there is left behind", () => {
    const from = {
      lines: [
        line("tengBon2", "12", 500n, "90"),
        line("tengBon2", "67", 500n, "90"),
        line("tengBon2", "78", 500n, "90"),
      ],
    };
    const result = carryLines(from, { lines: [] }, { ...next, options: [...next.options] });
    expect(result.carried).toBe(2);
    expect(result.dropped).toBe(1);
    expect(result.slip.lines.map((l) => [l.number, l.multiply])).toEqual([
      ["12", "90"],
      ["67", "45"],
    ]);
  });

  it("keeps prices within the new round's limits and drops options it does not offer", () => {
    const from = {
      lines: [
        line("tengBon2", "12", 90_000n, "90"),
        line("tengLang2", "12", 100n, "90"),
        line("tengBon1", "1", 500n, "3.2"),
      ],
    };
    const result = carryLines(from, { lines: [] }, { ...next, options: [...next.options] });
    expect(result.slip.lines.map((l) => [l.option, l.price, l.min, l.max])).toEqual([
      ["tengBon2", 50_000n, 100n, 50_000n],
      ["tengLang2", 200n, 200n, 100_000n],
    ]);
    expect(result.dropped).toBe(1);
  });

  it("adds to a draft the new round already has, without doubling a line, after its batches, in display order", () => {
    const into = { lines: [line("tengBon2", "34", 700n, "90", 1), line("tengBon2", "12", 700n, "90", 2)] };
    const from = { lines: [line("tengBon3", "123", 100n, "900", 1), line("tengBon2", "12", 500n, "90", 1)] };
    const result = carryLines(from, into, { ...next, options: [...next.options] });
    expect(result.carried).toBe(1);
    expect(result.slip.lines.map((l) => [l.option, l.number, l.price, l.add])).toEqual([
      ["tengBon3", "123", 100n, 3],
      ["tengBon2", "12", 700n, 2],
      ["tengBon2", "34", 700n, 1],
    ]);
  });
});
