import { describe, expect, it } from "vitest";
import * as games from "./index.ts";
import {
  BACCARAT_LIMITS,
  DICE_MAX_BET_SATANG,
  DICE_MIN_BET_SATANG,
  exactRtp,
  MAX_AUTOPLAY_ROUNDS,
  ORIGINAL_GAMES,
  originalGame,
  rationalToNumber,
  SLOT_MAX_TOTAL_BET_SATANG,
  SLOT_MIN_TOTAL_BET_SATANG,
} from "./index.ts";

describe("ORIGINAL_GAMES", () => {
  it("lists the three Originals with their shelf, limits and RTP", () => {
    expect(ORIGINAL_GAMES).toEqual([
      {
        code: "lottoup-baccarat",
        name: "Baccarat",
        category: "table",
        minBetSatang: 1_000n,
        maxBetSatang: 5_000_000n,
        rtpPercent: 98.94,
      },
      {
        code: "lottoup-siam-fortune",
        name: "Siam Fortune",
        category: "slots",
        minBetSatang: 100n,
        maxBetSatang: 100_000n,
        rtpPercent: 95.73,
      },
      {
        code: "lottoup-dice",
        name: "Dice",
        category: "instant",
        minBetSatang: 100n,
        maxBetSatang: 500_000n,
        rtpPercent: 99,
      },
    ]);
  });

  it("takes its figures from the games themselves", () => {
    const [baccarat, slot, dice] = ORIGINAL_GAMES;
    expect(baccarat?.minBetSatang).toBe(BACCARAT_LIMITS.player.minSatang);
    expect(baccarat?.maxBetSatang).toBe(BACCARAT_LIMITS.banker.maxSatang);
    expect([slot?.minBetSatang, slot?.maxBetSatang]).toEqual([
      SLOT_MIN_TOTAL_BET_SATANG,
      SLOT_MAX_TOTAL_BET_SATANG,
    ]);
    expect(slot?.rtpPercent).toBe(Math.round(rationalToNumber(exactRtp()) * 10_000) / 100);
    expect([dice?.minBetSatang, dice?.maxBetSatang]).toEqual([DICE_MIN_BET_SATANG, DICE_MAX_BET_SATANG]);
  });

  it("finds a game by code", () => {
    expect(originalGame("lottoup-dice")?.category).toBe("instant");
    expect(originalGame("lottoup-roulette")).toBeUndefined();
  });

  it("autoplay stops after 100 rounds in every game", () => {
    expect(MAX_AUTOPLAY_ROUNDS).toBe(100);
  });

  it("no game function is given who is betting: none takes a member, user or account", () => {
    for (const [name, value] of Object.entries(games))
      if (typeof value === "function")
        expect(`${name}: ${value.toString().split(")")[0]}`).not.toMatch(
          /member|user|account|player[A-Z]?Id|session/i,
        );
  });
});
