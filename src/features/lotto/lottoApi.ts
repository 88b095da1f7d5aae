import type {
  AnyOption,
  LottoFamily,
  OptionLimit,
  RateNow,
  Rates,
  RateTable,
} from "../../domain/lotto/index.ts";
import { optionFromWire, optionWire } from "../../domain/lotto/index.ts";
import { bahtToSatang, satangToBaht } from "../../domain/money.ts";
import { ApiError, getJson, getJsonSource, postJson, poyApi } from "../../lib/api.ts";

/** The lotto calls of docs/lotto-api.md, as the pages use them. */

export interface Round {
  betId: number;
  betName: string;
  betGroup: LottoFamily;
  betType: string;
  name: string;
  nameEn: string;
  dt: string;
  closeTime: string;
  active: boolean;
  status: string;
  roundNo: number | null;
  market: string | null;
  flag: string | null;
  unixTimeStamp: { realCloseTime: number; realResultTime: number };
  betOptions: string[];
}

export type LatestLists = Record<Exclude<LottoFamily, "set4">, Round[]> & { set4?: Round[] };

export interface FourDigitLatest {
  hanoy: Round | null;
  lao: Round | null;
  laoSuper: Round | null;
  malay: Round | null;
}

export interface PoyLine {
  option: string;
  number: string;
  price: string;
  multiply: string;
  status: string;
  potentialWin: string;
  /** What the line won (baht) once judged; null while waiting and for a line that did not win. */
  payout?: string | null;
}

/** The result a decided slip was judged on (docs/results-api.md "Slips after the result"). */
export interface PoyResult {
  top3: string | null;
  top2: string | null;
  bottom2: string | null;
  front3: string[] | null;
  back3: string[] | null;
  four: string | null;
}

export interface Poy {
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
  status: string;
  total: string;
  potentialWin: string;
  lineCount: number;
  lines: PoyLine[];
  cancellable: boolean;
  cancelUntil: string | null;
  createdAt: string;
  /** Total won (baht) once the slip is decided. */
  payout?: string | null;
  result?: PoyResult | null;
}

/** Everything the builder needs to price a round: its offered options, their limits and the rates now. */
export interface RoundBook {
  round: Round;
  options: AnyOption[];
  limits: Partial<Record<AnyOption, OptionLimit>>;
  rates: Rates;
  /** Some of it came from the service worker's cache (offline): the rates may be out of date. */
  cached?: boolean;
}

export const fetchLatest = () => getJson<LatestLists>(poyApi, "bet-lists.latest");

/**
 * POST /lotteries.4d.latest. A POST is never cached by the service worker, so offline the same choice is made
 * from the cached round lists: per lottery the open round closing first, else the one that closed last.
 */
export async function fetchFourDigit(): Promise<FourDigitLatest> {
  try {
    return (await postJson<FourDigitLatest>(poyApi, "lotteries.4d.latest", {})).data;
  } catch (error) {
    if (!(error instanceof ApiError) || !error.isNetwork) throw error;
    return fourDigitFromLists(await fetchLatest());
  }
}

export function fourDigitFromLists(lists: LatestLists): FourDigitLatest {
  const rounds = lists.set4 ?? [];
  const pick = (betName: string) => {
    const mine = rounds
      .filter((r) => r.betName === betName)
      .sort((a, b) => a.unixTimeStamp.realCloseTime - b.unixTimeStamp.realCloseTime);
    return mine.find((r) => r.active) ?? mine.filter((r) => !r.active).at(-1) ?? null;
  };
  return { hanoy: pick("hanoy"), lao: pick("lao"), laoSuper: pick("lao-super"), malay: pick("malay") };
}

/** The options a wire list names, unknown names dropped. */
export function optionsOf(wires: readonly string[]): AnyOption[] {
  return wires.map(optionFromWire).filter((o): o is AnyOption => o !== null);
}

