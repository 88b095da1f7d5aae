import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BACCARAT_BET_KINDS,
  BACCARAT_LIMITS,
  BACCARAT_RTP_PERCENT,
  type BaccaratBet,
  type BaccaratBetKind,
  type BaccaratHand,
  BURN_CARDS,
  baccaratBetReturn,
  baccaratShoe,
  bankerDraws,
  type Card,
  CUT_CARD_REMAINING,
  cardValue,
  checkBaccaratBets,
  dealHand,
  HAND_MAX_CARDS,
  handTotal,
  isShoeOver,
  orderedShoe,
  SHOE_CARDS,
  SHUFFLE_FLOATS,
  settleBaccarat,
  shuffleShoe,
} from "./baccarat.ts";

const SEED = "109bf614f7cbc7d4f0a672adef47128d0da1f4957bd6c86d06c8e1cf48f54915";

/** A card of the given rank (suit 0): the rules look at ranks and values only. */
const c = (rank: number): Card => ({ rank, suit: 0 });
/** A card of the given baccarat value: 0 is a ten. */
const v = (value: number): Card => c(value === 0 ? 10 : value);
/** A shoe holding exactly these cards (in dealing order: P1 B1 P2 B2 then third cards), padded to 6 cards. */
const shoeOf = (...cards: Card[]) =>
  [...cards, ...Array(Math.max(0, 6 - cards.length)).fill(c(13))] as Card[];

/** Shoe floats exactly as fair.ts derives them (nonce 0, cursors 0..51), from node:crypto. */
function oracleShoeFloats(seed: string, clientSeed: string): number[] {
  const floats: number[] = [];
  for (let cursor = 0; floats.length < SHUFFLE_FLOATS; cursor++) {
    const bytes = createHmac("sha256", Buffer.from(seed, "hex")).update(`${clientSeed}:0:${cursor}`).digest();
    for (let i = 0; i < 32; i += 4) floats.push(bytes.readUInt32BE(i) / 2 ** 32);
  }
  return floats.slice(0, SHUFFLE_FLOATS);
}

describe("cards", () => {
  it("values: ace 1, 2-9 face value, 10 and pictures 0; totals mod 10", () => {
    expect([...Array(13)].map((_, i) => cardValue(c(i + 1)))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0,
    ]);
    expect(handTotal([c(7), c(8)])).toBe(5);
    expect(handTotal([c(13), c(12), c(11)])).toBe(0);
    expect(handTotal([c(9), c(9), c(9)])).toBe(7);
  });

  it("the ordered shoe is 8 decks: each rank and suit 8 times, deck by deck, suit by suit, rank by rank", () => {
    const shoe = orderedShoe();
    expect(SHOE_CARDS).toBe(416);
    expect(shoe).toHaveLength(416);
    expect(shoe.slice(0, 14)).toEqual(
      [...Array(13)].map((_, i) => ({ rank: i + 1, suit: 0 })).concat({ rank: 1, suit: 1 }),
    );
    const counts = new Map<string, number>();
    for (const card of shoe)
      counts.set(`${card.rank}/${card.suit}`, (counts.get(`${card.rank}/${card.suit}`) ?? 0) + 1);
    expect(counts.size).toBe(52);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });
});

