import type { Kysely, Selectable, Transaction } from "kysely";
import { sql } from "kysely";
import { DateTime } from "luxon";
import {
  BANGKOK,
  bangkokDate,
  displayStockName,
  headlineOf,
  type Outcome,
  parseResultPayload,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { DB, LottoResultsTable, OutcomeJson } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { inTransaction } from "../../ledger/ledger.ts";
import { audit } from "../staff/audit.ts";
import { betNameOf, type Executor, familyOf, type RoundRow } from "./rounds.ts";

/**
 * Results of rounds (docs/results-api.md "Results and their lifecycle"). A result is a versioned row of
 * lotto_results; the round's row lock orders everything that decides a round (results, cancellation), so a
 * round never gets two confirmed results or a result and a cancellation. Confirming or cancelling clears the
 * round's `settled_at`; settlement (settlement.ts) finds its work from that, never from these calls, so a crash
 * after a commit here only delays it.
 */

export type ResultRow = Selectable<LottoResultsTable>;

/**
 * A payload as entered, checked for the round's lottery and reduced to the outcome lines are judged on, with
 * the parser the back office previews with (src/domain/lotto/payloads.ts); its RangeError is the caller's
 * mistake: 400 RESULT_INVALID. Returns the payload with only the fields that belong to it, trimmed.
 */
export function resultPayloadOf(
  round: RoundRow,
  raw: unknown,
): { payload: Record<string, unknown>; outcome: Outcome } {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new AppError(400, "RESULT_INVALID", "payload must be an object");
  try {
    return parseResultPayload(familyOf(round), betNameOf(round), raw as Record<string, unknown>);
  } catch (err) {
    if (err instanceof RangeError) throw new AppError(400, "RESULT_INVALID", err.message);
    throw err;
  }
}

export const outcomeJson = (outcome: Outcome): OutcomeJson => ({
  top3: outcome.top3,
  bottom2: outcome.bottom2,
  front3: [...outcome.front3],
  back3: [...outcome.back3],
  four: outcome.four,
});

/** Runs `work` in the caller's transaction, or in a new one. */
async function within<T>(
  db: Kysely<DB>,
  trx: Transaction<DB> | undefined,
  work: (t: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return trx ? work(trx) : inTransaction(db, work);
}

/** The round row, locked for update: what decides a round waits for slips in flight, and they for it. */
async function lockRound(trx: Executor, roundId: bigint): Promise<RoundRow> {
  const round = await trx
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("id", "=", roundId)
    .forUpdate()
    .executeTakeFirst();
  if (!round) throw new AppError(404, "ROUND_NOT_FOUND", "Round not found.");
  return round;
}

export async function confirmedResultOf(db: Executor, roundId: bigint): Promise<ResultRow | undefined> {
  return db
    .selectFrom("lotto_results")
    .selectAll()
    .where("round_id", "=", roundId)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
}

async function nextVersion(trx: Executor, roundId: bigint): Promise<number> {
  const row = await trx
    .selectFrom("lotto_results")
    .select(sql<number>`coalesce(max(version), 0)::int + 1`.as("next"))
    .where("round_id", "=", roundId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

const roundSubject = (round: RoundRow) => `lotto-round:${round.id}:${round.bet_type}`;

function requireClosed(round: RoundRow, now: Date): void {
  if (round.close_at.getTime() > now.getTime())
    throw new AppError(409, "ROUND_NOT_CLOSED", "This round has not closed yet.");
}

function requireNotCancelled(round: RoundRow): void {
  if (round.status === "cancelled") throw new AppError(409, "ROUND_CANCELLED", "This round was cancelled.");
}

/**
 * Makes `result` the round's confirmed result (superseding a confirmed one) and marks the round resulted;
 * inside the caller's transaction, with the round locked.
 */
async function confirmInPlace(
  trx: Transaction<DB>,
  round: RoundRow,
  resultId: bigint,
  confirmedBy: string,
  now: Date,
): Promise<ResultRow> {
  // The partial unique index allows one confirmed row: the old one steps aside first.
  await trx
    .updateTable("lotto_results")
    .set({ status: "superseded" })
    .where("round_id", "=", round.id)
    .where("status", "=", "confirmed")
    .execute();
  const confirmed = await trx
    .updateTable("lotto_results")
    .set({ status: "confirmed", confirmed_by: confirmedBy, decided_at: now })
    .where("id", "=", resultId)
    .returningAll()
    .executeTakeFirstOrThrow();
  // settled_at cleared: settlement has (re-)work to do for this round.
  await trx
    .updateTable("lotto_rounds")
    .set({ status: "resulted", settled_at: null })
    .where("id", "=", round.id)
    .execute();
  return confirmed;
}

const SYSTEM_FAMILIES: Readonly<Record<"yeekee" | "pingpong", readonly string[]>> = {
  yeekee: ["yeekee", "yeekee5Min"],
  pingpong: ["pingpong"],
};

/** Internal draws: a result the system computed, proposed and confirmed at once. Idempotent per round:
 *  if the round already has a confirmed result, returns it unchanged. Sets the round's status 'resulted'. */
export async function recordSystemResult(
  db: Kysely<DB>,
  input: {
    roundId: bigint;
    source: "yeekee" | "pingpong";
    payload: { number: string };
    trx?: Transaction<DB>;
  },
): Promise<ResultRow> {
  return within(db, input.trx, async (trx) => {
    const round = await lockRound(trx, input.roundId);
    const existing = await confirmedResultOf(trx, round.id);
    if (existing) return existing;
    requireNotCancelled(round);
    if (!SYSTEM_FAMILIES[input.source].includes(round.family))
      throw new AppError(
        409,
        "RESULT_SOURCE_MISMATCH",
        `A ${round.family} round is not drawn by ${input.source}.`,
      );
    const now = new Date();
    requireClosed(round, now);
    const { payload, outcome } = resultPayloadOf(round, input.payload);
    const actor = `system:${input.source}`;
    const row = await trx
      .insertInto("lotto_results")
      .values({
        round_id: round.id,
        version: await nextVersion(trx, round.id),
        source: input.source,
        payload: JSON.stringify(payload),
        outcome: JSON.stringify(outcomeJson(outcome)),
        status: "proposed",
        entered_by: actor,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const confirmed = await confirmInPlace(trx, round, row.id, actor, now);
    await audit(trx, {
      actor,
      action: "lotto.result.confirm",
      subject: roundSubject(round),
      after: { resultId: String(confirmed.id), version: confirmed.version, source: input.source, payload },
    });
    return confirmed;
  });
}

/** A staff reason or note: 1-500 characters once trimmed, else 400 with `code`. */
function requiredText(text: string, code: "REASON_REQUIRED" | "NOTE_REQUIRED"): string {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 500)
    throw new AppError(400, code, "A reason (1-500 characters) is required.");
  return trimmed;
}

/** Cancels a round that will not be drawn (a market that did not trade, a yeekee round under 20 shots):
 *  status 'cancelled', cancel_reason; the settlement job refunds every waiting slip (ABORT_POY).
 *  Refused (409 ROUND_HAS_RESULT) when a confirmed result exists. Idempotent. */
export async function cancelRound(
  db: Kysely<DB>,
  input: { roundId: bigint; reason: string; actor: string; trx?: Transaction<DB> },
): Promise<void> {
  const reason = requiredText(input.reason, "REASON_REQUIRED");
  await within(db, input.trx, async (trx) => {
    const round = await lockRound(trx, input.roundId);
    if (round.status === "cancelled") return;
    if (await confirmedResultOf(trx, round.id))
      throw new AppError(
        409,
        "ROUND_HAS_RESULT",
        "This round has a confirmed result and cannot be cancelled.",
      );
    const now = new Date();
    // A proposal waiting for its second pair of eyes is moot once the round is not drawn.
    await trx
      .updateTable("lotto_results")
      .set({ status: "rejected", note: `round cancelled: ${reason}`, decided_at: now })
      .where("round_id", "=", round.id)
      .where("status", "=", "proposed")
      .execute();
    await trx
      .updateTable("lotto_rounds")
      .set({ status: "cancelled", cancel_reason: reason, settled_at: null })
      .where("id", "=", round.id)
      .execute();
    await audit(trx, {
      actor: input.actor,
      action: "lotto.round.cancel",
      subject: roundSubject(round),
      before: { status: round.status },
      after: { status: "cancelled", reason },
    });
  });
}

/** Families whose result the system draws (shots, seed): staff and feeds never enter theirs. */
export const INTERNAL_FAMILIES: readonly string[] = ["yeekee", "yeekee5Min", "pingpong"];

/** Four eyes: two actors are the same staff member when their ids match (a renamed user is still the same). */
export function sameStaff(a: string, b: string): boolean {
  const id = (actor: string) => /^staff:(\d+):/.exec(actor)?.[1] ?? null;
  const ia = id(a);
  return ia !== null ? ia === id(b) : a === b;
}

/** JSON with object keys sorted: jsonb stores keys in its own order, so equal payloads compare equal here. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}
const samePayload = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * A result entered by staff (or a feed): proposed, waiting for someone else to confirm it. On a round with a
 * confirmed result it is a correction, which needs a note saying what it corrects.
 */
export async function proposeResult(
  db: Kysely<DB>,
  input: {
    roundId: bigint;
    payload: unknown;
    note?: string | null | undefined;
    actor: string;
    source?: "staff" | "feed";
    trx?: Transaction<DB>;
  },
): Promise<ResultRow> {
  const note = input.note?.trim() || null;
  if (note !== null && note.length > 500)
    throw new AppError(400, "NOTE_TOO_LONG", "A note has at most 500 characters.");
  return within(db, input.trx, async (trx) => {
    const round = await lockRound(trx, input.roundId);
    requireNotCancelled(round);
    if (INTERNAL_FAMILIES.includes(round.family))
      throw new AppError(409, "INTERNAL_DRAW", "This round's result is drawn by the system.");
    const now = new Date();
    requireClosed(round, now);
    const { payload, outcome } = resultPayloadOf(round, input.payload);
    const waiting = await trx
      .selectFrom("lotto_results")
      .select("id")
      .where("round_id", "=", round.id)
      .where("status", "=", "proposed")
      .executeTakeFirst();
    if (waiting)
      throw new AppError(409, "PROPOSAL_WAITING", "A result for this round is waiting for confirmation.", {
        resultId: String(waiting.id),
      });
    const confirmed = await confirmedResultOf(trx, round.id);
    if (confirmed && note === null)
      throw new AppError(400, "NOTE_REQUIRED", "A correction needs a note saying what it corrects.");
    if (confirmed && samePayload(confirmed.payload, payload))
      throw new AppError(409, "RESULT_UNCHANGED", "This is the result the round already has.");
    const source = input.source ?? "staff";
    const row = await trx
      .insertInto("lotto_results")
      .values({
        round_id: round.id,
        version: await nextVersion(trx, round.id),
        source,
        payload: JSON.stringify(payload),
        outcome: JSON.stringify(outcomeJson(outcome)),
        status: "proposed",
        entered_by: input.actor,
        note,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actor: input.actor,
      action: confirmed ? "lotto.result.correct" : "lotto.result.propose",
      subject: roundSubject(round),
      before: confirmed
        ? { resultId: String(confirmed.id), version: confirmed.version, payload: confirmed.payload }
        : undefined,
      after: { resultId: String(row.id), version: row.version, source, payload, note },
    });
    return row;
  });
}

/** The proposed result and its round, both locked (round first, as everything that decides a round does). */
async function lockProposal(trx: Transaction<DB>, resultId: bigint) {
  const found = await trx
    .selectFrom("lotto_results")
    .select("round_id")
    .where("id", "=", resultId)
    .executeTakeFirst();
  if (!found) throw new AppError(404, "RESULT_NOT_FOUND", "Result not found.");
  const round = await lockRound(trx, found.round_id);
  const result = await trx
    .selectFrom("lotto_results")
    .selectAll()
    .where("id", "=", resultId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (result.status !== "proposed")
    throw new AppError(409, "RESULT_NOT_PROPOSED", `This result is ${result.status}.`, {
      status: result.status,
    });
  return { round, result };
}

/**
 * Confirms a proposed result: someone other than who entered it (409 FOUR_EYES; the table's CHECK is the
 * backstop). It replaces a confirmed result (superseded), and settlement then pays or re-judges the round.
 */
export async function confirmResult(
  db: Kysely<DB>,
  input: { resultId: bigint; actor: string; trx?: Transaction<DB> },
): Promise<ResultRow> {
  return within(db, input.trx, async (trx) => {
    const { round, result } = await lockProposal(trx, input.resultId);
    requireNotCancelled(round);
    if (sameStaff(result.entered_by, input.actor))
      throw new AppError(409, "FOUR_EYES", "A result is confirmed by someone other than who entered it.");
    const before = await confirmedResultOf(trx, round.id);
    const confirmed = await confirmInPlace(trx, round, result.id, input.actor, new Date());
    await audit(trx, {
      actor: input.actor,
      action: "lotto.result.confirm",
      subject: roundSubject(round),
      before: before
        ? { resultId: String(before.id), version: before.version, payload: before.payload }
        : undefined,
      after: {
        resultId: String(confirmed.id),
        version: confirmed.version,
        source: confirmed.source,
        enteredBy: confirmed.entered_by,
        payload: confirmed.payload,
      },
    });
    return confirmed;
  });
}

/** Rejects a proposed result with a reason; whoever entered it may withdraw it this way too. */
export async function rejectResult(
  db: Kysely<DB>,
  input: { resultId: bigint; actor: string; note: string; trx?: Transaction<DB> },
): Promise<ResultRow> {
  const note = requiredText(input.note, "NOTE_REQUIRED");
  return within(db, input.trx, async (trx) => {
    const { round, result } = await lockProposal(trx, input.resultId);
    const rejected = await trx
      .updateTable("lotto_results")
      .set({
        status: "rejected",
        note: result.note ? `${result.note}\nrejected: ${note}` : note,
        decided_at: new Date(),
      })
      .where("id", "=", result.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actor: input.actor,
      action: "lotto.result.reject",
      subject: roundSubject(round),
      before: { resultId: String(result.id), version: result.version, payload: result.payload },
      after: { status: "rejected", note },
    });
    return rejected;
  });
}

/** What a results feed is to the code that records its answers. */
export interface FeedIdentity {
  name: string;
  /** Trusted feeds' results are confirmed at once; the others wait for staff. */
  trusted: boolean;
}

/**
 * Records a feed's answer for a round (source `feed`, entered by `feed:<name>`), confirmed at once when the feed
 * is trusted. Returns null, recording nothing, when the round no longer waits for a result (staff entered one,
 * it was cancelled, the feed answered already).
 */
export async function recordFeedResult(
  db: Kysely<DB>,
  input: { roundId: bigint; payload: unknown; feed: FeedIdentity },
): Promise<ResultRow | null> {
  const actor = `feed:${input.feed.name}`;
  return inTransaction(db, async (trx) => {
    const round = await lockRound(trx, input.roundId);
    if (round.status !== "closed" || INTERNAL_FAMILIES.includes(round.family)) return null;
    const decided = await trx
      .selectFrom("lotto_results")
      .select("id")
      .where("round_id", "=", round.id)
      .where((eb) => eb.or([eb("status", "in", ["proposed", "confirmed"]), eb("entered_by", "=", actor)]))
      .executeTakeFirst();
    if (decided) return null;
    const proposed = await proposeResult(db, {
      roundId: round.id,
      payload: input.payload,
      actor,
      source: "feed",
      trx,
    });
    if (!input.feed.trusted) return proposed;
    const confirmed = await confirmInPlace(trx, round, proposed.id, actor, new Date());
    await audit(trx, {
      actor,
      action: "lotto.result.confirm",
      subject: roundSubject(round),
      after: {
        resultId: String(confirmed.id),
        version: confirmed.version,
        source: "feed",
        payload: confirmed.payload,
      },
    });
    return confirmed;
  });
}

/** The rounds a feed is asked about: external families, closed, past their result time, no result yet. */
export async function roundsAwaitingFeed(db: Executor, feedName: string, now: Date, limit = 100) {
  return db
    .selectFrom("lotto_rounds as r")
    .selectAll("r")
    .where("r.status", "=", "closed")
    .where("r.family", "in", ["gov", "stock", "set4"])
    .where("r.result_at", "<=", now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("lotto_results as x")
            .select("x.id")
            .whereRef("x.round_id", "=", "r.id")
            .where((x) =>
              x.or([
                x("x.status", "in", ["proposed", "confirmed"]),
                x("x.entered_by", "=", `feed:${feedName}`),
              ]),
            ),
        ),
      ),
    )
    .orderBy("r.result_at")
    .limit(limit)
    .execute();
}

/** The numbers a result shows (ResultView and the slip's `result`): 3-top, 2-top, 2-bottom, fronts, backs, 4. */
export function resultNumbers(outcome: OutcomeJson | null) {
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
