import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkDiceBet,
  DICE_MAX_BET_SATANG,
  DICE_MAX_CHANCE_HUNDREDTHS,
  DICE_MIN_BET_SATANG,
  DICE_MIN_CHANCE_HUNDREDTHS,
  DICE_OUTCOMES,
  DICE_RTP_PERCENT,
  type DiceBet,
  type DiceDirection,
  diceMultiplierTenThousandths,
  diceRoll,
  diceRollFromFloat,
  diceWinChance,
  isValidDiceTarget,
  settleDice,
} from "./dice.ts";

const SEED = "109bf614f7cbc7d4f0a672adef47128d0da1f4957bd6c86d06c8e1cf48f54915";

/** Sum of returns over all 10,000 equally likely rolls: RTP = total / (10,000 × stake). */
function totalReturn(bet: DiceBet): bigint {
  let total = 0n;
  for (let roll = 0; roll < DICE_OUTCOMES; roll++) total += settleDice(bet, roll).returnSatang;
  return total;
}

const validBet = fc
  .record({
    direction: fc.constantFrom<DiceDirection>("under", "over"),
    chance: fc.integer({ min: DICE_MIN_CHANCE_HUNDREDTHS, max: DICE_MAX_CHANCE_HUNDREDTHS }),
    stakeSatang: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  })
  .map(
    ({ direction, chance, stakeSatang }): DiceBet => ({
      direction,
      targetHundredths: direction === "under" ? chance : DICE_OUTCOMES - 1 - chance,
      stakeSatang,
    }),
  );

describe("the roll", () => {
  it("is floor(f × 10000) hundredths: 0.00 to 99.99", () => {
    expect(diceRollFromFloat(0)).toBe(0);
    expect(diceRollFromFloat(0.5)).toBe(5000);
    expect(diceRollFromFloat(0.12345)).toBe(1234);
    expect(diceRollFromFloat(1 - 2 ** -32)).toBe(9999);
    expect(() => diceRollFromFloat(1)).toThrow(RangeError);
    expect(() => diceRollFromFloat(-0.1)).toThrow(RangeError);
    expect(() => diceRollFromFloat(Number.NaN)).toThrow(RangeError);
  });

  it("each of the 10,000 rolls comes from exactly 2^32 / 10^4 or one more of the 2^32 floats", () => {
    // floor(k / 2^32 × 10^4) takes every value 0-9999, each from 429,496 or 429,497 values of k: a bias of at most
    // one part in 429,496, invisible next to the 1% edge.
    const first = (roll: number) => Math.ceil((roll * 2 ** 32) / DICE_OUTCOMES);
    for (const roll of [0, 1, 4999, 5000, 9998, 9999]) {
      const from = first(roll);
      const to = roll === 9999 ? 2 ** 32 : first(roll + 1);
      expect(diceRollFromFloat(from / 2 ** 32)).toBe(roll);
      expect(diceRollFromFloat((to - 1) / 2 ** 32)).toBe(roll);
      expect([429_496, 429_497]).toContain(to - from);
    }
  });

  it("the fair roll is the round's first float, as recomputed with node:crypto", async () => {
    for (const nonce of [0, 1, 77]) {
      const bytes = createHmac("sha256", Buffer.from(SEED, "hex")).update(`lucky7:${nonce}:0`).digest();
      expect(await diceRoll(SEED, "lucky7", nonce)).toBe(
        Math.floor((bytes.readUInt32BE(0) / 2 ** 32) * 10_000),
      );
    }
    // Fixed vector: lucky7:42:0 starts b5dbcd16, 0.71038... → 71.03.
    expect(await diceRoll(SEED, "lucky7", 42)).toBe(7103);
  });
});