describe("shuffleShoe", () => {
  it("swaps card i with floor(f × (i + 1)), i from 415 down to 1: all-zero floats rotate, near-one floats keep order", () => {
    const ordered = orderedShoe();
    expect(shuffleShoe(Array(SHUFFLE_FLOATS).fill(1 - 2 ** -32))).toEqual(ordered);
    // j = 0 every time: swapping card i with card 0 for i = 415 down to 1 rotates the shoe left by one.
    const zero = shuffleShoe(Array(SHUFFLE_FLOATS).fill(0));
    expect(zero[0]).toEqual(ordered[1]);
    expect(zero.slice(1, 415)).toEqual(ordered.slice(2));
    expect(zero[415]).toEqual(ordered[0]);
    // One float alone: the first swap uses floats[0] for i = 415.
    const floats = Array(SHUFFLE_FLOATS).fill(1 - 2 ** -32);
    floats[0] = 0.5; // j = floor(0.5 × 416) = 208
    const one = shuffleShoe(floats);
    expect(one[415]).toEqual(ordered[208]);
    expect(one[208]).toEqual(ordered[415]);
  });

  it("is a permutation of the ordered shoe for any floats", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: SHUFFLE_FLOATS,
          maxLength: SHUFFLE_FLOATS,
        }),
        (floats) => {
          const key = (card: Card) => card.rank * 10 + card.suit;
          const sorted = (cards: Card[]) => cards.map(key).sort((a, b) => a - b);
          expect(sorted(shuffleShoe(floats))).toEqual(sorted(orderedShoe()));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("refuses too few floats or a float outside [0, 1)", () => {
    expect(() => shuffleShoe(Array(SHUFFLE_FLOATS - 1).fill(0))).toThrow(RangeError);
    const bad = Array(SHUFFLE_FLOATS).fill(0);
    bad[7] = 1;
    expect(() => shuffleShoe(bad)).toThrow(RangeError);
  });

  it("the fair shoe is Fisher-Yates over nonce 0's floats, as recomputed with node:crypto", async () => {
    expect(SHUFFLE_FLOATS).toBe(415);
    const shoe = await baccaratShoe(SEED, "lucky7");
    expect(shoe).toEqual(shuffleShoe(oracleShoeFloats(SEED, "lucky7")));
    // Fixed vector: the first hand's cards of this seed pair (computed once; rank/suit).
    expect(shoe.slice(0, 6).map((card) => `${card.rank}/${card.suit}`)).toEqual(FIRST_SIX);
    // Its first hand (docs/games-fairness.md): player 7♥ 3♥ = 0 draws the 10♠ (0); banker 5♣ J♣ = 5 stands on a
    // player's third card of 0; banker wins 5 to 0 and the next hand starts at card 5.
    expect(dealHand(shoe, 0)).toMatchObject({
      player: [c(7), c(3), c(10)].map((card, i) => ({ ...card, suit: [1, 1, 0][i] })),
      banker: [
        { rank: 5, suit: 3 },
        { rank: 11, suit: 3 },
      ],
      playerTotal: 0,
      bankerTotal: 5,
      winner: "banker",
      nextPosition: 5,
    });
    expect(await baccaratShoe(SEED, "lucky8")).not.toEqual(shoe);
  });
});

// The first six cards of baccaratShoe(SEED, "lucky7"), computed once.
const FIRST_SIX = ["7/1", "5/3", "3/1", "11/3", "10/0", "2/2"];

/** The tableau as printed at a punto banco table: banker's two-card total × player's third card value. */
const TABLEAU: Record<number, string> = {
  //   player's third: 0123456789
  0: "DDDDDDDDDD",
  1: "DDDDDDDDDD",
  2: "DDDDDDDDDD",
  3: "DDDDDDDDSD",
  4: "SSDDDDDDSS",
  5: "SSSSDDDDSS",
  6: "SSSSSSDDSS",
  7: "SSSSSSSSSS",
};

