import {
  BACCARAT_BET_KINDS,
  BACCARAT_LIMITS,
  BACCARAT_PAYS_TO_ONE,
  BACCARAT_RTP_PERCENT,
  BANKER_WIN_PERCENT,
  type BaccaratBet,
  type BaccaratBetKind,
  baccaratShoe,
  type Card,
  CUT_CARD_REMAINING,
  checkBaccaratBets,
  checkDiceBet,
  checkSlotBet,
  DICE_HOUSE_EDGE_PERCENT,
  DICE_MAX_BET_SATANG,
  DICE_MAX_CHANCE_HUNDREDTHS,
  DICE_MIN_BET_SATANG,
  DICE_MIN_CHANCE_HUNDREDTHS,
  DICE_OUTCOMES,
  DICE_RTP_PERCENT,
  type DiceBet,
  type DiceDirection,
  dealHand,
  diceRoll,
  isShoeOver,
  MAX_AUTOPLAY_ROUNDS,
  type OriginalGameCode,
  originalGame,
  SHOE_CARDS,
  SHOE_DECKS,
  SIAM_FORTUNE_HIT_FREQUENCY_PERCENT,
  SIAM_FORTUNE_MAX_WIN_TOTAL_BETS,
  SIAM_FORTUNE_STRIP_LETTERS,
  SLOT_LINE_COUNT,
  SLOT_LINES,
  SLOT_MAX_TOTAL_BET_SATANG,
  SLOT_MIN_TOTAL_BET_SATANG,
  SLOT_PAYTABLE,
  settleBaccarat,
  settleDice,
  siamFortuneSpin,
  slotReturnSatang,
} from "../../../../src/domain/games/index.ts";

/**
 * The three Originals as the provider plays them: a bet in the engines' own types, its stake, its stored form,
 * and its outcome. Every outcome here is a function of (server seed, client seed, nonce or shoe position, the
 * bet) and nothing else: no function in this file takes, or can see, who is betting (docs/games.md rule 9).
 */

export const BACCARAT: OriginalGameCode = "lottoup-baccarat";
export const SLOT: OriginalGameCode = "lottoup-siam-fortune";
export const DICE: OriginalGameCode = "lottoup-dice";
export const ORIGINAL_CODES: readonly OriginalGameCode[] = [BACCARAT, SLOT, DICE];

export function isOriginalCode(code: string): code is OriginalGameCode {
  return originalGame(code) !== undefined;
}

export type OriginalsBet =
  | { game: "lottoup-baccarat"; bets: BaccaratBet[] }
  | { game: "lottoup-siam-fortune"; totalBetSatang: bigint }
  | { game: "lottoup-dice"; bet: DiceBet };

/** The engine's first problem with a bet (checkBaccaratBets, checkSlotBet, checkDiceBet), or null. */
export function betProblem(bet: OriginalsBet): string | null {
  switch (bet.game) {
    case "lottoup-baccarat":
      return checkBaccaratBets(bet.bets);
    case "lottoup-siam-fortune":
      return checkSlotBet(bet.totalBetSatang);
    case "lottoup-dice":
      return checkDiceBet(bet.bet);
  }
}

/** What the wallet's bet takes, in satang. */
export function stakeOf(bet: OriginalsBet): bigint {
  switch (bet.game) {
    case "lottoup-baccarat":
      return bet.bets.reduce((sum, b) => sum + b.stakeSatang, 0n);
    case "lottoup-siam-fortune":
      return bet.totalBetSatang;
    case "lottoup-dice":
      return bet.bet.stakeSatang;
  }
}

/** The stored and answered form of a bet: amounts in satang as decimal strings. */
export function betJson(bet: OriginalsBet): Record<string, unknown> {
  switch (bet.game) {
    case "lottoup-baccarat":
      return { bets: bet.bets.map((b) => ({ kind: b.kind, stake: String(b.stakeSatang) })) };
    case "lottoup-siam-fortune":
      return {
        totalBet: String(bet.totalBetSatang),
        lineBet: String(bet.totalBetSatang / BigInt(SLOT_LINE_COUNT)),
      };
    case "lottoup-dice":
      return {
        direction: bet.bet.direction,
        target: bet.bet.targetHundredths,
        stake: String(bet.bet.stakeSatang),
      };
  }
}

/** The bet back from its stored form (history answers and verification recompute from it). */
export function betFromJson(game: OriginalGameCode, json: Record<string, unknown>): OriginalsBet {
  switch (game) {
    case "lottoup-baccarat":
      return {
        game,
        bets: (json.bets as { kind: BaccaratBetKind; stake: string }[]).map((b) => ({
          kind: b.kind,
          stakeSatang: BigInt(b.stake),
        })),
      };
    case "lottoup-siam-fortune":
      return { game, totalBetSatang: BigInt(json.totalBet as string) };
    case "lottoup-dice":
      return {
        game,
        bet: {
          direction: json.direction as DiceDirection,
          targetHundredths: json.target as number,
          stakeSatang: BigInt(json.stake as string),
        },
      };
  }
}

export interface RoundOutcome {
  /** Stored and answered as is. */
  outcome: Record<string, unknown>;
  returnSatang: bigint;
  /** The seed pair's next nonce (slot, dice: this one + 1) or shoe position (baccarat: where the hand ended). */
  nextNonce: number;
  /** Baccarat: the cut card came out with this hand; the pair rotates. */
  shoeOver: boolean;
}

const cardJson = (card: Card) => ({ rank: card.rank, suit: card.suit });

