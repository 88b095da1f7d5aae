import { describe, expect, it } from "vitest";
import {
  baccaratShoe,
  dealHand,
  diceRoll,
  settleBaccarat,
  settleDice,
  siamFortuneSpin,
  slotReturnSatang,
} from "../../domain/games/index.ts";
import type { Fairness, RoundRecord } from "./api.ts";
import { verifyRound } from "./verify.ts";

// A round of the history as the Originals API answers it (docs/games.md "The Originals API", `rounds`), built with
// the engines from the fairness test vector (docs/games-fairness.md "Verifying by hand"), checked in the browser's
// way; then the same record tampered with.

const SEED = "109bf614f7cbc7d4f0a672adef47128d0da1f4957bd6c86d06c8e1cf48f54915";
const COMMITMENT = "cac59116f177ce5c4b3c5c3efcda641217e5646acbc825b624ece675e7fb27a4";
const OTHER_SEED = `${"0".repeat(63)}1`;

const base = {
  roundId: "r1",
  state: "settled",
  createdAt: "2026-11-28T03:00:00.000Z",
  closedAt: "2026-11-28T03:00:01.000Z",
};

async function diceRecord(): Promise<RoundRecord> {
  const roll = await diceRoll(SEED, "lucky7", 42);
  const result = settleDice({ direction: "over", targetHundredths: 5000, stakeSatang: 1000n }, roll);
  return {
    ...base,
    game: "lottoup-dice",
    bet: { direction: "over", target: 5000, stake: "1000" },
    outcome: {
      rollHundredths: roll,
      win: result.win,
      multiplierTenThousandths: result.multiplierTenThousandths,
    },
    stake: "1000",
    return: String(result.returnSatang),
    fairness: { commitment: COMMITMENT, clientSeed: "lucky7", nonce: 42, serverSeed: SEED },
  };
}

async function slotRecord(): Promise<RoundRecord> {
  const spin = await siamFortuneSpin(SEED, "lucky7", 7);
  return {
    ...base,
    game: "lottoup-siam-fortune",
    bet: { totalBet: "1000", lineBet: "100" },
    outcome: { stops: spin.stops, window: spin.window, wins: spin.wins, pay: spin.pay },
    stake: "1000",
    return: String(slotReturnSatang(1000n, spin.pay)),
    fairness: { commitment: COMMITMENT, clientSeed: "lucky7", nonce: 7, serverSeed: SEED },
  };
}

async function baccaratRecord(): Promise<RoundRecord> {
  const hand = dealHand(await baccaratShoe(SEED, "lucky7"), 0);
  const bets = [
    { kind: "banker" as const, stakeSatang: 10_000n },
    { kind: "tie" as const, stakeSatang: 1_000n },
  ];
  const settled = settleBaccarat(bets, hand);
  return {
    ...base,
    game: "lottoup-baccarat",
    bet: { bets: bets.map((b) => ({ kind: b.kind, stake: String(b.stakeSatang) })) },
    outcome: {
      player: hand.player,
      banker: hand.banker,
      playerTotal: hand.playerTotal,
      bankerTotal: hand.bankerTotal,
      winner: hand.winner,
    },
    stake: "11000",
    return: String(settled.totalReturnSatang),
    fairness: { commitment: COMMITMENT, clientSeed: "lucky7", shoePosition: 0, serverSeed: SEED },
  };
}

describe("verifyRound", () => {
  it("verifies a genuine dice round and the test vector's roll (71.03 over 50.00 wins 1.98×)", async () => {
    const round = await diceRecord();
    expect(round.outcome).toMatchObject({ rollHundredths: 7103, win: true });
    expect(round.return).toBe("1980");
    expect(await verifyRound(round)).toEqual({ status: "verified" });
  });

  it("verifies a genuine slot spin and a genuine baccarat hand (the vector's shoe: banker wins 5 to 0)", async () => {
    expect(await verifyRound(await slotRecord())).toEqual({ status: "verified" });
    const hand = await baccaratRecord();
    expect(hand.outcome).toMatchObject({ winner: "banker", bankerTotal: 5, playerTotal: 0 });
    expect(hand.return).toBe("19500");
    expect(await verifyRound(hand)).toEqual({ status: "verified" });
  });

  it("says a round is sealed while its server seed is secret, and that a rolled-back round has nothing to verify", async () => {
    const round = await diceRecord();
    expect(
      await verifyRound({ ...round, fairness: { ...(round.fairness as Fairness), serverSeed: null } }),
    ).toEqual({
      status: "sealed",
    });
    expect(await verifyRound({ ...round, outcome: null, return: null, fairness: null })).toEqual({
      status: "none",
    });
  });

  it("refuses a server seed that is not the committed one", async () => {
    const round = await diceRecord();
    expect(
      await verifyRound({ ...round, fairness: { ...(round.fairness as Fairness), serverSeed: OTHER_SEED } }),
    ).toEqual({
      status: "mismatch",
      what: "seed",
    });
  });

  it("catches a tampered outcome, a tampered return and a tampered bet", async () => {
    const dice = await diceRecord();
    expect(
      await verifyRound({
        ...dice,
        outcome: { ...(dice.outcome as object), rollHundredths: 1234, win: false },
      }),
    ).toEqual({ status: "mismatch", what: "outcome" });
    expect(await verifyRound({ ...dice, return: "1990" })).toEqual({ status: "mismatch", what: "return" });
    // The player bet under: the recorded win does not follow from that bet.
    expect(await verifyRound({ ...dice, bet: { direction: "under", target: 5000, stake: "1000" } })).toEqual({
      status: "mismatch",
      what: "outcome",
    });

    const slot = await slotRecord();
    const window = (slot.outcome as { window: string[][] }).window.map((reel) => [...reel]);
    (window[0] as string[])[0] = (window[0] as string[])[0] === "wild" ? "jack" : "wild";
    expect(await verifyRound({ ...slot, outcome: { ...(slot.outcome as object), window } })).toEqual({
      status: "mismatch",
      what: "outcome",
    });
    expect(await verifyRound({ ...slot, return: String(BigInt(slot.return as string) + 100n) })).toEqual({
      status: "mismatch",
      what: "return",
    });

    const hand = await baccaratRecord();
    expect(
      await verifyRound({ ...hand, outcome: { ...(hand.outcome as object), winner: "player" } }),
    ).toEqual({
      status: "mismatch",
      what: "outcome",
    });
    expect(
      await verifyRound({ ...hand, fairness: { ...(hand.fairness as Fairness), shoePosition: 5 } }),
    ).toEqual({
      status: "mismatch",
      what: "outcome",
    });
  });

  it("never verifies a record it cannot read", async () => {
    const dice = await diceRecord();
    expect(await verifyRound({ ...dice, return: "lots" })).toEqual({ status: "mismatch", what: "record" });
    expect(await verifyRound({ ...dice, bet: null })).toEqual({ status: "mismatch", what: "record" });
  });
});