describe("dealHand: the third-card rules", () => {
  it("deals player, banker, player, banker", () => {
    const hand = dealHand(shoeOf(c(1), c(2), c(3), c(4), c(13), c(13)), 0);
    expect(hand.player.slice(0, 2)).toEqual([c(1), c(3)]);
    expect(hand.banker.slice(0, 2)).toEqual([c(2), c(4)]);
  });

  it("every tableau cell: the player draws (0-5) and the banker draws or stands by its total and that card", () => {
    for (let bankerTotal = 0; bankerTotal <= 7; bankerTotal++)
      for (let third = 0; third <= 9; third++) {
        // Player 3 (ace + 2) draws `third`; banker has `bankerTotal` from two cards; the banker's third is a 5.
        const hand = dealHand(shoeOf(c(1), v(bankerTotal), c(2), c(10), v(third), c(5)), 0);
        const draws = TABLEAU[bankerTotal]?.[third] === "D";
        expect(bankerDraws(bankerTotal, v(third))).toBe(draws);
        expect(hand.player).toEqual([c(1), c(2), v(third)]);
        expect(hand.banker).toEqual(draws ? [v(bankerTotal), c(10), c(5)] : [v(bankerTotal), c(10)]);
        expect(hand.playerTotal).toBe((3 + third) % 10);
        expect(hand.bankerTotal).toBe(draws ? (bankerTotal + 5) % 10 : bankerTotal);
        expect(hand.nextPosition).toBe(draws ? 6 : 5);
        expect(hand.natural).toBe(false);
      }
  });

  it("the player draws on every two-card total 0-5", () => {
    for (let total = 0; total <= 5; total++) {
      const hand = dealHand(shoeOf(v(total), c(10), c(10), c(7), c(9), c(5)), 0); // banker 7 stands
      expect(hand.player).toHaveLength(3);
      expect(hand.banker).toHaveLength(2);
      expect(hand.nextPosition).toBe(5);
    }
  });

  it("the player stands on 6 and 7; then the banker draws on 0-5 and stands on 6-7", () => {
    for (const playerTotal of [6, 7])
      for (let bankerTotal = 0; bankerTotal <= 7; bankerTotal++) {
        const hand = dealHand(shoeOf(v(playerTotal), v(bankerTotal), c(10), c(10), c(4), c(9)), 0);
        expect(hand.player).toEqual([v(playerTotal), c(10)]);
        expect(bankerDraws(bankerTotal, null)).toBe(bankerTotal <= 5);
        if (bankerTotal <= 5) {
          // The banker's third card is the 5th card of the shoe: the player took none.
          expect(hand.banker).toEqual([v(bankerTotal), c(10), c(4)]);
          expect(hand.bankerTotal).toBe((bankerTotal + 4) % 10);
          expect(hand.nextPosition).toBe(5);
        } else {
          expect(hand.banker).toHaveLength(2);
          expect(hand.nextPosition).toBe(4);
        }
      }
  });

  it("a natural 8 or 9 on either side: both stand, whatever the other side holds", () => {
    for (const natural of [8, 9])
      for (let other = 0; other <= 9; other++) {
        const playerNatural = dealHand(shoeOf(v(natural), v(other), c(10), c(10), c(1), c(1)), 0);
        expect(playerNatural).toMatchObject({ natural: true, nextPosition: 4, playerTotal: natural });
        expect(playerNatural.player).toHaveLength(2);
        expect(playerNatural.banker).toHaveLength(2);
        const bankerNatural = dealHand(shoeOf(v(other), v(natural), c(10), c(10), c(1), c(1)), 0);
        expect(bankerNatural).toMatchObject({ natural: true, nextPosition: 4, bankerTotal: natural });
        expect(bankerNatural.player).toHaveLength(2);
      }
    // 0 against a natural 8: the player does not draw and loses.
    expect(dealHand(shoeOf(c(10), c(8), c(13), c(10), c(9), c(9)), 0)).toMatchObject({
      winner: "banker",
      playerTotal: 0,
      bankerTotal: 8,
    });
    // Natural 9 beats natural 8, 8 against 8 ties.
    expect(dealHand(shoeOf(c(9), c(8), c(10), c(10)), 0).winner).toBe("player");
    expect(dealHand(shoeOf(c(4), c(5), c(4), c(3)), 0)).toMatchObject({
      winner: "tie",
      playerTotal: 8,
      bankerTotal: 8,
    });
  });

  it("winner by the higher total; equal totals tie", () => {
    expect(dealHand(shoeOf(c(3), c(2), c(4), c(4), c(1), c(1)), 0).winner).toBe("player"); // 7 v 6
    expect(dealHand(shoeOf(c(2), c(3), c(4), c(4), c(1), c(1)), 0).winner).toBe("banker"); // 6 v 7
    expect(dealHand(shoeOf(c(3), c(3), c(4), c(4), c(1), c(1)), 0)).toMatchObject({
      winner: "tie",
      playerTotal: 7,
    });
  });

  it("pairs are the side's first two cards of the same rank (ten and king are not a pair; the third card never counts)", () => {
    expect(dealHand(shoeOf(c(5), c(12), c(5), c(12), c(1), c(1)), 0)).toMatchObject({
      playerPair: true,
      bankerPair: true,
    });
    expect(dealHand(shoeOf(c(10), c(2), c(13), c(3), c(10), c(1)), 0)).toMatchObject({
      playerPair: false,
      bankerPair: false,
    });
    // Player 1 + 2 draws a 1: the third card makes no pair.
    expect(dealHand(shoeOf(c(1), c(9), c(2), c(10), c(1), c(1)), 0).playerPair).toBe(false);
    // Suits do not matter.
    expect(dealHand(shoeOf({ rank: 7, suit: 0 }, c(1), { rank: 7, suit: 3 }, c(2)), 0).playerPair).toBe(true);
  });

  it("deals from any position and refuses one with fewer than 6 cards left", () => {
    const shoe = [c(13), c(13), c(13), ...shoeOf(c(9), c(1), c(10), c(1), c(1), c(1))];
    expect(dealHand(shoe, 3)).toMatchObject({ playerTotal: 9, nextPosition: 7 });
    expect(HAND_MAX_CARDS).toBe(6);
    expect(() => dealHand(shoe, 4)).toThrow(RangeError);
    expect(() => dealHand(shoe, -1)).toThrow(RangeError);
    expect(() => dealHand(shoe, 0.5)).toThrow(RangeError);
  });
});

