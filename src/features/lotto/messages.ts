import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { SLIP_LINES_MAX } from "../../domain/contracts/lotto.ts";
import type { AnyOption, FlagHelper, LottoFamily, OneShotHelper } from "../../domain/lotto/index.ts";
import { optionFromWire } from "../../domain/lotto/index.ts";
import type { ApiError } from "../../lib/api.ts";
import { formatBaht } from "../../lib/format.ts";
import { wording } from "../../lib/messages.ts";

// In the "pages" catalog: these texts load with the lotto pages.

export const FAMILY_TEXT: Record<LottoFamily, MessageDescriptor> = {
  yeekee: msg`Yeekee`,
  yeekee5Min: msg`Yeekee 5 minutes`,
  pingpong: msg`Ping-pong`,
  gov: msg`Thai government lottery`,
  stock: msg`Stock lotteries`,
  set4: msg`4-digit lotteries`,
};

/**
 * Stock markets and 4-digit lotteries by the round's betName (a stock round's market id; a 4-digit round's
 * create segment), so Khmer and Burmese players read them in their language.
 */
export const MARKET_TEXT: Readonly<Record<string, MessageDescriptor>> = {
  nikkei_am: msg`Nikkei morning`,
  set_open_am: msg`Thai SET morning open`,
  china_am: msg`China morning`,
  hangseng_am: msg`Hang Seng morning`,
  taiwan: msg`Taiwan`,
  set_close_noon: msg`Thai SET midday close`,
  nikkei_pm: msg`Nikkei afternoon`,
  korea: msg`Korea`,
  china_pm: msg`China afternoon`,
  set_open_pm: msg`Thai SET afternoon open`,
  hangseng_pm: msg`Hang Seng afternoon`,
  singapore: msg`Singapore`,
  set_close_pm: msg`Thai SET evening close`,
  india: msg`India`,
  egypt: msg`Egypt`,
  russia: msg`Russia`,
  germany: msg`Germany`,
  uk: msg`United Kingdom`,
  downjone: msg`Dow Jones`,
  hanoy: msg`Hanoi`,
  lao: msg`Lao`,
  "lao-super": msg`Lao Super`,
  malay: msg`Malay`,
};

/** Option names; in Thai they are the names players know (OPTION_INFO[o].th). */
export const OPTION_TEXT: Record<AnyOption, MessageDescriptor> = {
  tengBon3: msg`3 top`,
  tode3: msg`3 tode (any order)`,
  tengBonNha3: msg`3 front`,
  tengLang3: msg`3 back`,
  tengBon2: msg`2 top`,
  tengLang2: msg`2 bottom`,
  tengBon1: msg`Run top`,
  tengLang1: msg`Run bottom`,
  fourTop: msg`4 straight`,
  fourTode: msg`4 tode (any order)`,
  threeTop: msg`3 straight`,
  threeTode: msg`3 tode (any order)`,
  threeFront: msg`3 front`,
  twoFront: msg`2 front`,
  twoBack: msg`2 back`,
};

export const FLAG_TEXT: Record<FlagHelper, MessageDescriptor> = {
  shuffle3: msg`Reverse (3 digits)`,
  shuffle2: msg`Reverse (2 digits)`,
  nineteenDoor: msg`19 doors`,
  roodNha: msg`Rood front`,
  roodLung: msg`Rood back`,
};

export const ONE_SHOT_TEXT: Record<OneShotHelper, MessageDescriptor> = {
  ble: msg`Doubles`,
  low: msg`Low (00-49)`,
  high: msg`High (50-99)`,
  even: msg`Even`,
  odd: msg`Odd`,
};

const POY_STATUS_TEXT: Record<string, MessageDescriptor> = {
  waiting: msg`Waiting for the result`,
  won: msg`Won`,
  lost: msg`Not won`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
};

export function poyStatusText(i18n: I18n, status: string): string {
  const text = POY_STATUS_TEXT[status];
  return text ? i18n._(text) : status;
}

export function optionText(i18n: I18n, option: AnyOption): string {
  return i18n._(OPTION_TEXT[option]);
}

