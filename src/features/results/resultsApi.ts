import { array, looseObject, object, string } from "valibot";
import type { LottoFamily } from "../../domain/lotto/options.ts";
import { getJson, poyApi } from "../../lib/api.ts";
import { read, write } from "../../lib/storage.ts";
import { STORAGE_KEYS } from "../../lib/storageKeys.ts";

/** docs/results-api.md "Results": one round's confirmed result (or its cancellation), as the public sees it. */
export interface ResultView {
  betId: number;
  betGroup: LottoFamily;
  betType: string;
  betName: string;
  name: string;
  nameEn: string;
  /** Yeekee and ping-pong rounds: the round's number in its day. */
  roundNo?: number | null;
  /** Stock and 4-digit rounds: the market id and its country (ISO code, lowercase), as the lotto list has them. */
  market?: string | null;
  flag?: string | null;
  dt: string;
  resultDt: string;
  status: "resulted" | "cancelled";
  top3: string | null;
  top2: string | null;
  bottom2: string | null;
  front3: string[] | null;
  back3: string[] | null;
  four: string | null;
  payload: Record<string, unknown> | null;
  source: string | null;
  version: number | null;
  demo: boolean;
  verifiable: boolean;
  confirmedAt: string | null;
}

export const fetchLatestResults = async () =>
  (await getJson<{ items: ResultView[] }>(poyApi, "results.latest")).items;

export const fetchResultsOfDate = async (resultDate: string) =>
  (
    await getJson<{ items: ResultView[] }>(
      poyApi,
      `bet-list-results?resultDate=${encodeURIComponent(resultDate)}`,
    )
  ).items;

export interface CachedResults {
  savedAt: string;
  items: ResultView[];
}

/** Keeps the latest results seen, so a player offline can still read them (marked as saved on the device). */
export function rememberLatest(items: ResultView[], now: Date = new Date()): void {
  // Storage full or disabled: only the offline copy is lost.
  write(STORAGE_KEYS.latestResults, { savedAt: now.toISOString(), items });
}

/** The saved copy: what a result card needs to show a round is checked; the rest is kept as the server sent it. */
const SavedResults = object({
  savedAt: string(),
  items: array(looseObject({ betGroup: string(), name: string(), nameEn: string(), dt: string() })),
});

export function cachedLatest(): CachedResults | null {
  return read(STORAGE_KEYS.latestResults, SavedResults) as CachedResults | null;
}