describe("a full shoe", () => {
  it("deals hand after hand, each starting where the last ended, until the cut card (half the shoe)", async () => {
    expect(CUT_CARD_REMAINING).toBe(208);
    expect(BURN_CARDS).toBe(0);
    const shoe = await baccaratShoe(SEED, "lucky7");
    let position = 0;
    const dealt: Card[] = [];
    const hands: BaccaratHand[] = [];
    while (!isShoeOver(shoe, position)) {
      const hand = dealHand(shoe, position);
      expect(hand.nextPosition - position).toBe(hand.player.length + hand.banker.length);
      dealt.push(...shoe.slice(position, hand.nextPosition));
      hands.push(hand);
      position = hand.nextPosition;
    }
    expect(SHOE_CARDS - position).toBeLessThan(CUT_CARD_REMAINING);
    expect(SHOE_CARDS - position).toBeGreaterThan(CUT_CARD_REMAINING - HAND_MAX_CARDS - 1);
    expect(dealt).toEqual(shoe.slice(0, position));
    // No hand started after the cut: the last one started with at least CUT_CARD_REMAINING left.
    const lastStart =
      position -
      ((hands.at(-1) as BaccaratHand).player.length + (hands.at(-1) as BaccaratHand).banker.length);
    expect(SHOE_CARDS - lastStart).toBeGreaterThanOrEqual(CUT_CARD_REMAINING);
    expect(hands.length).toBeGreaterThan(35);
    // Past the cut, dealHand itself still deals to the last 6 cards (the cut card is isShoeOver's rule).
    while (SHOE_CARDS - position >= HAND_MAX_CARDS) position = dealHand(shoe, position).nextPosition;
    expect(SHOE_CARDS - position).toBeLessThan(HAND_MAX_CARDS);
    expect(() => dealHand(shoe, position)).toThrow(RangeError);
  });
});

// ---- Exact odds by exhaustive enumeration of an 8-deck shoe's first six cards, with card removal --------------

/**
 * Ordered 6-card sequences (by value, with how many cards of each value there are) grouped by the hand's outcome,
 * the hand dealt by dealHand itself. A hand that ends after 4 or 5 cards stands for every continuation of the
 * unused positions. All counts stay below 2^53 (416·415·414·413·412·411 ≈ 5.0e15), so doubles are exact.
 */
function outcomeCounts(valueCounts: number[]) {
  const counts = [...valueCounts];
  const n = counts.reduce((a, b) => a + b, 0);
  const cards: Card[] = Array(6).fill(c(10));
  const result = { player: 0, banker: 0, tie: 0, total: 0 };
  const visit = (depth: number, weight: number) => {
    if (depth >= 4) {
      const hand = dealHand(cards, 0);
      if (hand.nextPosition <= depth) {
        let rest = 1;
        for (let k = depth; k < 6; k++) rest *= n - k;
        result[hand.winner] += weight * rest;
        result.total += weight * rest;
        return;
      }
    }
    for (let value = 0; value <= 9; value++) {
      const left = counts[value] as number;
      if (left === 0) continue;
      counts[value] = left - 1;
      cards[depth] = v(value);
      visit(depth + 1, weight * left);
      counts[value] = left;
    }
    cards[depth] = c(10);
  };
  visit(0, 1);
  return result;
}

