import { createHmac, createSecretKey } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkSlotBet,
  evaluateWindow,
  exactHitFrequency,
  exactMaxPayLineBets,
  exactPayDistribution,
  exactRtp,
  exactVariance,
  linePay,
  rationalToNumber,
  SIAM_FORTUNE_HIT_FREQUENCY_PERCENT,
  SIAM_FORTUNE_MAX_WIN_TOTAL_BETS,
  SIAM_FORTUNE_REELS,
  SIAM_FORTUNE_RTP_PERCENT,
  SIAM_FORTUNE_STRIP_LETTERS,
  SLOT_LINE_COUNT,
  SLOT_LINES,
  SLOT_MAX_TOTAL_BET_SATANG,
  SLOT_MIN_TOTAL_BET_SATANG,
  SLOT_PAYTABLE,
  SLOT_SYMBOLS,
  type SlotReels,
  type SlotSymbol,
  siamFortuneSpin,
  slotReturnSatang,
  spinFromFloats,
  windowAt,
} from "./slot.ts";

const SEED = "109bf614f7cbc7d4f0a672adef47128d0da1f4957bd6c86d06c8e1cf48f54915";

const line = (text: string) =>
  text.split(" ").map(
    (s) =>
      ({
        W: "wild",
        E: "elephant",
        T: "tuktuk",
        L: "lotus",
        M: "mango",
        A: "ace",
        K: "king",
        Q: "queen",
        J: "jack",
      })[s] as SlotSymbol,
  );

describe("the published game", () => {
  it("5 reels of 20-40 stops, 9 symbols including the wild, each symbol on every reel", () => {
    expect(SLOT_SYMBOLS).toHaveLength(9);
    expect(SIAM_FORTUNE_REELS).toHaveLength(5);
    for (const [r, strip] of SIAM_FORTUNE_REELS.entries()) {
      expect(strip.length).toBe(39);
      expect(strip.join("")).toBe(
        [...(SIAM_FORTUNE_STRIP_LETTERS[r] as string)].map((l) => line(l)[0]).join(""),
      );
      expect(new Set(strip)).toEqual(new Set(SLOT_SYMBOLS));
    }
  });

  it("10 distinct lines, a row 0-2 on each of the 5 reels", () => {
    expect(SLOT_LINE_COUNT).toBe(10);
    expect(new Set(SLOT_LINES.map((l) => l.join())).size).toBe(10);
    for (const l of SLOT_LINES) {
      expect(l).toHaveLength(5);
      for (const row of l) expect([0, 1, 2]).toContain(row);
    }
  });

  it("pays rise with the count and down the symbol list", () => {
    for (const symbol of SLOT_SYMBOLS) {
      const [three, four, five] = SLOT_PAYTABLE[symbol];
      expect(three).toBeLessThan(four);
      expect(four).toBeLessThan(five);
    }
    for (let i = 1; i < SLOT_SYMBOLS.length; i++)
      for (let k = 0; k < 3; k++)
        expect(SLOT_PAYTABLE[SLOT_SYMBOLS[i - 1] as SlotSymbol][k]).toBeGreaterThanOrEqual(
          SLOT_PAYTABLE[SLOT_SYMBOLS[i] as SlotSymbol][k] as number,
        );
  });
});