/** A wire option name ("teng_bon_2") in the player's language; the raw name if unknown. */
export function wireOptionText(i18n: I18n, wire: string): string {
  const option = optionFromWire(wire);
  return option ? optionText(i18n, option) : wire;
}

const slipLinesMax = SLIP_LINES_MAX.toLocaleString("en-US");

/** docs/lotto-api.md's error codes. */
const LOTTO_TEXT: Record<string, MessageDescriptor> = {
  requestInvalid: msg`Something in the slip could not be read. Please check it and try again.`,
  SLIP_EMPTY: msg`Your slip is empty. Add at least one number.`,
  SLIP_TOO_LONG: msg`A slip can have at most ${slipLinesMax} lines. Please split it.`,
  ROUND_MISMATCH: msg`This slip does not belong to this lottery. Please open the round again.`,
  OPTION_UNKNOWN: msg`One of the bet types is not known. Please remove that line.`,
  OPTION_NOT_OFFERED: msg`One of the bet types is not offered in this round. Please remove that line.`,
  NUMBER_INVALID: msg`One of the numbers has the wrong number of digits.`,
  LINE_DUPLICATE: msg`The same number and bet type appear twice on the slip.`,
  PRICE_OUT_OF_RANGE: msg`A stake is outside this round's limits.`,
  OVER_ROUND_MAX: msg`You have reached the most you can stake on one of these numbers in this round.`,
  INSUFFICIENT_FUNDS: msg`Your balance is not enough for this slip. Please deposit or lower the stakes.`,
  RESTRICTION_INVALID: msg`This rate is above the round's default.`,
  UNAUTHORIZED: msg`Please log in again.`,
  FORBIDDEN: msg`Sorry, lotto is not available for your account.`,
  ROUND_NOT_FOUND: msg`This round was not found.`,
  POY_NOT_FOUND: msg`This slip was not found.`,
  ROUND_CLOSED: msg`This round is closed. Your slip was not placed.`,
  RATE_CHANGED: msg`Some rates have changed. Please check the new rates and confirm.`,
  CANCEL_NOT_ALLOWED: msg`Slips of this lottery cannot be cancelled.`,
  CANCEL_TOO_LATE: msg`It is too late to cancel this slip (until 30 minutes before the round closes).`,
  POY_NOT_CANCELLABLE: msg`This slip is already decided and cannot be cancelled.`,
};

/** A refusal's details, written after its text: the line's bet type and number, the limits, the most per number. */
function withDetails(i18n: I18n, error: ApiError): string | null {
  const own = LOTTO_TEXT[error.code];
  if (!own) return null;
  const { option, number, betMin, betMax, max } = error.details;
  const parts: string[] = [i18n._(own)];
  if (typeof option === "string" && typeof number === "string")
    parts.push(`(${wireOptionText(i18n, option)} ${number})`);
  if (typeof betMin === "string" && typeof betMax === "string")
    parts.push(`${formatBaht(betMin)} – ${formatBaht(betMax)}`);
  if (typeof max === "string") {
    const most = formatBaht(max);
    parts.push(i18n._(msg`Most per number: ${most}`));
  }
  return parts.join(" ");
}

/** Any error of a lotto call, in the player's language; line errors name the line's bet type and number. */
export const lottoErrorText = wording(LOTTO_TEXT, { special: withDetails });

/** The round's name in the player's language: Thai names in Thai; elsewhere "Yeekee round 12" or the English name. */
export function roundName(
  i18n: I18n,
  round: { name: string; nameEn: string; betGroup: LottoFamily; roundNo: number | null; betName: string },
): string {
  if (i18n.locale === "th") return round.name;
  if (round.betGroup === "gov") return i18n._(FAMILY_TEXT.gov);
  const market =
    round.betGroup === "stock" || round.betGroup === "set4" ? MARKET_TEXT[round.betName] : undefined;
  if (market) return i18n._(market);
  const n = round.roundNo;
  if (n !== null && round.betGroup !== "stock" && round.betGroup !== "set4") {
    const family = i18n._(FAMILY_TEXT[round.betGroup]);
    return i18n._(msg`${family} round ${n}`);
  }
  return round.nameEn;
}