/** Ordered first-four-card sequences by rank, counting player pairs and banker pairs as dealHand reports them. */
function pairCounts(rankCounts: number[]) {
  const counts = [...rankCounts];
  const cards: Card[] = Array(6).fill(c(10));
  let playerPair = 0;
  let bankerPair = 0;
  let total = 0;
  const visit = (depth: number, weight: number) => {
    if (depth === 4) {
      const hand = dealHand(cards, 0);
      total += weight;
      if (hand.playerPair) playerPair += weight;
      if (hand.bankerPair) bankerPair += weight;
      return;
    }
    for (let rank = 1; rank <= 13; rank++) {
      const left = counts[rank - 1] as number;
      if (left === 0) continue;
      counts[rank - 1] = left - 1;
      cards[depth] = c(rank);
      visit(depth + 1, weight * left);
      counts[rank - 1] = left;
    }
  };
  visit(0, 1);
  return { playerPair, bankerPair, total };
}

/** Expected return per 1 staked of each bet kind, from outcome probabilities (0.95 commission exactly). */
function returns(o: { player: number; banker: number; tie: number; total: number }) {
  return {
    player: (2 * o.player + o.tie) / o.total,
    banker: (1.95 * o.banker + o.tie) / o.total,
    tie: (9 * o.tie) / o.total,
  };
}

const FULL_SHOE_VALUES = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];

describe("house edges, exact over a full 8-deck shoe", () => {
  const o = outcomeCounts(FULL_SHOE_VALUES);

  it("enumerates every ordered 6-card sequence: the published 8-deck combination counts", () => {
    expect(o.total).toBe(416 * 415 * 414 * 413 * 412 * 411);
    expect(o.total).toBe(4_998_398_275_503_360);
    expect(o.banker).toBe(2_292_252_566_437_888);
    expect(o.player).toBe(2_230_518_282_592_256);
    expect(o.tie).toBe(475_627_426_473_216);
  });

  it("banker 1.06%, player 1.24%, tie (8:1) 14.36%: within 0.005 points of the known figures", () => {
    const r = returns(o);
    const edge = (x: number) => (1 - x) * 100;
    expect(Math.abs(edge(r.banker) - 1.0579)).toBeLessThan(0.005);
    expect(Math.abs(edge(r.player) - 1.2351)).toBeLessThan(0.005);
    expect(Math.abs(edge(r.tie) - 14.3596)).toBeLessThan(0.005);
    // Exactly, as integer arithmetic: player edge = (B - P) / total, banker edge = (P - 0.95 B) / total.
    expect(((o.banker - o.player) / o.total) * 100).toBeCloseTo(1.235081, 6);
    expect(((o.player - 0.95 * o.banker) / o.total) * 100).toBeCloseTo(1.057906, 6);
    expect((1 - (9 * o.tie) / o.total) * 100).toBeCloseTo(14.359629, 6);
  });

  it("pairs (11:1): probability 31/415 each, house edge 10.36%", () => {
    const p = pairCounts(Array(13).fill(32));
    expect(p.total).toBe(416 * 415 * 414 * 413);
    expect(p.playerPair * 415).toBe(p.total * 31);
    expect(p.bankerPair * 415).toBe(p.total * 31);
    expect((1 - (12 * 31) / 415) * 100).toBeCloseTo(10.3614, 4);
  });

  it("the published RTP of each bet is the exact figure rounded to 2 decimals", () => {
    const r = returns(o);
    const pair = (12 * 31) / 415;
    const round = (x: number) => Math.round(x * 10_000) / 100;
    expect(BACCARAT_RTP_PERCENT).toEqual({
      player: round(r.player),
      banker: round(r.banker),
      tie: round(r.tie),
      playerPair: round(pair),
      bankerPair: round(pair),
    });
  });
});

// ---- The cut card: why half the shoe ---------------------------------------------------------------------------

/** A pair bet's expected return per 1 staked (12 back on a win) when `counts` (by rank) is what remains. */
function pairReturn(counts: number[]) {
  const n = counts.reduce((a, b) => a + b, 0);
  return (12 * counts.reduce((sum, k) => sum + k * (k - 1), 0)) / (n * (n - 1));
}