describe("linePay", () => {
  it("pays 3, 4 or 5 of a kind from the leftmost reel only", () => {
    expect(linePay(line("E E E Q K"))).toEqual({ symbol: "elephant", count: 3, pay: 30 });
    expect(linePay(line("E E E E K"))).toEqual({ symbol: "elephant", count: 4, pay: 80 });
    expect(linePay(line("E E E E E"))).toEqual({ symbol: "elephant", count: 5, pay: 250 });
    expect(linePay(line("J J J J J"))).toEqual({ symbol: "jack", count: 5, pay: 12 });
    expect(linePay(line("E E Q E E"))).toBeNull();
    expect(linePay(line("Q E E E E"))).toBeNull();
    expect(linePay(line("A K Q J E"))).toBeNull();
  });

  it("the wild stands for the line's first other symbol, anywhere in the run", () => {
    expect(linePay(line("W T T Q Q"))).toEqual({ symbol: "tuktuk", count: 3, pay: 25 });
    expect(linePay(line("T W T W T"))).toEqual({ symbol: "tuktuk", count: 5, pay: 150 });
    expect(linePay(line("W W K K J"))).toEqual({ symbol: "king", count: 4, pay: 15 });
    expect(linePay(line("K W W W W"))).toEqual({ symbol: "king", count: 5, pay: 20 });
    // The run ends at the first symbol that is neither the line's symbol nor wild.
    expect(linePay(line("K W Q W K"))).toBeNull();
    expect(linePay(line("Q Q W K K"))).toEqual({ symbol: "queen", count: 3, pay: 8 });
  });

  it("wilds from the left pay the wild's own amount when it is larger; only the larger win is paid", () => {
    expect(linePay(line("W W W W W"))).toEqual({ symbol: "wild", count: 5, pay: 1000 });
    expect(linePay(line("W W W W J"))).toEqual({ symbol: "wild", count: 4, pay: 150 }); // not jack ×5 = 12
    expect(linePay(line("W W W J Q"))).toEqual({ symbol: "wild", count: 3, pay: 40 }); // not jack ×4 = 9
    expect(linePay(line("W W W E E"))).toEqual({ symbol: "elephant", count: 5, pay: 250 }); // not wild ×3 = 40
    expect(linePay(line("W W W W E"))).toEqual({ symbol: "elephant", count: 5, pay: 250 }); // not wild ×4 = 150
    // Equal amounts (wild ×3 = lotus ×4 = 40) are reported as the wild win; the pay is the same.
    expect(linePay(line("W W W L Q"))).toEqual({ symbol: "wild", count: 3, pay: 40 });
    // Two wilds pay nothing on their own.
    expect(linePay(line("W W Q K K"))).toEqual({ symbol: "queen", count: 3, pay: 8 });
    expect(linePay(line("W W K Q Q"))).toEqual({ symbol: "king", count: 3, pay: 10 });
    expect(linePay(line("W Q K K K"))).toBeNull();
  });
});

describe("spinFromFloats", () => {
  it("stop = floor(f × 39); the window is the stop and the next two, wrapping", () => {
    const spin = spinFromFloats([0, 0.5, 38 / 39, 1 - 2 ** -32, 0.999]);
    expect(spin.stops).toEqual([0, 19, 38, 38, 38]);
    expect(spin.window[0]).toEqual(line("J Q W"));
    expect(spin.window[2]).toEqual([
      SIAM_FORTUNE_REELS[2]?.[38],
      SIAM_FORTUNE_REELS[2]?.[0],
      SIAM_FORTUNE_REELS[2]?.[1],
    ]);
    expect(windowAt([38, 0, 0, 0, 0])[0]).toEqual(line("K J Q"));
  });

  it("stops 0,0,0,0,0: the bottom row W K K W K is king ×5 on line 3 (20), nothing else", () => {
    const spin = spinFromFloats([0, 0, 0, 0, 0]);
    expect(spin.window).toEqual([line("J Q W"), line("J M K"), line("T Q K"), line("J Q W"), line("J Q K")]);
    expect(spin.wins).toEqual([{ line: 3, symbol: "king", count: 5, pay: 20 }]);
    expect(spin.pay).toBe(20);
  });

  it("every line is read on its own rows; wins add up", () => {
    // window[reel] = [top, middle, bottom]
    const window = [line("W E J"), line("W E J"), line("T E J"), line("Q W J"), line("K E A")];
    expect(evaluateWindow(window)).toEqual({
      wins: [
        { line: 1, symbol: "elephant", count: 5, pay: 250 }, // E E E W E
        { line: 2, symbol: "tuktuk", count: 3, pay: 25 }, // W W T Q K: two wilds pay nothing alone
        { line: 3, symbol: "jack", count: 4, pay: 9 }, // J J J J A
        { line: 8, symbol: "elephant", count: 3, pay: 30 }, // rows 0 0 1 2 2: W W E J A
      ],
      pay: 314,
    });
    // Lines 4-7, 9 and 10 read W E J W K, J E T W A, E W T Q E, E J J J E, J J E Q K, E J E Q E: no win.
  });

  it("refuses fewer than 5 floats or a float outside [0, 1)", () => {
    expect(() => spinFromFloats([0, 0, 0, 0])).toThrow(RangeError);
    expect(() => spinFromFloats([0, 0, 1, 0, 0])).toThrow(RangeError);
    expect(() => spinFromFloats([0, 0, -0.1, 0, 0])).toThrow(RangeError);
    expect(() => windowAt([0, 0, 0, 0, 39])).toThrow(RangeError);
  });

  it("the fair spin uses the first 5 floats of the round (cursor 0), as recomputed with node:crypto", async () => {
    for (const nonce of [0, 1, 2, 999]) {
      const bytes = createHmac("sha256", Buffer.from(SEED, "hex")).update(`lucky7:${nonce}:0`).digest();
      const floats = [0, 1, 2, 3, 4].map((i) => bytes.readUInt32BE(i * 4) / 2 ** 32);
      expect(await siamFortuneSpin(SEED, "lucky7", nonce)).toEqual(spinFromFloats(floats));
    }
  });
});

