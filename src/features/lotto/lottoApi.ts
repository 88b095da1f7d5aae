import * as v from "valibot";
import type { AnyOption, OptionLimit, RateNow, Rates, RateTable } from "../../domain/lotto/index.ts";
import { optionFromWire, optionWire } from "../../domain/lotto/index.ts";
import type { FourDigitLatest, LatestLists, Poy, Round } from "../../domain/lotto/views.ts";
import { bahtToSatang, satangToBaht } from "../../domain/money.ts";
import { ApiError, getJson, getJsonSource, postJson, poyApi } from "../../lib/api.ts";
import type { AnsweredRateChange } from "./builder.ts";

/** The lotto calls of docs/lotto-api.md, as the pages use them (their answers' shapes: domain/lotto/views.ts). */

export type {
  FourDigitLatest,
  LatestLists,
  Poy,
  PoyLine,
  PoyResult,
  Round,
} from "../../domain/lotto/views.ts";

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

const AnsweredChanges = v.array(
  v.object({ option: v.string(), number: v.string(), to: v.string(), closed: v.boolean() }),
);

/**
 * The lines a `409 RATE_CHANGED` refusal lists (`changes`, docs/lotto-api.md "Placing a slip"), with option ids;
 * null for any other error, or an answer without a readable list (the builder then asks for the rates).
 */
export function rateChangesOf(error: unknown): AnsweredRateChange[] | null {
  if (!(error instanceof ApiError) || error.code !== "RATE_CHANGED") return null;
  const parsed = v.safeParse(AnsweredChanges, error.details.changes);
  if (!parsed.success) return null;
  const changes: AnsweredRateChange[] = [];
  for (const c of parsed.output) {
    const option = optionFromWire(c.option);
    if (option) changes.push({ option, number: c.number, to: c.to, closed: c.closed });
  }
  return changes;
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
