import { sql } from "kysely";
import { DateTime } from "luxon";
import { BANGKOK, displayStockName } from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { Executor } from "../../kernel/db.ts";
import { type ResultRow, resultNumbers } from "./resultViews.ts";
import { betNameOf, type RoundRow } from "./rounds.ts";

/**
 * The back office's results desk (docs/results-api.md "Staff calls"): results as staff see them, the rounds of
 * the last week that need a result or a second pair of eyes, and the shortfalls of reversed wins. Reads only.
 */

/** A result as staff see it. */
export function staffResultView(row: ResultRow) {
  return {
    resultId: String(row.id),
    betId: Number(row.round_id),
    version: row.version,
    source: row.source,
    status: row.status,
    payload: row.payload,
    ...resultNumbers(row.outcome),
    enteredBy: row.entered_by,
    confirmedBy: row.confirmed_by,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

const STAFF_WINDOW_DAYS = 7;

/**
 * GET /api/staff/lotto/results: rounds of the last 7 days (by dt) that have closed and are not cancelled, those
 * needing action first (no confirmed result, or a proposal waiting), then the rest by close time, latest first.
 */
export async function staffRoundResults(db: Executor, family: string | undefined, now: Date) {
  const since = DateTime.fromJSDate(now, { zone: BANGKOK })
    .minus({ days: STAFF_WINDOW_DAYS })
    .toISODate() as string;
  let q = db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("round_date", ">=", since)
    .where("close_at", "<=", now)
    .where("status", "<>", "cancelled");
  if (family) q = q.where("family", "=", family as RoundRow["family"]);
  const rounds = await q.orderBy("close_at", "desc").orderBy("id", "desc").execute();
  if (rounds.length === 0) return [];
  const ids = rounds.map((r) => String(r.id));
  const results = await db
    .selectFrom("lotto_results")
    .selectAll()
    .where(sql<boolean>`round_id = any(${ids}::bigint[])`)
    .where("status", "in", ["proposed", "confirmed"])
    .execute();
  const waiting = await db
    .selectFrom("poys")
    .select(["round_id", sql<string>`count(*)`.as("n")])
    .where(sql<boolean>`round_id = any(${ids}::bigint[])`)
    .where("status", "=", "waiting")
    .groupBy("round_id")
    .execute();
  const waitingOf = new Map(waiting.map((w) => [w.round_id, Number(w.n)]));
  const items = rounds.map((round) => {
    const proposal = results.find((r) => r.round_id === round.id && r.status === "proposed");
    const confirmed = results.find((r) => r.round_id === round.id && r.status === "confirmed");
    return {
      betId: Number(round.id),
      betGroup: round.family,
      betType: round.bet_type,
      betName: betNameOf(round),
      name: round.family === "stock" ? displayStockName(round.name) : round.name,
      dt: round.round_date,
      closeAt: round.close_at.toISOString(),
      resultAt: round.result_at.toISOString(),
      status: round.status,
      proposal: proposal
        ? {
            resultId: String(proposal.id),
            version: proposal.version,
            source: proposal.source,
            payload: proposal.payload,
            enteredBy: proposal.entered_by,
            note: proposal.note,
            createdAt: proposal.created_at.toISOString(),
          }
        : null,
      confirmed: confirmed
        ? {
            resultId: String(confirmed.id),
            version: confirmed.version,
            source: confirmed.source,
            payload: confirmed.payload,
            enteredBy: confirmed.entered_by,
            confirmedBy: confirmed.confirmed_by,
            decidedAt: confirmed.decided_at ? confirmed.decided_at.toISOString() : null,
          }
        : null,
      waitingSlips: waitingOf.get(round.id) ?? 0,
    };
  });
  const needsAction = (i: (typeof items)[number]) => i.confirmed === null || i.proposal !== null;
  // Stable: within each group the close-time order of the query stays.
  return [...items.filter(needsAction), ...items.filter((i) => !needsAction(i))];
}

/** Shortfalls of reversed wins, newest first (staff recover them by hand: members.adjust). */
export async function shortfallList(db: Executor, limit: number) {
  const rows = await db
    .selectFrom("lotto_shortfalls as s")
    .innerJoin("members as m", "m.id", "s.member_id")
    .innerJoin("lotto_rounds as r", "r.id", "s.round_id")
    .select([
      "s.id",
      "s.round_id",
      "r.bet_type",
      "s.line_id",
      "s.result_id",
      "m.uuid",
      "m.user_name",
      "s.amount",
      "s.taken",
      "s.owed",
      "s.created_at",
    ])
    .orderBy("s.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    betId: Number(r.round_id),
    betType: r.bet_type,
    lineId: String(r.line_id),
    resultId: String(r.result_id),
    member: { uuid: r.uuid, userName: r.user_name },
    amount: satangToBaht(r.amount),
    taken: satangToBaht(r.taken),
    owed: satangToBaht(r.owed),
    createdAt: r.created_at.toISOString(),
  }));
}