/**
 * The outcome of a round: baccarat deals one hand from the shoe of (server seed, client seed) at `nonce`, the
 * shoe position; the slot and dice use (server seed, client seed, nonce) directly.
 */
export async function playOutcome(
  bet: OriginalsBet,
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
): Promise<RoundOutcome> {
  switch (bet.game) {
    case "lottoup-baccarat": {
      const shoe = await baccaratShoe(serverSeedHex, clientSeed);
      const hand = dealHand(shoe, nonce);
      const settlement = settleBaccarat(bet.bets, hand);
      const shoeOver = isShoeOver(shoe, hand.nextPosition);
      return {
        outcome: {
          player: hand.player.map(cardJson),
          banker: hand.banker.map(cardJson),
          playerTotal: hand.playerTotal,
          bankerTotal: hand.bankerTotal,
          winner: hand.winner,
          playerPair: hand.playerPair,
          bankerPair: hand.bankerPair,
          natural: hand.natural,
          position: nonce,
          nextPosition: hand.nextPosition,
          cardsRemaining: SHOE_CARDS - hand.nextPosition,
          shoeOver,
          bets: settlement.bets.map((b) => ({
            kind: b.kind,
            stake: String(b.stakeSatang),
            return: String(b.returnSatang),
          })),
        },
        returnSatang: settlement.totalReturnSatang,
        nextNonce: hand.nextPosition,
        shoeOver,
      };
    }
    case "lottoup-siam-fortune": {
      const spin = await siamFortuneSpin(serverSeedHex, clientSeed, nonce);
      return {
        outcome: { stops: spin.stops, window: spin.window, wins: spin.wins, pay: spin.pay },
        returnSatang: slotReturnSatang(bet.totalBetSatang, spin.pay),
        nextNonce: nonce + 1,
        shoeOver: false,
      };
    }
    case "lottoup-dice": {
      const roll = await diceRoll(serverSeedHex, clientSeed, nonce);
      const result = settleDice(bet.bet, roll);
      return {
        outcome: {
          rollHundredths: result.rollHundredths,
          win: result.win,
          multiplierTenThousandths: result.multiplierTenThousandths,
        },
        returnSatang: result.returnSatang,
        nextNonce: nonce + 1,
        shoeOver: false,
      };
    }
  }
}

/**
 * A baccarat pair whose shoe position is past the cut card takes no more hands. The pair rotates in the very
 * transaction that records the hand crossing it, so an active pair is never there; this guards the invariant
 * (isShoeOver for a full shoe of SHOE_CARDS).
 */
export function positionPastCut(position: number): boolean {
  return SHOE_CARDS - position < CUT_CARD_REMAINING;
}

const satang = (amount: bigint) => String(amount);

/** What the game page needs to offer the game: limits, pays, paytable, and the published figures. */
export function rulesOf(game: OriginalGameCode): Record<string, unknown> {
  const entry = originalGame(game);
  const common = {
    code: game,
    name: entry?.name,
    category: entry?.category,
    rtpPercent: entry?.rtpPercent,
    maxAutoplayRounds: MAX_AUTOPLAY_ROUNDS,
  };
  switch (game) {
    case "lottoup-baccarat":
      return {
        ...common,
        betKinds: BACCARAT_BET_KINDS,
        limits: Object.fromEntries(
          BACCARAT_BET_KINDS.map((kind) => [
            kind,
            { min: satang(BACCARAT_LIMITS[kind].minSatang), max: satang(BACCARAT_LIMITS[kind].maxSatang) },
          ]),
        ),
        paysToOne: {
          player: String(BACCARAT_PAYS_TO_ONE.player),
          banker: `0.${BANKER_WIN_PERCENT}`,
          tie: String(BACCARAT_PAYS_TO_ONE.tie),
          playerPair: String(BACCARAT_PAYS_TO_ONE.playerPair),
          bankerPair: String(BACCARAT_PAYS_TO_ONE.bankerPair),
        },
        rtpPercentByBet: BACCARAT_RTP_PERCENT,
        playerAndBankerTogether: false,
        shoe: { decks: SHOE_DECKS, cards: SHOE_CARDS, cutCardRemaining: CUT_CARD_REMAINING, burnCards: 0 },
      };
    case "lottoup-siam-fortune":
      return {
        ...common,
        limits: {
          minTotalBet: satang(SLOT_MIN_TOTAL_BET_SATANG),
          maxTotalBet: satang(SLOT_MAX_TOTAL_BET_SATANG),
        },
        lineCount: SLOT_LINE_COUNT,
        lines: SLOT_LINES,
        strips: SIAM_FORTUNE_STRIP_LETTERS,
        paytable: SLOT_PAYTABLE,
        hitFrequencyPercent: SIAM_FORTUNE_HIT_FREQUENCY_PERCENT,
        maxWinTotalBets: SIAM_FORTUNE_MAX_WIN_TOTAL_BETS,
      };
    case "lottoup-dice":
      return {
        ...common,
        limits: { minStake: satang(DICE_MIN_BET_SATANG), maxStake: satang(DICE_MAX_BET_SATANG) },
        outcomes: DICE_OUTCOMES,
        minChanceHundredths: DICE_MIN_CHANCE_HUNDREDTHS,
        maxChanceHundredths: DICE_MAX_CHANCE_HUNDREDTHS,
        houseEdgePercent: DICE_HOUSE_EDGE_PERCENT,
        rtpPercent: DICE_RTP_PERCENT,
      };
  }
  return common;
}
