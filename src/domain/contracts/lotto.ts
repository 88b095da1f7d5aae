import * as v from "valibot";
import { isDecimal } from "../lotto/decimal.ts";
import { LOTTO_FAMILIES, type LottoFamily } from "../lotto/options.ts";
import { integer, text } from "../text.ts";
import { type Baht, Id, IdempotencyKey, type IsoTime, Limit, Reason } from "./common.ts";

/**
 * The lotto calls the app makes (docs/lotto-api.md, docs/results-api.md): the limits a slip and a number set
 * keep, who may cancel a slip and until when, what each request carries and what each answer holds. The server
 * parses with these schemas and builds its answers as these types; the app sends and reads the same.
 */

// ---------------------------------------------------------------------------------------------------------------
// Rules

/** Most lines one slip may carry (19-door on both 2-digit options is 38; low + high on both, 200). */
export const SLIP_LINES_MAX = 1000;

/** What a member's saved number sets keep to (docs/results-api.md "Number sets"). */
export const NUMBER_SET_LIMITS = {
  /** Sets per member. */
  sets: 50,
  /** Lines per set: a slip's own maximum. */
  lines: SLIP_LINES_MAX,
  /** Name length in characters (code points, as the column's char_length check counts them). */
  name: 60,
  /** A saved price above this (satang) is a typing mistake, not a stake (the builder clamps to the round). */
  maxPriceSatang: 100_000_000n,
} as const;

/**
 * Cancellation by the member (docs/rules.md "Cancelling a slip"): never for yeekee, yeekee 5-minute and
 * ping-pong (rounds of minutes whose result the members shoot or a seed decides); gov, stock and the 4-digit
 * lotteries until 30 minutes before the round closes.
 */
export const CANCEL_RULES: Readonly<Record<LottoFamily, { allowed: boolean; minutesBeforeClose: number }>> = {
  yeekee: { allowed: false, minutesBeforeClose: 0 },
  yeekee5Min: { allowed: false, minutesBeforeClose: 0 },
  pingpong: { allowed: false, minutesBeforeClose: 0 },
  gov: { allowed: true, minutesBeforeClose: 30 },
  stock: { allowed: true, minutesBeforeClose: 30 },
  set4: { allowed: true, minutesBeforeClose: 30 },
};

/** When a slip of a round closing at `closeAt` may last be cancelled; null when the family never allows it. */
export function cancelUntil(family: LottoFamily, closeAt: Date): Date | null {
  const rule = CANCEL_RULES[family];
  return rule.allowed ? new Date(closeAt.getTime() - rule.minutesBeforeClose * 60_000) : null;
}

