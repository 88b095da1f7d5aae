import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BaccaratBetKind, SlotSymbol } from "../../domain/games/index.ts";
import type { ApiError } from "../../lib/api.ts";
import { formatSatang } from "../../lib/format.ts";
import { wording } from "../../lib/messages.ts";
import type { AutoplayEnd } from "./autoplay.ts";
import type { BetProblem } from "./bets.ts";

// In the "originals" catalog (lingui.config.ts ORIGINALS_SOURCES): loaded by the game pages' route loaders.

export const PROBLEM_TEXT: Record<BetProblem, MessageDescriptor> = {
  empty: msg`Place at least one bet.`,
  unknownKind: msg`This bet is not offered at this table.`,
  duplicateKind: msg`Only one bet of each kind per hand.`,
  belowMinimum: msg`The stake is below the table's minimum.`,
  aboveMaximum: msg`The stake is above the table's maximum.`,
  bothSides: msg`Player and Banker cannot both be bet in the same hand.`,
  notWholeLineBet: msg`The total bet must split into 10 equal line bets (a multiple of 0.10 baht).`,
  targetInvalid: msg`Pick a target with a win chance between 1% and 95%.`,
  amountInvalid: msg`Enter an amount in baht with at most two decimals.`,
};

const OWN_ERRORS: Record<string, MessageDescriptor> = {
  INVALID_TOKEN: msg`This game session has ended. Go back to the lobby and open the game again.`,
  TOKEN_EXPIRED: msg`This game session has ended. Go back to the lobby and open the game again.`,
  USER_DISABLED: msg`Games are closed for your account. Please contact support.`,
  WALLET_UNAVAILABLE: msg`Your wallet cannot be reached right now. Nothing was played. Please try again in a moment.`,
  BET_NOT_CONFIRMED: msg`The bet was not confirmed: nothing was played, and your stake is being returned to your balance.`,
  ROUND_IN_PROGRESS: msg`A round of this game is still being played. Wait a moment and try again.`,
  WALLET_REFUSED: msg`The wallet refused this bet. Nothing was played. Please contact support if it happens again.`,
  WRONG_CURRENCY: msg`LOTTOUP Originals are played in Thai baht only.`,
  SEED_UNAVAILABLE: msg`This game cannot be played right now. Please try again later.`,
  CLIENT_SEED_INVALID: msg`A client seed is 1 to 64 letters, digits or symbols, without spaces or a colon.`,
  requestInvalid: msg`This bet could not be read. Please check it and try again.`,
  valueTooLong: msg`This bet could not be read. Please check it and try again.`,
  NOT_FOUND: msg`This game is not available.`,
};

export const originalsErrorText = wording(OWN_ERRORS, {
  special: (i18n: I18n, error: ApiError) => {
    if (error.code === "NOT_ENOUGH_MONEY") {
      const balance = typeof error.details.balance === "string" ? error.details.balance : null;
      if (balance !== null && /^\d+$/.test(balance))
        return i18n._(msg`Not enough money: your balance is ${formatSatang(BigInt(balance))}.`);
      return i18n._(msg`Not enough money for this bet.`);
    }
    if (error.code === "BET_INVALID") {
      const problem = error.details.problem;
      const text = typeof problem === "string" ? PROBLEM_TEXT[problem as BetProblem] : undefined;
      return i18n._(text ?? msg`This bet is not accepted.`);
    }
    return null;
  },
});

/** Whether an error means the game session is over (the page offers no more play). */
export const sessionEnded = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  "code" in error &&
  (error.code === "INVALID_TOKEN" || error.code === "TOKEN_EXPIRED");

export const KIND_TEXT: Record<BaccaratBetKind, MessageDescriptor> = {
  player: msg`Player`,
  banker: msg`Banker`,
  tie: msg`Tie`,
  playerPair: msg`Player pair`,
  bankerPair: msg`Banker pair`,
};

export const SYMBOL_TEXT: Record<SlotSymbol, MessageDescriptor> = {
  wild: msg`Wild`,
  elephant: msg`Elephant`,
  tuktuk: msg`Tuk-tuk`,
  lotus: msg`Lotus`,
  mango: msg`Mango`,
  ace: msg`Ace`,
  king: msg`King`,
  queen: msg`Queen`,
  jack: msg`Jack`,
};

export const SUIT_TEXT: readonly MessageDescriptor[] = [msg`spades`, msg`hearts`, msg`diamonds`, msg`clubs`];

const RANK_TEXT: Record<number, MessageDescriptor> = {
  1: msg`Ace`,
  11: msg`Jack`,
  12: msg`Queen`,
  13: msg`King`,
};

/** A card's accessible name: "Ace of spades", "7 of hearts". */
export function cardName(i18n: I18n, card: { rank: number; suit: number }): string {
  const rankWord = RANK_TEXT[card.rank];
  const rank = rankWord ? i18n._(rankWord) : String(card.rank);
  const suitWord = SUIT_TEXT[card.suit];
  const suit = suitWord ? i18n._(suitWord) : "";
  return i18n._(msg`${rank} of ${suit}`);
}

export const AUTOPLAY_END_TEXT: Record<Exclude<AutoplayEnd, "error">, MessageDescriptor> = {
  done: msg`Autoplay finished.`,
  stopped: msg`Autoplay stopped.`,
  funds: msg`Autoplay stopped: your balance does not cover another round.`,
};
