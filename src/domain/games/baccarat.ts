import { fairFloats } from "./fair.ts";

/**
 * LOTTOUP Baccarat: punto banco from a provably fair 8-deck shoe (docs/games-fairness.md "Baccarat"). The rules
 * here are the ones every casino prints, so a player who knows baccarat knows this game; what a casino leaves to
 * the house (burn cards, where the cut card goes, how the commission rounds) is decided and explained below.
 *
 * One shoe per seed pair: the shoe is shuffled from (server seed, client seed, nonce 0), and hands are dealt from it
 * in order. When the cut card comes out the shoe is over, and the next shoe needs a new seed pair: the end of a
 * shoe is a seed rotation, which reveals the seed, so the player can replay the whole shoe card by card.
 */

export const SHOE_DECKS = 8;
export const SHOE_CARDS = SHOE_DECKS * 52;
/** The most cards one hand can take (two per side plus a third card each). */
export const HAND_MAX_CARDS = 6;

/**
 * A hand starts only while at least this many cards remain; below it the shoe is over. Half the shoe, on purpose:
 * every dealt card is shown, so a player who counts knows the exact composition of what is left, and the pair
 * bets (11:1) turn in the player's favour near the end of a shoe. Measured over random 8-deck shoes: with the cut
 * card 6 cards from the end, a quarter of shoes offer a pair bet worth +102% on the last hand; with 104 left, 1 shoe
 * in 100 offers a positive pair bet somewhere; with 208 left, none did in 200,000 shoes (the best seen was -2.2%).
 * Player, banker and tie bets stay negative for the house's opponent long before that (baccarat.test.ts checks a
 * sample of shoes at this cut).
 */
export const CUT_CARD_REMAINING = 208;

/**
 * No burn cards: a casino burns cards so that a dealer or a player who glimpses the top card learns nothing, but
 * here nobody sees the shoe before the seed is revealed, and burning by the face value of the first card (the usual
 * rule) would only make the verification longer.
 */
export const BURN_CARDS = 0;

/** Rank 1 = ace, 11-13 = jack, queen, king; suit 0-3 = spades, hearts, diamonds, clubs (display only). */
export interface Card {
  rank: number;
  suit: number;
}

/** A card's baccarat value: ace 1, 2-9 face value, 10 and pictures 0. */
export function cardValue(card: Card): number {
  return card.rank >= 10 ? 0 : card.rank;
}

/** Sum of values mod 10: the only total baccarat knows. */
export function handTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;
}

/** The unshuffled shoe: deck by deck, suits 0-3 in each deck, ranks 1-13 in each suit. */
export function orderedShoe(): Card[] {
  const shoe: Card[] = [];
  for (let deck = 0; deck < SHOE_DECKS; deck++)
    for (let suit = 0; suit < 4; suit++) for (let rank = 1; rank <= 13; rank++) shoe.push({ rank, suit });
  return shoe;
}

/** Floats one shuffle consumes: one per swap, i = 415 down to 1. */
export const SHUFFLE_FLOATS = SHOE_CARDS - 1;

/**
 * Fisher-Yates over the ordered shoe: for i from 415 down to 1, j = floor(f × (i + 1)) with the next float, swap
 * cards i and j. Each of the 416! orders is reachable, and with uniform floats equally likely (up to the 2^-32
 * granularity of a float).
 */
export function shuffleShoe(floats: readonly number[]): Card[] {
  if (floats.length < SHUFFLE_FLOATS) throw new RangeError(`a shuffle takes ${SHUFFLE_FLOATS} floats`);
  const shoe = orderedShoe();
  for (let i = SHOE_CARDS - 1, k = 0; i > 0; i--, k++) {
    const f = floats[k] as number;
    if (!(f >= 0 && f < 1)) throw new RangeError("a float is in [0, 1)");
    const j = Math.floor(f * (i + 1));
    const card = shoe[i] as Card;
    shoe[i] = shoe[j] as Card;
    shoe[j] = card;
  }
  return shoe;
}

/** The shoe of a seed pair: shuffled with the floats of nonce 0 (docs/games-fairness.md). */
export async function baccaratShoe(serverSeedHex: string, clientSeed: string): Promise<Card[]> {
  return shuffleShoe(await fairFloats(serverSeedHex, clientSeed, 0, SHUFFLE_FLOATS));
}

/** Whether the cut card has come out: no hand starts with fewer than CUT_CARD_REMAINING cards left. */
export function isShoeOver(shoe: readonly Card[], position: number): boolean {
  return shoe.length - position < CUT_CARD_REMAINING;
}

