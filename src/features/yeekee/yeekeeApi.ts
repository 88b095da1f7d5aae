import type { Round } from "../../domain/lotto/views.ts";
import { getJson, postJson, poyApi } from "../../lib/api.ts";

/** The shooting and verification calls of docs/results-api.md, as the pages use them. */

/**
 * What the member keeps of a shot: its place in the round, the number, the salt and the commitment
 * (SHA-256 of round, place, number and salt) that the public list shows while the numbers are sealed, and the chain
 * hash that fixes it there. After the draw the verification page checks each against the revealed list.
 */
export interface YingReceipt {
  betId: number;
  seq: number;
  yingNumber: string;
  /** Absent from receipts kept before sealing, or rebuilt from the revealed list. */
  salt?: string;
  commitment?: string;
  hash: string;
  /** Absent for shots rebuilt from the public list (`mine`) rather than from the create answer. */
  prevHash?: string;
  createdAt: string;
}

/**
 * One shot of the public board; `mine` only when the member's token was sent. While the round is undecided it is
 * a receipt: `yingNumber`, `salt` and `userName` are null, `commitment` stands for the number.
 */
export interface YingItem {
  seq: number;
  yingNumber: string | null;
  userName: string | null;
  createdAt: string;
  hash: string;
  commitment?: string | null;
  salt?: string | null;
  mine?: boolean;
}

/**
 * The configured yeekee shooter bonus (docs/results-api.md), baht strings: what the shooters at places #1 (the
 * last shot) and #16 (the 16th from the last) get when they have a slip in the round; "0.00" = that one is off.
 */
export interface ShooterBonusRule {
  first: string;
  sixteenth: string;
}

/** A shooter at a bonus place of a drawn round, and what the draw paid them ("0.00": nothing). */
export interface ShooterBonus {
  place: 1 | 16;
  seq: number;
  yingNumber: string;
  /** Masked, as on the board. */
  userName: string;
  amount: string;
  /** The shot is the member's (false for guests). */
  mine: boolean;
}

export interface YingSummary {
  betId: number;
  count: number;
  /** True until the round is decided: no sum, 16th-latest shot or result exists for anyone before. */
  sealed?: boolean;
  /** The sum of every shot once revealed: a number or a decimal string (the wire allows both); null while sealed. */
  sum: number | string | null;
  sixteenth: { seq: number; yingNumber: string } | null;
  /** The result of the revealed shots; null while sealed or under the minimum. */
  resultNow: string | null;
  /** Shots one member may fire in the round. */
  maxShotsPerMember?: number;
  minShots: number;
  shootingCloseAt: string;
  headHash: string;
  open: boolean;
  /** Absent from a server without the shooter bonus. */
  bonus?: ShooterBonusRule;
}

export type YingResultStatus = "waiting" | "resulted" | "cancelled";

export interface YingResult {
  betId: number;
  status: YingResultStatus;
  number: string | null;
  top3: string | null;
  top2: string | null;
  bottom2: string | null;
  count: number;
  sum: number | string | null;
  sixteenth: { seq: number; yingNumber: string } | null;
  /** Places #1 and #16 once the round is resulted, else empty (absent from a server without the bonus). */
  bonuses?: ShooterBonus[];
}

export interface PublishedResult {
  status: string;
  number?: string | null;
  [field: string]: unknown;
}

export interface YeekeePublication {
  betId: number;
  betGroup: string;
  betType: string;
  kind: "yeekee";
  genesis: string;
  /**
   * Every shot, revealed. `salt` and `commitment` are null for shots taken before sealing; `shooter` labels the
   * member within this round only (1 = the first to shoot), absent from older servers.
   */
  shots: {
    seq: number;
    yingNumber: string;
    hash: string;
    salt?: string | null;
    commitment?: string | null;
    shooter?: number;
  }[];
  result: PublishedResult | null;
}

export interface PingpongPublication {
  betId: number;
  betGroup: string;
  betType: string;
  kind: "pingpong";
  commitment: string;
  seed: string | null;
  result: PublishedResult | null;
}

export interface ExternalPublication {
  betId?: number;
  betGroup?: string;
  betType?: string;
  kind: "external";
  /** The result's source (staff, a feed provider), null while there is none. */
  source: string | null;
  result: { status: string; payload: Record<string, unknown> | null } | null;
}

export type Publication = YeekeePublication | PingpongPublication | ExternalPublication;

const id = (betId: string | number) => encodeURIComponent(String(betId));

/** A round as bet-lists.one gives it, with the result flag (`setResult`, docs/rules.md "Field names") the lists do not need. */
export type ResultRound = Round & { setResult?: boolean };

export function fetchRound(betId: string | number): Promise<ResultRound> {
  return getJson<ResultRound>(poyApi, `bet-lists.one?id=${id(betId)}`);
}

export async function shoot(betId: number, yingNumber: string): Promise<YingReceipt> {
  return (await postJson<{ receipt: YingReceipt }>(poyApi, "yings.create", { betId, yingNumber })).data
    .receipt;
}

/** The latest shots, newest first. */
export async function fetchYings(betId: string | number, limit = 50): Promise<YingItem[]> {
  return (await getJson<{ items: YingItem[] }>(poyApi, `yings?betId=${id(betId)}&limit=${limit}`)).items;
}

export async function fetchSummary(betId: string | number): Promise<YingSummary> {
  return (await postJson<YingSummary>(poyApi, "yings.summary", { betId: Number(betId) })).data;
}

export async function fetchYingResult(betId: string | number): Promise<YingResult> {
  return (await postJson<YingResult>(poyApi, "ying-results.one", { betId: Number(betId) })).data;
}

export function fetchPublication(betId: string | number): Promise<Publication> {
  return getJson<Publication>(poyApi, `lotto-verify?betId=${id(betId)}`);
}