describe("the cut card keeps every bet negative for a player who counts every card shown", () => {
  it("over 300 fair shoes, no hand before the cut offers a pair bet above -1%; to the last 6 cards many would", () => {
    let worstBeforeCut = Number.NEGATIVE_INFINITY;
    let positiveNearEnd = 0;
    for (let s = 0; s < 300; s++) {
      const shoe = shuffleShoe(oracleShoeFloats(SEED, `shoe-${s}`));
      const counts = Array(13).fill(32) as number[];
      let position = 0;
      let bestNearEnd = Number.NEGATIVE_INFINITY;
      while (SHOE_CARDS - position >= HAND_MAX_CARDS) {
        const r = pairReturn(counts) - 1;
        if (isShoeOver(shoe, position)) bestNearEnd = Math.max(bestNearEnd, r);
        else worstBeforeCut = Math.max(worstBeforeCut, r);
        const hand = dealHand(shoe, position);
        for (const card of shoe.slice(position, hand.nextPosition))
          counts[card.rank - 1] = (counts[card.rank - 1] as number) - 1;
        position = hand.nextPosition;
      }
      if (bestNearEnd > 0) positiveNearEnd++;
    }
    expect(worstBeforeCut).toBeLessThan(-0.01);
    // The reason for the cut: dealt to the end, well over a third of shoes would hand the counter a winning bet.
    expect(positiveNearEnd).toBeGreaterThan(100);
  });

  it("player, banker and tie stay negative at the last hand before the cut (exact, sample of shoes)", () => {
    for (let s = 0; s < 12; s++) {
      const shoe = shuffleShoe(oracleShoeFloats(SEED, `cut-${s}`));
      let position = 0;
      while (!isShoeOver(shoe, dealHand(shoe, position).nextPosition))
        position = dealHand(shoe, position).nextPosition;
      const counts = Array(10).fill(0) as number[];
      for (const card of shoe.slice(position))
        counts[cardValue(card)] = (counts[cardValue(card)] as number) + 1;
      const r = returns(outcomeCounts(counts));
      expect(r.player).toBeLessThan(1);
      expect(r.banker).toBeLessThan(1);
      expect(r.tie).toBeLessThan(1);
    }
  });
});

// ---- Bets ------------------------------------------------------------------------------------------------------

const hand = (winner: BaccaratHand["winner"], playerPair = false, bankerPair = false) => ({
  winner,
  playerPair,
  bankerPair,
});
const bet = (kind: BaccaratBetKind, stakeSatang: bigint): BaccaratBet => ({ kind, stakeSatang });

describe("settleBaccarat", () => {
  it("player 1:1, banker 0.95:1, tie 8:1, pairs 11:1; losers return 0", () => {
    expect(baccaratBetReturn(bet("player", 10_000n), hand("player"))).toBe(20_000n);
    expect(baccaratBetReturn(bet("player", 10_000n), hand("banker"))).toBe(0n);
    expect(baccaratBetReturn(bet("banker", 10_000n), hand("banker"))).toBe(19_500n);
    expect(baccaratBetReturn(bet("banker", 10_000n), hand("player"))).toBe(0n);
    expect(baccaratBetReturn(bet("tie", 10_000n), hand("tie"))).toBe(90_000n);
    expect(baccaratBetReturn(bet("tie", 10_000n), hand("player"))).toBe(0n);
    expect(baccaratBetReturn(bet("playerPair", 10_000n), hand("banker", true))).toBe(120_000n);
    expect(baccaratBetReturn(bet("playerPair", 10_000n), hand("player", false, true))).toBe(0n);
    expect(baccaratBetReturn(bet("bankerPair", 10_000n), hand("tie", false, true))).toBe(120_000n);
    expect(baccaratBetReturn(bet("bankerPair", 10_000n), hand("banker", true, false))).toBe(0n);
  });

  it("a tie pushes player and banker bets: the stake comes back", () => {
    expect(baccaratBetReturn(bet("player", 12_345n), hand("tie"))).toBe(12_345n);
    expect(baccaratBetReturn(bet("banker", 12_345n), hand("tie"))).toBe(12_345n);
  });

  it("banker commission: winnings floor(stake × 95 / 100) satang, the fraction stays with the house", () => {
    expect(baccaratBetReturn(bet("banker", 1_001n), hand("banker"))).toBe(1_001n + 950n); // 950.95 → 950
    expect(baccaratBetReturn(bet("banker", 1_019n), hand("banker"))).toBe(1_019n + 968n); // 968.05 → 968
    expect(baccaratBetReturn(bet("banker", 1_020n), hand("banker"))).toBe(1_020n + 969n); // exact
    expect(baccaratBetReturn(bet("banker", 5_000_000n), hand("banker"))).toBe(9_750_000n);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (stake) => {
        const won = baccaratBetReturn(bet("banker", stake), hand("banker")) - stake;
        expect(won * 100n).toBeLessThanOrEqual(stake * 95n);
        expect(won * 100n).toBeGreaterThan(stake * 95n - 100n);
        if (stake % 20n === 0n) expect(won * 100n).toBe(stake * 95n);
      }),
    );
  });

  it("sums every bet of the slip", () => {
    const slip = [
      bet("banker", 100_000n),
      bet("tie", 10_000n),
      bet("playerPair", 5_000n),
      bet("bankerPair", 1_000n),
    ];
    expect(settleBaccarat(slip, hand("tie", true, false))).toEqual({
      bets: [
        { kind: "banker", stakeSatang: 100_000n, returnSatang: 100_000n },
        { kind: "tie", stakeSatang: 10_000n, returnSatang: 90_000n },
        { kind: "playerPair", stakeSatang: 5_000n, returnSatang: 60_000n },
        { kind: "bankerPair", stakeSatang: 1_000n, returnSatang: 0n },
      ],
      totalReturnSatang: 250_000n,
    });
    expect(settleBaccarat([bet("player", 1_000n)], hand("banker")).totalReturnSatang).toBe(0n);
  });

  it("refuses a kind it does not know", () => {
    expect(() =>
      baccaratBetReturn({ kind: "dragon" as BaccaratBetKind, stakeSatang: 1n }, hand("tie")),
    ).toThrow(RangeError);
  });
});