/** Every combination of stops evaluated one by one: the reference the exact calculations must agree with. */
function bruteForce(reels: SlotReels) {
  const ways = new Map<number, bigint>();
  const stops = [0, 0, 0, 0, 0];
  const visit = (r: number) => {
    if (r === 5) {
      const { pay } = evaluateWindow(windowAt(stops, reels));
      ways.set(pay, (ways.get(pay) ?? 0n) + 1n);
      return;
    }
    for (let s = 0; s < (reels[r] as SlotSymbol[]).length; s++) {
      stops[r] = s;
      visit(r + 1);
    }
  };
  visit(0);
  return ways;
}

describe("exact figures", () => {
  it("the exact distribution agrees with brute force over every window of small random strips", () => {
    const symbol = fc.constantFrom<SlotSymbol>("wild", "elephant", "lotus", "king", "jack");
    fc.assert(
      fc.property(
        fc.array(fc.array(symbol, { minLength: 3, maxLength: 6 }), { minLength: 5, maxLength: 5 }),
        (reels) => {
          const exact = exactPayDistribution(reels);
          const brute = bruteForce(reels);
          expect(new Map([...exact.ways].filter(([, n]) => n > 0n))).toEqual(
            new Map([...brute].sort(([a], [b]) => a - b)),
          );
          expect(exact.denominator).toBe([...brute.values()].reduce((a, b) => a + b, 0n));
          // The line-by-line RTP (linearity) equals the mean of the whole distribution.
          let sum = 0n;
          for (const [pay, n] of brute) sum += BigInt(pay) * n;
          const rtp = exactRtp(reels);
          expect(rtp.numerator * exact.denominator * BigInt(SLOT_LINE_COUNT)).toBe(sum * rtp.denominator);
        },
      ),
      { numRuns: 25 },
    );
  });

  it(`RTP ${SIAM_FORTUNE_RTP_PERCENT}% exactly 86,367,248 / 90,224,199, between 95% and 97%`, () => {
    const rtp = exactRtp();
    expect(rtp).toEqual({ numerator: 86_367_248n, denominator: 90_224_199n });
    expect(rtp.denominator).toBe(39n ** 5n);
    expect(rtp.numerator * 100n).toBeGreaterThanOrEqual(95n * rtp.denominator);
    expect(rtp.numerator * 100n).toBeLessThanOrEqual(97n * rtp.denominator);
    expect(Math.round(rationalToNumber(rtp) * 10_000) / 100).toBe(SIAM_FORTUNE_RTP_PERCENT);
    // The whole distribution's mean is the same number.
    const { denominator, ways } = exactPayDistribution();
    let sum = 0n;
    for (const [pay, n] of ways) sum += BigInt(pay) * n;
    expect(sum * rtp.denominator).toBe(rtp.numerator * denominator * 10n);
  });

  it(`hit frequency ${SIAM_FORTUNE_HIT_FREQUENCY_PERCENT}% (at least 20%)`, () => {
    const hit = exactHitFrequency();
    expect(hit).toEqual({ numerator: 40_528n, denominator: 59_319n });
    expect(Math.round(rationalToNumber(hit) * 10_000) / 100).toBe(SIAM_FORTUNE_HIT_FREQUENCY_PERCENT);
    expect(hit.numerator * 5n).toBeGreaterThanOrEqual(hit.denominator);
    // Of all spins, 33.19% pay more than the total bet (10 line bets) and 12.40% exactly the bet back.
    const { ways } = exactPayDistribution();
    let more = 0n;
    for (const [pay, n] of ways) if (pay > SLOT_LINE_COUNT) more += n;
    expect(more).toBe(29_941_977n);
    expect(ways.get(SLOT_LINE_COUNT)).toBe(11_191_284n);
  });

  it(`the largest win of one spin is ${SIAM_FORTUNE_MAX_WIN_TOTAL_BETS}× the total bet (at most 500×)`, () => {
    expect(exactMaxPayLineBets()).toBe(1074);
    expect(exactMaxPayLineBets() / SLOT_LINE_COUNT).toBe(SIAM_FORTUNE_MAX_WIN_TOTAL_BETS);
    expect(exactMaxPayLineBets()).toBeLessThanOrEqual(500 * SLOT_LINE_COUNT);
  });

  it("variance per spin 0.9724 total bets² (standard deviation 0.986)", () => {
    const variance = exactVariance();
    expect(variance).toEqual({ numerator: 197_901_117_070_343_372n, denominator: 203_510_152_129_790_025n });
    expect(rationalToNumber(variance)).toBeCloseTo(0.972439, 6);
  });
});