describe("targets and chances", () => {
  it("under X wins on rolls below X; over X on rolls above X; X itself loses", () => {
    expect(diceWinChance("under", 5000)).toBe(5000);
    expect(diceWinChance("over", 4999)).toBe(5000);
    const under = { direction: "under", targetHundredths: 5000, stakeSatang: 10_000n } as const;
    expect(settleDice(under, 4999).win).toBe(true);
    expect(settleDice(under, 5000).win).toBe(false);
    const over = { direction: "over", targetHundredths: 4999, stakeSatang: 10_000n } as const;
    expect(settleDice(over, 5000).win).toBe(true);
    expect(settleDice(over, 4999).win).toBe(false);
    // The chance is the count of winning rolls.
    for (const bet of [
      under,
      over,
      { ...under, targetHundredths: 123 },
      { ...over, targetHundredths: 9876 },
    ]) {
      let wins = 0;
      for (let roll = 0; roll < DICE_OUTCOMES; roll++) if (settleDice(bet, roll).win) wins++;
      expect(wins).toBe(diceWinChance(bet.direction, bet.targetHundredths));
    }
  });

  it("a win chance from 1% to 95%: under 1.00-95.00, over 4.99-98.99", () => {
    expect(isValidDiceTarget("under", 100)).toBe(true);
    expect(isValidDiceTarget("under", 9500)).toBe(true);
    expect(isValidDiceTarget("under", 99)).toBe(false);
    expect(isValidDiceTarget("under", 9501)).toBe(false);
    expect(isValidDiceTarget("over", 499)).toBe(true);
    expect(isValidDiceTarget("over", 9899)).toBe(true);
    expect(isValidDiceTarget("over", 498)).toBe(false);
    expect(isValidDiceTarget("over", 9900)).toBe(false);
    expect(isValidDiceTarget("under", 50.5)).toBe(false);
    expect(isValidDiceTarget("sideways" as DiceDirection, 5000)).toBe(false);
  });

  it("multiplier floor(99% / chance) in ten-thousandths: 1.9800× at 50%, 99× at 1%, 1.0421× at 95%", () => {
    expect(diceMultiplierTenThousandths(5000)).toBe(19_800);
    expect(diceMultiplierTenThousandths(100)).toBe(990_000);
    expect(diceMultiplierTenThousandths(9500)).toBe(10_421); // 1.042105... rounded down
    expect(diceMultiplierTenThousandths(3333)).toBe(29_702); // 2.970297... rounded down
    expect(() => diceMultiplierTenThousandths(99)).toThrow(RangeError);
    expect(() => diceMultiplierTenThousandths(9501)).toThrow(RangeError);
    expect(() => diceMultiplierTenThousandths(50.5)).toThrow(RangeError);
  });
});