export type BaccaratWinner = "player" | "banker" | "tie";

export interface BaccaratHand {
  /** In the order dealt to the side: the first two, then the third card if drawn. */
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  /** The side's first two cards have the same rank (a 10 and a king are not a pair). */
  playerPair: boolean;
  bankerPair: boolean;
  /** 8 or 9 on either side's first two cards: both stand. */
  natural: boolean;
  /** Where the next hand starts. */
  nextPosition: number;
}

/**
 * Whether the banker draws, given its two-card total and the player's third card (null if the player stood): the
 * tableau every punto banco table prints.
 */
export function bankerDraws(bankerTotal: number, playerThird: Card | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  const third = cardValue(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return third !== 8;
    case 4:
      return third >= 2 && third <= 7;
    case 5:
      return third >= 4 && third <= 7;
    case 6:
      return third === 6 || third === 7;
    default:
      return false;
  }
}

/**
 * Deal one hand from `position`: player, banker, player, banker, then the third-card rules (a natural 8 or 9 on
 * either side: both stand; the player draws on 0-5; the banker on 0-5 if the player stood, else by the tableau).
 * Throws when fewer than HAND_MAX_CARDS cards remain (the cut card, isShoeOver, comes long before).
 */
export function dealHand(shoe: readonly Card[], position: number): BaccaratHand {
  if (!Number.isInteger(position) || position < 0 || shoe.length - position < HAND_MAX_CARDS)
    throw new RangeError(`a hand needs ${HAND_MAX_CARDS} cards left in the shoe`);
  let next = position;
  const draw = () => shoe[next++] as Card;
  const player = [draw()];
  const banker = [draw()];
  player.push(draw());
  banker.push(draw());
  const playerTwo = handTotal(player);
  const bankerTwo = handTotal(banker);
  const natural = playerTwo >= 8 || bankerTwo >= 8;
  if (!natural) {
    let playerThird: Card | null = null;
    if (playerTwo <= 5) {
      playerThird = draw();
      player.push(playerThird);
    }
    if (bankerDraws(bankerTwo, playerThird)) banker.push(draw());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  const [p1, p2] = player as [Card, Card];
  const [b1, b2] = banker as [Card, Card];
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? "player" : bankerTotal > playerTotal ? "banker" : "tie",
    playerPair: p1.rank === p2.rank,
    bankerPair: b1.rank === b2.rank,
    natural,
    nextPosition: next,
  };
}

export const BACCARAT_BET_KINDS = ["player", "banker", "tie", "playerPair", "bankerPair"] as const;
export type BaccaratBetKind = (typeof BACCARAT_BET_KINDS)[number];

export interface BaccaratBet {
  kind: BaccaratBetKind;
  stakeSatang: bigint;
}

/** Winnings per 1 staked (to 1), banker excepted: its 0.95 is BANKER_WIN_PERCENT. */
export const BACCARAT_PAYS_TO_ONE = { player: 1n, tie: 8n, playerPair: 11n, bankerPair: 11n } as const;
/** A winning banker bet wins 95% of the stake: the 5% commission. */
export const BANKER_WIN_PERCENT = 95n;

/** Every bet is at least 10 baht. */
export const BACCARAT_MIN_BET_SATANG = 1_000n;
/** Player and banker bets: at most 50,000 baht. */
export const BACCARAT_MAX_BET_SATANG = 5_000_000n;
/**
 * Tie and pair bets: at most 5,000 baht. They pay 8:1 and 11:1, so the even-money cap would let one hand cost the
 * house eleven times as much.
 */
export const BACCARAT_SIDE_MAX_BET_SATANG = 500_000n;

/** Stake limits per bet kind, in satang. */
export const BACCARAT_LIMITS: Record<BaccaratBetKind, { minSatang: bigint; maxSatang: bigint }> = {
  player: { minSatang: BACCARAT_MIN_BET_SATANG, maxSatang: BACCARAT_MAX_BET_SATANG },
  banker: { minSatang: BACCARAT_MIN_BET_SATANG, maxSatang: BACCARAT_MAX_BET_SATANG },
  tie: { minSatang: BACCARAT_MIN_BET_SATANG, maxSatang: BACCARAT_SIDE_MAX_BET_SATANG },
  playerPair: { minSatang: BACCARAT_MIN_BET_SATANG, maxSatang: BACCARAT_SIDE_MAX_BET_SATANG },
  bankerPair: { minSatang: BACCARAT_MIN_BET_SATANG, maxSatang: BACCARAT_SIDE_MAX_BET_SATANG },
};

