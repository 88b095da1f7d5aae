import type { Selectable } from "kysely";
import { sql } from "kysely";
import type { ResultNumbersView } from "../../../src/domain/contracts/lotto.ts";
import { bangkokDate, displayStockName, headlineOf, type Outcome } from "../../../src/domain/lotto/index.ts";
import type { LottoResultsTable, OutcomeJson } from "../../db/schema.ts";
import type { Executor } from "../../kernel/db.ts";
import { betNameOf, type RoundRow } from "./rounds.ts";

/**
 * Results as everyone reads them (docs/results-api.md "Results"): a round's confirmed result, the public lists
 * (bet-list-results, results.latest) and the numbers a decided slip shows. Reads only; results are recorded by
 * results.ts and shown to staff by staffResults.ts.
 */

export type ResultRow = Selectable<LottoResultsTable>;

/** The round's confirmed result (at most one: a partial unique index). */
export async function confirmedResultOf(db: Executor, roundId: bigint): Promise<ResultRow | undefined> {
  return db
    .selectFrom("lotto_results")
    .selectAll()
    .where("round_id", "=", roundId)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
}

/** Families whose result the system draws (shots, seed): staff and feeds never enter theirs. */
export const INTERNAL_FAMILIES: readonly string[] = ["yeekee", "yeekee5Min", "pingpong"];

/** The numbers a result shows (ResultView and the slip's `result`): 3-top, 2-top, 2-bottom, fronts, backs, 4. */
export function resultNumbers(outcome: OutcomeJson | null): ResultNumbersView {
  if (!outcome) return { top3: null, top2: null, bottom2: null, front3: [], back3: [], four: null };
  const headline = headlineOf(toOutcome(outcome));
  return {
    top3: headline.top3,
    top2: headline.top2,
    bottom2: headline.bottom2,
    front3: [...outcome.front3],
    back3: [...outcome.back3],
    four: headline.four,
  };
}

/** A stored outcome (jsonb) as the domain's judging functions take it. */
export const toOutcome = (o: OutcomeJson): Outcome => ({
  top3: o.top3,
  bottom2: o.bottom2,
  front3: o.front3,
  back3: o.back3,
  four: o.four,
});

/** The demo feed's results are labelled as such wherever a result is shown. */
export const DEMO_FEED_ACTOR = "feed:demo";

/** A round's published result, or its cancellation (docs/results-api.md ResultView). */
export function resultView(round: RoundRow, result: ResultRow | null) {
  const cancelled = round.status === "cancelled";
  const shown = cancelled ? null : result;
  return {
    betId: Number(round.id),
    betGroup: round.family,
    betType: round.bet_type,
    betName: betNameOf(round),
    name: round.family === "stock" ? displayStockName(round.name) : round.name,
    nameEn: round.name_en,
    // As the round view has them, so a results page names and flags rounds without the schedule tables.
    roundNo: round.round_no,
    market: round.market,
    flag: round.flag,
    dt: round.round_date,
    resultDt: bangkokDate(round.result_at),
    status: cancelled ? ("cancelled" as const) : ("resulted" as const),
    ...resultNumbers(shown?.outcome ?? null),
    payload: shown?.payload ?? null,
    source: shown?.source ?? null,
    version: shown?.version ?? null,
    demo: shown?.entered_by === DEMO_FEED_ACTOR,
    verifiable: INTERNAL_FAMILIES.includes(round.family),
    confirmedAt: shown?.decided_at ? shown.decided_at.toISOString() : null,
  };
}
export type ResultView = ReturnType<typeof resultView>;

/** Confirmed results of these rounds, by round id. */
export async function confirmedResultsOf(
  db: Executor,
  roundIds: readonly bigint[],
): Promise<Map<bigint, ResultRow>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("lotto_results")
    .selectAll()
    .where("round_id", "in", [...new Set(roundIds)])
    .where("status", "=", "confirmed")
    .execute();
  return new Map(rows.map((r) => [r.round_id, r]));
}

const FAMILY_ORDER: readonly string[] = ["yeekee", "yeekee5Min", "gov", "stock", "pingpong", "set4"];
const byFamilyThenClose = (a: RoundRow, b: RoundRow) =>
  FAMILY_ORDER.indexOf(a.family) - FAMILY_ORDER.indexOf(b.family) ||
  a.close_at.getTime() - b.close_at.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function viewsOf(db: Executor, rounds: RoundRow[]): Promise<ResultView[]> {
  const results = await confirmedResultsOf(
    db,
    rounds.map((r) => r.id),
  );
  return rounds
    .filter((r) => r.status === "cancelled" || results.has(r.id))
    .sort(byFamilyThenClose)
    .map((r) => resultView(r, results.get(r.id) ?? null));
}

/**
 * GET /poy-api/bet-list-results: one round's result (betId), or every round of a date (the round's dt,
 * Bangkok; today when not given) that has a result or was cancelled. Rounds still waiting are left out.
 */
export async function resultsList(
  db: Executor,
  filter: { betId?: bigint | undefined; resultDate?: string | undefined },
  now: Date,
): Promise<ResultView[]> {
  let q = db.selectFrom("lotto_rounds").selectAll().where("status", "in", ["resulted", "cancelled"]);
  if (filter.betId !== undefined) q = q.where("id", "=", filter.betId);
  if (filter.resultDate !== undefined || filter.betId === undefined)
    q = q.where("round_date", "=", filter.resultDate ?? bangkokDate(now));
  return viewsOf(db, await q.execute());
}

/** How far back results.latest looks: past a government draw gap (the 1st and the 16th, sometimes moved). */
const LATEST_WINDOW_MS = 40 * 86_400_000;

/**
 * GET /poy-api/results.latest: the latest confirmed result per family, and per stock market and 4-digit
 * lottery (by result time).
 */
export async function latestResults(db: Executor, now: Date): Promise<ResultView[]> {
  const rows = await sql<{ id: bigint }>`
    select distinct on (family, coalesce(market, '')) id
      from lotto_rounds
     where status = 'resulted' and result_at > ${new Date(now.getTime() - LATEST_WINDOW_MS)}
     order by family, coalesce(market, ''), result_at desc, id desc`.execute(db);
  if (rows.rows.length === 0) return [];
  const rounds = await db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where(
      "id",
      "in",
      rows.rows.map((r) => r.id),
    )
    .execute();
  return viewsOf(db, rounds);
}