describe("settleDice", () => {
  it("a win returns floor(stake × multiplier / 10,000) satang, a loss 0", () => {
    const bet = { direction: "under", targetHundredths: 5000, stakeSatang: 10_000n } as const;
    expect(settleDice(bet, 0)).toEqual({
      rollHundredths: 0,
      win: true,
      multiplierTenThousandths: 19_800,
      returnSatang: 19_800n,
    });
    expect(settleDice(bet, 9999)).toEqual({
      rollHundredths: 9999,
      win: false,
      multiplierTenThousandths: 19_800,
      returnSatang: 0n,
    });
    // 1 baht at 95%: 1.0421 × 100 = 104.21 → 104 satang.
    expect(
      settleDice({ direction: "under", targetHundredths: 9500, stakeSatang: 100n }, 0).returnSatang,
    ).toBe(104n);
    // The top: 5,000 baht at 1% returns 495,000 baht.
    expect(
      settleDice({ direction: "under", targetHundredths: 100, stakeSatang: DICE_MAX_BET_SATANG }, 99)
        .returnSatang,
    ).toBe(49_500_000n);
  });

  it("refuses an invalid target or roll", () => {
    const bet = { direction: "under", targetHundredths: 5000, stakeSatang: 100n } as const;
    expect(() => settleDice(bet, 10_000)).toThrow(RangeError);
    expect(() => settleDice(bet, -1)).toThrow(RangeError);
    expect(() => settleDice(bet, 1.5)).toThrow(RangeError);
    expect(() => settleDice({ ...bet, targetHundredths: 50 }, 0)).toThrow(RangeError);
  });

  it("exact RTP over all 10,000 rolls: 99% where the multiplier is exact, never above 99%", () => {
    const stake = 10_000n;
    const cases: [DiceDirection, number, bigint][] = [
      // direction, target, total returned over 10,000 rolls for a 100-baht stake
      ["under", 5000, 5000n * 19_800n], // 50%: 1.98× exactly → 99%
      ["over", 4999, 5000n * 19_800n],
      ["under", 100, 100n * 990_000n], // 1%: 99× → 99%
      ["over", 9899, 100n * 990_000n],
      ["under", 2500, 2500n * 39_600n], // 25%: 3.96× → 99%
      ["under", 9500, 9500n * 10_421n], // 95%: 1.0421× → 98.9995%
      ["over", 6666, 3333n * 29_702n], // 33.33%: 2.9702× → 98.9968%
    ];
    for (const [direction, targetHundredths, total] of cases) {
      const got = totalReturn({ direction, targetHundredths, stakeSatang: stake });
      expect(got).toBe(total);
      expect(got * 100n).toBeLessThanOrEqual(BigInt(DICE_RTP_PERCENT) * BigInt(DICE_OUTCOMES) * stake);
    }
  });

  it("for any bet the RTP never exceeds 99%, and falls short only by the roundings (multiplier, satang)", () => {
    fc.assert(
      fc.property(validBet, (bet) => {
        const chance = BigInt(diceWinChance(bet.direction, bet.targetHundredths));
        // All winning rolls return the same amount; the RTP is chance × return / (10,000 × stake).
        const winningRoll = bet.direction === "under" ? 0 : DICE_OUTCOMES - 1;
        const won = settleDice(bet, winningRoll).returnSatang;
        const returned = chance * won;
        const bound = 99n * BigInt(DICE_OUTCOMES) * bet.stakeSatang; // 99% × 10,000 × stake, ×100
        expect(returned * 100n).toBeLessThanOrEqual(bound);
        // Truncating the multiplier costs < chance/10^8 (≤ 0.0095%), flooring satang < 1 satang per winning roll.
        expect(returned * 100n).toBeGreaterThan(bound - 100n * chance * (bet.stakeSatang / 10_000n + 2n));
      }),
    );
  });

  it("every win chance from 1% to 95% keeps chance × multiplier ≤ 99% (exhaustive)", () => {
    for (let chance = DICE_MIN_CHANCE_HUNDREDTHS; chance <= DICE_MAX_CHANCE_HUNDREDTHS; chance++) {
      const m = diceMultiplierTenThousandths(chance);
      expect(chance * m).toBeLessThanOrEqual(99_000_000);
      expect(chance * (m + 1)).toBeGreaterThan(99_000_000);
    }
  });
});

describe("checkDiceBet", () => {
  it("stake 1 to 5,000 baht on a valid target", () => {
    expect(DICE_MIN_BET_SATANG).toBe(100n);
    expect(DICE_MAX_BET_SATANG).toBe(500_000n);
    const bet = { direction: "over", targetHundredths: 4999, stakeSatang: 100n } as const;
    expect(checkDiceBet(bet)).toBeNull();
    expect(checkDiceBet({ ...bet, stakeSatang: 500_000n })).toBeNull();
    expect(checkDiceBet({ ...bet, stakeSatang: 99n })).toBe("belowMinimum");
    expect(checkDiceBet({ ...bet, stakeSatang: 500_001n })).toBe("aboveMaximum");
    expect(checkDiceBet({ ...bet, stakeSatang: 100 as unknown as bigint })).toBe("belowMinimum");
    expect(checkDiceBet({ ...bet, targetHundredths: 9900 })).toBe("targetInvalid");
  });
});