/** The min-maxes answer as limits in satang; unreadable entries are left out (the option cannot be staked). */
export function limitsOf(
  rows: readonly { betOption: string; betMin: string; betMax: string }[],
): Partial<Record<AnyOption, OptionLimit>> {
  const limits: Partial<Record<AnyOption, OptionLimit>> = {};
  for (const row of rows) {
    const option = optionFromWire(row.betOption);
    const min = bahtToSatang(row.betMin);
    const max = bahtToSatang(row.betMax);
    if (option && min !== null && max !== null) limits[option] = { min, max };
  }
  return limits;
}

/** The rate-now answer with option ids in place of wire names. */
export function ratesOf(data: {
  defaultRate: Record<string, string>;
  rateNow: { number: string; option: string; multiply: string }[];
}): Rates {
  const defaultRate: RateTable = {};
  for (const [wire, rate] of Object.entries(data.defaultRate)) {
    const option = optionFromWire(wire);
    if (option) defaultRate[option] = rate;
  }
  const rateNow: RateNow[] = [];
  for (const r of data.rateNow) {
    const option = optionFromWire(r.option);
    if (option) rateNow.push({ option, number: r.number, multiply: r.multiply });
  }
  return { defaultRate, rateNow };
}

export async function fetchRates(round: Pick<Round, "betId" | "betType">): Promise<Rates> {
  return (await fetchRatesSource(round)).rates;
}

async function fetchRatesSource(round: Pick<Round, "betId" | "betType">) {
  const query = `betId=${round.betId}&betType=${encodeURIComponent(round.betType)}`;
  const { data, cached } = await getJsonSource<Parameters<typeof ratesOf>[0]>(
    poyApi,
    `number-reachs.rate-now.all?${query}`,
  );
  return { rates: ratesOf(data), cached };
}

export async function fetchRoundBook(betId: string): Promise<RoundBook> {
  const id = encodeURIComponent(betId);
  const [round, minMaxes] = await Promise.all([
    getJsonSource<Round>(poyApi, `bet-lists.one?id=${id}`),
    getJsonSource<{ betOption: string; betMin: string; betMax: string }[]>(
      poyApi,
      `bet-list-min-maxes.all?betId=${id}`,
    ),
  ]);
  const rates = await fetchRatesSource(round.data);
  return {
    round: round.data,
    options: optionsOf(round.data.betOptions),
    limits: limitsOf(minMaxes.data),
    rates: rates.rates,
    cached: round.cached || minMaxes.cached || rates.cached,
  };
}

export interface WireLine {
  option: string;
  number: string;
  price: string;
  multiply: string;
  add: number;
}

/** Which create call places a slip for this round (4-digit lotteries have their own, by betName). */
export function createPath(round: Pick<Round, "betGroup" | "betName">): string {
  return round.betGroup === "set4" ? `lotteries.${round.betName}.create` : "poys.create";
}

export function wireLines(
  lines: readonly { option: AnyOption; number: string; price: bigint; multiply: string; add: number }[],
): WireLine[] {
  return lines.map((l) => ({
    option: optionWire(l.option),
    number: l.number,
    price: satangToBaht(l.price),
    multiply: l.multiply,
    add: l.add,
  }));
}

export async function createPoy(
  round: Pick<Round, "betId" | "betGroup" | "betName">,
  lines: WireLine[],
  idempotencyKey: string,
): Promise<Poy> {
  return (await postJson<Poy>(poyApi, createPath(round), { betId: round.betId, lines, idempotencyKey })).data;
}

/** The member's latest slips, of one family (betGroup) or one 4-digit lottery (betName) when given. */
export function fetchPoys(filter: { betGroup?: string; betName?: string } = {}) {
  const query = new URLSearchParams({ limit: "50" });
  if (filter.betGroup) query.set("betGroup", filter.betGroup);
  if (filter.betName) query.set("betName", filter.betName);
  return getJson<{ poys: Poy[]; next: string | null }>(poyApi, `poys?${query}`);
}

export const cancelPoy = async (id: string) => (await postJson<Poy>(poyApi, "poys.cancel", { id })).data;