describe("checkBaccaratBets", () => {
  it("limits: 10 baht minimum everywhere; 50,000 baht on player and banker, 5,000 on tie and pairs", () => {
    expect(BACCARAT_BET_KINDS).toEqual(["player", "banker", "tie", "playerPair", "bankerPair"]);
    expect(BACCARAT_LIMITS).toEqual({
      player: { minSatang: 1_000n, maxSatang: 5_000_000n },
      banker: { minSatang: 1_000n, maxSatang: 5_000_000n },
      tie: { minSatang: 1_000n, maxSatang: 500_000n },
      playerPair: { minSatang: 1_000n, maxSatang: 500_000n },
      bankerPair: { minSatang: 1_000n, maxSatang: 500_000n },
    });
    for (const kind of BACCARAT_BET_KINDS) {
      const { minSatang, maxSatang } = BACCARAT_LIMITS[kind];
      expect(checkBaccaratBets([bet(kind, minSatang)])).toBeNull();
      expect(checkBaccaratBets([bet(kind, maxSatang)])).toBeNull();
      expect(checkBaccaratBets([bet(kind, minSatang - 1n)])).toBe("belowMinimum");
      expect(checkBaccaratBets([bet(kind, maxSatang + 1n)])).toBe("aboveMaximum");
    }
  });

  it("needs a bet, one per kind, and never player and banker together", () => {
    expect(checkBaccaratBets([])).toBe("empty");
    expect(checkBaccaratBets([bet("tie", 1_000n), bet("tie", 1_000n)])).toBe("duplicateKind");
    expect(checkBaccaratBets([bet("player", 1_000n), bet("banker", 1_000n)])).toBe("bothSides");
    expect(checkBaccaratBets([bet("banker", 1_000n), bet("tie", 2_000n), bet("player", 1_000n)])).toBe(
      "bothSides",
    );
    expect(
      checkBaccaratBets([
        bet("player", 1_000n),
        bet("tie", 1_000n),
        bet("playerPair", 1_000n),
        bet("bankerPair", 1_000n),
      ]),
    ).toBeNull();
    expect(checkBaccaratBets([{ kind: "dragon" as BaccaratBetKind, stakeSatang: 1_000n }])).toBe(
      "unknownKind",
    );
    expect(checkBaccaratBets([{ kind: "tie", stakeSatang: 1_000 as unknown as bigint }])).toBe(
      "belowMinimum",
    );
    expect(checkBaccaratBets([bet("tie", 0n)])).toBe("belowMinimum");
    expect(checkBaccaratBets([bet("tie", -5_000n)])).toBe("belowMinimum");
  });
});
