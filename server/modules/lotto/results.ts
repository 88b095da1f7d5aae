import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import { STAFF_TEXT_LENGTH } from "../../../src/domain/contracts/common.ts";
import { type Outcome, parseResultPayload } from "../../../src/domain/lotto/index.ts";
import type { DB, OutcomeJson } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { type Executor, inTransaction } from "../../kernel/db.ts";
import { audit } from "../staff/audit.ts";
import { confirmedResultOf, INTERNAL_FAMILIES, type ResultRow } from "./resultViews.ts";
import { betNameOf, familyOf, type RoundRow } from "./rounds.ts";

/**
 * Recording results of rounds (docs/results-api.md "Results and their lifecycle", docs/rules.md "Results").
 *
 * What it owns: lotto_results rows and a round's decided state (resulted, cancelled).
 * Invariants, and where they are kept:
 * - a round has at most one confirmed result (a partial unique index) and never a result and a cancellation:
 *   everything that decides a round takes the round's row lock first (lockRound);
 * - staff and feed results need someone other than who entered them (confirmResult: 409 FOUR_EYES; the
 *   table's CHECK is the backstop); yeekee and ping-pong results are the system's alone (INTERNAL_DRAW);
 * - confirming or cancelling clears the round's `settled_at`; settlement (settlement.ts) finds its work from
 *   that, never from these calls, so a crash after a commit here only delays it.
 * What everyone reads is resultViews.ts; what staff read is staffResults.ts.
 */

export type { ResultRow };
export { confirmedResultOf, INTERNAL_FAMILIES };

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

/** A staff reason or note: STAFF_TEXT_LENGTH characters once trimmed (as every staff reason), else 400 `code`. */
function requiredText(text: string, code: "REASON_REQUIRED" | "NOTE_REQUIRED"): string {
  const trimmed = text.trim();
  if (trimmed.length < STAFF_TEXT_LENGTH.min || trimmed.length > STAFF_TEXT_LENGTH.max)
    throw new AppError(
      400,
      code,
      `A reason (${STAFF_TEXT_LENGTH.min}-${STAFF_TEXT_LENGTH.max} characters) is required.`,
    );
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
  if (note !== null && note.length > STAFF_TEXT_LENGTH.max)
    throw new AppError(400, "NOTE_TOO_LONG", `A note has at most ${STAFF_TEXT_LENGTH.max} characters.`);
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