describe("1,000,000 fair spins", () => {
  it("return within ±0.5 points of the exact RTP (more than 4 standard errors, so it cannot flake)", () => {
    const spins = 1_000_000;
    const exact = rationalToNumber(exactRtp());
    const standardError = Math.sqrt(rationalToNumber(exactVariance()) / spins);
    expect(0.005).toBeGreaterThan(4 * standardError);

    // A KeyObject made once: handing createHmac the raw bytes costs it a key import per call (5× slower).
    const key = createSecretKey(Buffer.from(SEED, "hex"));
    const floats = [0, 0, 0, 0, 0];
    let paid = 0;
    for (let nonce = 0; nonce < spins; nonce++) {
      // fair.ts's derivation: one HMAC per spin (cursor 0), the first 5 of its 8 floats.
      const bytes = createHmac("sha256", key).update(`simulation:${nonce}:0`).digest();
      for (let i = 0; i < 5; i++) floats[i] = bytes.readUInt32BE(i * 4) / 2 ** 32;
      paid += spinFromFloats(floats).pay;
    }
    const rtp = paid / (spins * SLOT_LINE_COUNT);
    expect(Math.abs(rtp - exact)).toBeLessThan(0.005);
  }, 60_000);
});

describe("bets", () => {
  it("total bet 1 to 1,000 baht, in whole line bets (a multiple of 10 satang)", () => {
    expect(SLOT_MIN_TOTAL_BET_SATANG).toBe(100n);
    expect(SLOT_MAX_TOTAL_BET_SATANG).toBe(100_000n);
    expect(checkSlotBet(100n)).toBeNull();
    expect(checkSlotBet(100_000n)).toBeNull();
    expect(checkSlotBet(1_230n)).toBeNull();
    expect(checkSlotBet(90n)).toBe("belowMinimum");
    expect(checkSlotBet(0n)).toBe("belowMinimum");
    expect(checkSlotBet(-100n)).toBe("belowMinimum");
    expect(checkSlotBet(100_010n)).toBe("aboveMaximum");
    expect(checkSlotBet(1_235n)).toBe("notWholeLineBet");
    expect(checkSlotBet(100 as unknown as bigint)).toBe("belowMinimum");
  });

  it("returns line bet × pay in satang, exactly", () => {
    expect(slotReturnSatang(1_000n, 20)).toBe(2_000n); // 10 baht, king ×5 on one line: 1 baht × 20
    expect(slotReturnSatang(100n, 6)).toBe(60n); // the smallest win on the smallest bet: 60 satang
    expect(slotReturnSatang(100_000n, 1074)).toBe(10_740_000n); // the top win on the top bet: 107,400 baht
    expect(slotReturnSatang(1_230n, 0)).toBe(0n);
    expect(() => slotReturnSatang(1_235n, 6)).toThrow(RangeError);
    expect(() => slotReturnSatang(1_000n, 1.5)).toThrow(RangeError);
    expect(() => slotReturnSatang(1_000n, -1)).toThrow(RangeError);
  });
});