export const ROUND_STATUSES = ["open", "closed", "resulted", "cancelled"] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
/** A slip's status; each of its lines has one too (the same values). */
export const POY_STATUSES = ["waiting", "won", "lost", "cancelled", "refunded"] as const;
export type PoyStatus = (typeof POY_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** One line of a slip as the member confirmed it: the rate they saw goes with it (`multiply`). */
export const SlipLineBody = v.object({
  option: text(40),
  number: text(8),
  price: v.unknown(),
  multiply: v.pipe(text(40), v.check(isDecimal, "requestInvalid")),
  add: v.optional(integer(1, 1_000_000)),
});
/**
 * poys.create and lotteries.{hanoy,lao,lao-super,malay}.create. Empty and over-long slips are refused by the
 * server with their own codes (SLIP_EMPTY, SLIP_TOO_LONG), so the array is not bounded here.
 */
export const CreateSlipBody = v.object({
  betId: Id,
  lines: v.array(SlipLineBody, "requestInvalid"),
  idempotencyKey: IdempotencyKey,
});
export type SlipLineInput = v.InferOutput<typeof SlipLineBody>;
/** The round reads (bet-list-min-maxes.all, number-reachs.rate-now.all, restrictions). */
export const RoundQuery = v.object({ betId: Id, betType: v.optional(text(40)) });
/** number-reachs.rate-recommend.all. */
export const RecommendQuery = v.object({
  betId: Id,
  betType: v.optional(text(40)),
  limit: Limit(10, 100),
});
/** GET poys: the member's own slips, newest first, a page at a time (`before` = the last page's `next`). */
export const SlipHistoryQuery = v.object({
  betGroup: v.optional(v.picklist(LOTTO_FAMILIES, "requestInvalid")),
  betId: v.optional(Id),
  betName: v.optional(text(40)),
  before: v.optional(Id),
  limit: Limit(20, 100),
});
/** Staff: close betting on an open round now. */
export const CloseRoundBody = v.object({ betId: Id, reason: Reason });
/** Staff: restrict a number's rate in an open round (null lifts the restriction, "0" closes the number). */
export const RestrictionBody = v.object({
  betId: Id,
  option: text(40),
  number: text(8),
  multiply: v.nullable(v.pipe(text(40), v.check(isDecimal, "requestInvalid"))),
});
/** A number set's name as sent; the server trims it and counts it (NUMBER_SET_LIMITS.name). */
const NumberSetName = v.pipe(text(400), v.maxLength(400, "requestInvalid"));
/** number-sets.create. Lines are checked one by one by the server, so each refusal can name its line. */
export const CreateNumberSetBody = v.object({
  name: NumberSetName,
  poyListJson: v.array(v.unknown(), "requestInvalid"),
});
export const RenameNumberSetBody = v.object({ id: Id, name: NumberSetName });

/** GET bet-list-results: one round's result, or every round of a Bangkok date (today when absent). */
export const ResultsQuery = v.object({
  betId: v.optional(Id),
  resultDate: v.optional(v.pipe(text(10), v.regex(/^\d{4}-\d{2}-\d{2}$/, "requestInvalid"))),
});
/** Staff: the results desk, optionally one family. */
export const StaffResultsQuery = v.object({
  family: v.optional(v.picklist(LOTTO_FAMILIES, "requestInvalid")),
});
/**
 * Staff: enter a result (a correction needs a note). Notes and reasons are bounded here only as raw text; their
 * length once trimmed (STAFF_TEXT_LENGTH) is the server's to judge, with REASON_REQUIRED, NOTE_REQUIRED and
 * NOTE_TOO_LONG.
 */
export const ProposeResultBody = v.object({
  betId: Id,
  payload: v.record(text(40), v.unknown(), "requestInvalid"),
  note: v.optional(v.nullable(text(500))),
});
export const ResultRefBody = v.object({ resultId: Id });
export const RejectResultBody = v.object({ resultId: Id, note: text(500) });
/** Staff: cancel a round that will not be drawn (every waiting slip is refunded). */
export const CancelRoundBody = v.object({ betId: Id, reason: text(500) });
export const ShortfallQuery = v.object({ limit: Limit(100, 500) });

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** A round (bet-lists.latest, bet-lists.one, lotteries.4d.latest), with the field names of the product's API. */
export interface RoundView {
  betId: number;
  /** The create-call name of a 4-digit lottery (hanoy, lao, lao-super, malay), else the family or market. */
  betName: string;
  betGroup: LottoFamily;
  betType: string;
  name: string;
  nameEn: string;
  /** The round's date (Bangkok), yyyy-mm-dd. */
  dt: string;
  /** Bangkok clock times, HH:mm. */
  closeTime: string;
  resultTime: string;
  closeDt: string;
  resultDt: string;
  active: boolean;
  setResult: boolean;
  status: RoundStatus;
  /** Interval rounds' number in their day (yeekee 1–88 …), else null. */
  roundNo: number | null;
  market: string | null;
  flag: string | null;
  unixTimeStamp: { realCloseTime: number; realResultTime: number };
  /** The options the round offers, as wire names. */
  betOptions: string[];
  /** Ping-pong only: the commitment to the round's secret seed (never the seed before the draw). */
  commitment?: string | null;
  /** `betMax<Option>`: what one member may stake on one number of that option in the round. */
  [betMax: `betMax${string}`]: Baht;
}

/** GET bet-lists.latest: every family's listed rounds, in display order. */
export type LatestListsView = Record<LottoFamily, RoundView[]>;
/** POST lotteries.4d.latest: per 4-digit lottery, the open round closing first, else the last closed, else null. */
export type FourDigitLatestView = Record<string, RoundView | null>;

/** GET bet-list-min-maxes.all: one entry per option of the round. */
export interface OptionLimitView {
  betOption: string;
  betMin: Baht | null;
  betMax: Baht | null;
}

/** A number's rate now (rate-now, restrictions): "0" when the number is closed. */
export interface RateNowView {
  number: string;
  option: string;
  multiply: string;
}

/** GET number-reachs.rate-now.all. */
export interface RatesView {
  betId: number;
  /** Option (wire name) -> the round's default rate. */
  defaultRate: Record<string, string>;
  /** Numbers whose rate differs from the default. */
  rateNow: RateNowView[];
}

/** GET number-reachs.rate-recommend.all: the numbers most played in the round, per option. */
export interface RecommendView {
  betId: number;
  recommend: { option: string; number: string; count: number }[];
}

/** The numbers a result shows (results and a decided slip's `result`). */
export interface ResultNumbersView {
  top3: string | null;
  top2: string | null;
  bottom2: string | null;
  /** Government draw only; empty otherwise. */
  front3: string[];
  back3: string[];
  /** 4-digit lotteries only. */
  four: string | null;
}

/** One line of a slip. */
export interface PoyLineView {
  option: string;
  number: string;
  price: Baht;
  /** The rate the line was accepted at. */
  multiply: string;
  /** The builder's batch the line came from. */
  add: number;
  status: PoyStatus;
  potentialWin: Baht;
  /** What the line won once judged; null while waiting and for a line that did not win. */
  payout: Baht | null;
}

/** A slip (poys.create, lotteries.*.create, poys, poys.one, poys.cancel). */
export interface PoyView {
  id: string;
  betId: number;
  betGroup: LottoFamily;
  betType: string;
  /** The create-call name of a 4-digit lottery (hanoy, lao, lao-super, malay), else the family or market. */
  betName: string;
  /** Interval rounds' number in their day (yeekee 1–88 …), else null. */
  roundNo: number | null;
  roundName: string;
  roundNameEn: string;
  roundDate: string;
  closeAt: IsoTime | null;
  resultAt: IsoTime | null;
  status: PoyStatus;
  total: Baht;
  potentialWin: Baht;
  /** Total won once the slip is decided (won or lost), null before. */
  payout: Baht | null;
  /** The result the slip was judged on, once the round is resulted; null before. */
  result: ResultNumbersView | null;
  lineCount: number;
  lines: PoyLineView[];
  cancellable: boolean;
  cancelUntil: IsoTime | null;
  createdAt: IsoTime | null;
  cancelledAt: IsoTime | null;
}

/** GET poys: a page of the member's slips; `next` is the `before` of the next page (null on the last). */
export interface PoyListView {
  poys: PoyView[];
  next: string | null;
}

/** A rate that changed between what the member saw and what the round offers now (409 RATE_CHANGED). */
export interface RateChangeView {
  option: string;
  number: string;
  from: string;
  /** The rate now; "0" when the number is closed. */
  to: string;
  closed: boolean;
}

/** A saved line of a number set. */
export interface NumberSetLine {
  option: string;
  number: string;
  price: Baht;
}

/** A number set (number-sets, number-sets.create, number-sets.rename). */
export interface NumberSetView {
  id: string;
  name: string;
  poyListJson: NumberSetLine[];
  lineCount: number;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}