/**
 * Each bet's return to player from a full 8-deck shoe, rounded to 2 decimals: published figures, checked against
 * the exact enumeration of every first six cards by baccarat.test.ts. The banker's is at exactly 0.95:1: the satang
 * rounding of its commission costs a stake in whole 20 satang nothing and any stake of 10 baht or more less than
 * 0.05 points (under 1 satang per 1,000 on the 45.86% of hands the banker wins).
 */
export const BACCARAT_RTP_PERCENT: Record<BaccaratBetKind, number> = {
  player: 98.76,
  banker: 98.94,
  tie: 85.64,
  playerPair: 89.64,
  bankerPair: 89.64,
};

export type BaccaratSlipProblem =
  /** No bet at all. */
  | "empty"
  /** A kind that is not one of BACCARAT_BET_KINDS. */
  | "unknownKind"
  /** Two bets of the same kind: one bet per kind and hand (a second one is only a larger stake). */
  | "duplicateKind"
  | "belowMinimum"
  | "aboveMaximum"
  /** Player and banker in the same hand (see checkBaccaratBets). */
  | "bothSides";

/**
 * The first problem of a bet slip, or null when it may be played. Player and banker may not both be bet in one
 * hand: together they lose at most about 1% of the smaller stake yet count both stakes as turnover, the base of
 * promotion wagering (server/modules/wallet/statements.ts), so they clear a bonus's wagering almost for free.
 */
export function checkBaccaratBets(bets: readonly BaccaratBet[]): BaccaratSlipProblem | null {
  if (bets.length === 0) return "empty";
  const seen = new Set<string>();
  for (const bet of bets) {
    if (!(BACCARAT_BET_KINDS as readonly string[]).includes(bet.kind)) return "unknownKind";
    if (seen.has(bet.kind)) return "duplicateKind";
    seen.add(bet.kind);
    const limits = BACCARAT_LIMITS[bet.kind];
    if (typeof bet.stakeSatang !== "bigint" || bet.stakeSatang < limits.minSatang) return "belowMinimum";
    if (bet.stakeSatang > limits.maxSatang) return "aboveMaximum";
  }
  if (seen.has("player") && seen.has("banker")) return "bothSides";
  return null;
}

/**
 * What one bet returns (stake plus winnings; 0 when lost): player 1:1, banker 0.95:1, tie 8:1, pairs 11:1, and a
 * tie pushes player and banker bets (the stake comes back). The banker's winnings are floor(stake × 95 / 100)
 * satang: the fraction of a satang stays with the house, as it would at a table that pays no coins below the
 * smallest chip; a stake in whole 20-satang steps loses nothing to it.
 */
export function baccaratBetReturn(
  bet: BaccaratBet,
  hand: Pick<BaccaratHand, "winner" | "playerPair" | "bankerPair">,
) {
  const stake = bet.stakeSatang;
  switch (bet.kind) {
    case "player":
      if (hand.winner === "tie") return stake;
      return hand.winner === "player" ? stake + stake * BACCARAT_PAYS_TO_ONE.player : 0n;
    case "banker":
      if (hand.winner === "tie") return stake;
      return hand.winner === "banker" ? stake + (stake * BANKER_WIN_PERCENT) / 100n : 0n;
    case "tie":
      return hand.winner === "tie" ? stake + stake * BACCARAT_PAYS_TO_ONE.tie : 0n;
    case "playerPair":
      return hand.playerPair ? stake + stake * BACCARAT_PAYS_TO_ONE.playerPair : 0n;
    case "bankerPair":
      return hand.bankerPair ? stake + stake * BACCARAT_PAYS_TO_ONE.bankerPair : 0n;
    default:
      throw new RangeError(`not a baccarat bet: ${JSON.stringify(bet.kind)}`);
  }
}

export interface BaccaratSettlement {
  bets: (BaccaratBet & { returnSatang: bigint })[];
  totalReturnSatang: bigint;
}

/** Every bet's return and their sum for one hand (stakes are checked by checkBaccaratBets beforehand). */
export function settleBaccarat(
  bets: readonly BaccaratBet[],
  hand: Pick<BaccaratHand, "winner" | "playerPair" | "bankerPair">,
): BaccaratSettlement {
  const settled = bets.map((bet) => ({ ...bet, returnSatang: baccaratBetReturn(bet, hand) }));
  return { bets: settled, totalReturnSatang: settled.reduce((sum, bet) => sum + bet.returnSatang, 0n) };
}
