import { BACCARAT_MAX_BET_SATANG, BACCARAT_MIN_BET_SATANG, BACCARAT_RTP_PERCENT } from "./baccarat.ts";
import { DICE_MAX_BET_SATANG, DICE_MIN_BET_SATANG, DICE_RTP_PERCENT } from "./dice.ts";
import { SIAM_FORTUNE_RTP_PERCENT, SLOT_MAX_TOTAL_BET_SATANG, SLOT_MIN_TOTAL_BET_SATANG } from "./slot.ts";

/**
 * The catalog of LOTTOUP Originals, the games whose rules and randomness are the project's own (src/domain/games,
 * docs/games-fairness.md), as the lobby lists them. Figures come from the game modules, so the lobby cannot show a
 * limit or an RTP the game does not have.
 */

export type OriginalGameCode = "lottoup-baccarat" | "lottoup-siam-fortune" | "lottoup-dice";
/** Lobby shelves: a table game, a slot, an instant game. */
export type OriginalGameCategory = "table" | "slots" | "instant";

export interface OriginalGame {
  code: OriginalGameCode;
  /** The game's own name, the same in every language (the lobby translates around it, not it). */
  name: string;
  category: OriginalGameCategory;
  /** The smallest and largest stake of one bet (for the slot: the total bet of one spin). */
  minBetSatang: bigint;
  maxBetSatang: bigint;
  /** Return to player in percent; for baccarat that of its best bet (banker). */
  rtpPercent: number;
}

export const ORIGINAL_GAMES: readonly OriginalGame[] = [
  {
    code: "lottoup-baccarat",
    name: "Baccarat",
    category: "table",
    minBetSatang: BACCARAT_MIN_BET_SATANG,
    maxBetSatang: BACCARAT_MAX_BET_SATANG,
    rtpPercent: BACCARAT_RTP_PERCENT.banker,
  },
  {
    code: "lottoup-siam-fortune",
    name: "Siam Fortune",
    category: "slots",
    minBetSatang: SLOT_MIN_TOTAL_BET_SATANG,
    maxBetSatang: SLOT_MAX_TOTAL_BET_SATANG,
    rtpPercent: SIAM_FORTUNE_RTP_PERCENT,
  },
  {
    code: "lottoup-dice",
    name: "Dice",
    category: "instant",
    minBetSatang: DICE_MIN_BET_SATANG,
    maxBetSatang: DICE_MAX_BET_SATANG,
    rtpPercent: DICE_RTP_PERCENT,
  },
];

/**
 * The most rounds the app's autoplay runs from one start, in every game: a player has to come back at least this
 * often and choose to go on, so no session plays itself for long unattended.
 */
export const MAX_AUTOPLAY_ROUNDS = 100;

/** The catalog entry of a code, or undefined for a code that is not an Original. */
export function originalGame(code: string): OriginalGame | undefined {
  return ORIGINAL_GAMES.find((game) => game.code === code);
}
