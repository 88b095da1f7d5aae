import type { Kysely } from "kysely";
import {
  fiveDigitOutcome,
  isValidShot,
  nextShotHash,
  shotChainGenesis,
  YEEKEE_MIN_SHOTS,
  YEEKEE_SHOOTING_MINUTES,
  YEEKEE_SUBTRACTED_PLACE,
  type YeekeeBonusPlace,
  type YeekeeResult,
  yeekeeBonusPlaces,
  yeekeeResult,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { ShooterBonus } from "../../config.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { inTransaction } from "../../ledger/ledger.ts";
import { confirmedResultOf } from "./results.ts";
import { type Executor, findRound, type RoundRow } from "./rounds.ts";

/**
 * Yeekee shooting (docs/results-api.md "Yeekee shooting", DOMAIN.md "Yeekee shooting (ying)"). Every shot is a
 * member's, sent through yings.create; nothing else writes to `yings` (no house shooters, no hidden shots), and
 * every stored shot is published with its chain hash once shooting closes.
 *
 * Shots of one round are numbered under the lock of its `ying_chains` row, so `seq` is gapless and the chain
 * hash at seq n covers shots 1…n in that order, whichever server process took them. The draw (draws.ts) takes
 * the same lock before it reads the shots, and a shot checks the round's status after taking it: a shot is either
 * in the list the result was computed from, or refused.
 */

/** One shot per member and round every this many seconds. */
export const YING_INTERVAL_SECONDS = 3;
export const YING_LIST_DEFAULT = 20;
export const YING_LIST_MAX = 100;

export function isYeekeeRound(round: Pick<RoundRow, "family">): boolean {
  return round.family === "yeekee" || round.family === "yeekee5Min";
}

/** Members shoot from the round's creation until YEEKEE_SHOOTING_MINUTES after betting closes. */
export function shootingCloseAt(round: Pick<RoundRow, "close_at">): Date {
  return new Date(round.close_at.getTime() + YEEKEE_SHOOTING_MINUTES * 60_000);
}

const undecided = (status: RoundRow["status"]) => status === "open" || status === "closed";

export function isShootingOpen(round: RoundRow, now: Date): boolean {
  return isYeekeeRound(round) && undecided(round.status) && now.getTime() < shootingCloseAt(round).getTime();
}

/**
 * A member name as the public shot list shows it: the first 2 and last 2 characters around "***" (the number
 * of stars is fixed so the length is not told). Names of 4 characters or fewer keep only their first one.
 */
export function maskUserName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 4) return `${chars[0] ?? ""}***`;
  return `${chars.slice(0, 2).join("")}***${chars.slice(-2).join("")}`;
}

// --- Events for the socket.io room `ying:<betId>` (forwarded by yingRoutes; every process forwards its own). ---

export interface YingBroadcast {
  betId: number;
  seq: number;
  yingNumber: string;
  userName: string;
  createdAt: string;
  hash: string;
}
export type YingEvent =
  | { type: "ying"; betId: number; data: YingBroadcast }
  | { type: "ying-closed"; betId: number; data: { betId: number } };
type YingListener = (event: YingEvent) => void;

const yingListeners = new WeakMap<Kysely<DB>, Set<YingListener>>();

/** Subscribes to shots and shooting closes committed through this database handle; returns the unsubscribe. */
export function onYingEvent(db: Kysely<DB>, listener: YingListener): () => void {
  const set = yingListeners.get(db) ?? new Set();
  set.add(listener);
  yingListeners.set(db, set);
  return () => set.delete(listener);
}

/** Tells the listeners about something already committed. */
export function announceYing(db: Kysely<DB>, event: YingEvent): void {
  for (const listener of yingListeners.get(db) ?? []) {
    try {
      listener(event);
    } catch {
      // A live update that fails never undoes a shot or a draw; clients also poll the list.
    }
  }
}

// --- Shooting ---

const roundNotFound = () => new AppError(404, "ROUND_NOT_FOUND", "Round not found.");
const notYeekee = () => new AppError(409, "NOT_YEEKEE", "This round has no shooting.");
const shootingClosed = () => new AppError(409, "SHOOTING_CLOSED", "Shooting is closed for this round.");

export interface YingReceipt {
  betId: number;
  seq: number;
  yingNumber: string;
  hash: string;
  prevHash: string;
  createdAt: string;
}

/** The round's chain row, created with its genesis on the first shot (or draw) and locked for this transaction. */
export async function lockChain(trx: Executor, round: Pick<RoundRow, "id" | "bet_type">) {
  const genesis = await shotChainGenesis(round.bet_type);
  await trx
    .insertInto("ying_chains")
    .values({ round_id: round.id, genesis, head_hash: genesis })
    .onConflict((oc) => oc.column("round_id").doNothing())
    .execute();
  return trx
    .selectFrom("ying_chains")
    .selectAll()
    .where("round_id", "=", round.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Appends a member's shot to the round's chain. `clock` is read again once the chain is locked, so the time a
 * shot is stored with (which the window and the 3-second rule are judged on) is when it joined the chain.
 */
export async function shoot(
  db: Kysely<DB>,
  input: { memberId: bigint; betId: bigint; yingNumber: string; clock?: () => Date },
): Promise<YingReceipt> {
  const clock = input.clock ?? (() => new Date());
  if (!isValidShot(input.yingNumber))
    throw new AppError(400, "YING_INVALID", "A shot is exactly 5 digits, 00000 to 99999.");
  const { receipt, userName } = await inTransaction(db, async (trx) => {
    const round = await findRound(trx, input.betId);
    if (!round) throw roundNotFound();
    if (!isYeekeeRound(round)) throw notYeekee();
    if (!isShootingOpen(round, clock())) throw shootingClosed();

    const chain = await lockChain(trx, round);
    // Under the lock: a draw that committed meanwhile has changed the status; this shot is then too late.
    const current = await trx
      .selectFrom("lotto_rounds")
      .select("status")
      .where("id", "=", round.id)
      .executeTakeFirstOrThrow();
    const now = clock();
    if (!isShootingOpen({ ...round, status: current.status }, now)) throw shootingClosed();

    const last = await trx
      .selectFrom("yings")
      .select("created_at")
      .where("round_id", "=", round.id)
      .where("member_id", "=", input.memberId)
      .orderBy("seq", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last) {
      const waitMs = last.created_at.getTime() + YING_INTERVAL_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) {
        throw new AppError(
          429,
          "YING_TOO_FAST",
          `One shot every ${YING_INTERVAL_SECONDS} seconds.`,
          // Capped: another process's clock may run a little ahead of this one.
          { retryAfter: Math.min(YING_INTERVAL_SECONDS, Math.ceil(waitMs / 1000)) },
        );
      }
    }

    const seq = chain.shots + 1;
    const hash = await nextShotHash(chain.head_hash, input.yingNumber);
    await trx
      .updateTable("ying_chains")
      .set({ head_hash: hash, shots: seq, sum: chain.sum + BigInt(input.yingNumber), updated_at: now })
      .where("round_id", "=", round.id)
      .execute();
    await trx
      .insertInto("yings")
      .values({
        round_id: round.id,
        seq,
        member_id: input.memberId,
        number: input.yingNumber,
        hash,
        created_at: now,
      })
      .execute();
    const member = await trx
      .selectFrom("members")
      .select("user_name")
      .where("id", "=", input.memberId)
      .executeTakeFirstOrThrow();
    const receipt: YingReceipt = {
      betId: Number(round.id),
      seq,
      yingNumber: input.yingNumber,
      hash,
      prevHash: chain.head_hash,
      createdAt: now.toISOString(),
    };
    return { receipt, userName: member.user_name };
  });
  announceYing(db, {
    type: "ying",
    betId: receipt.betId,
    data: {
      betId: receipt.betId,
      seq: receipt.seq,
      yingNumber: receipt.yingNumber,
      userName: maskUserName(userName),
      createdAt: receipt.createdAt,
      hash: receipt.hash,
    },
  });
  return receipt;
}

// --- Reading ---

export async function yeekeeRoundOr404(db: Executor, betId: bigint): Promise<RoundRow> {
  const round = await findRound(db, betId);
  if (!round) throw roundNotFound();
  if (!isYeekeeRound(round)) throw notYeekee();
  return round;
}

/** The latest shots, latest first; `mine` for the given member's. */
export async function listYings(
  db: Executor,
  input: { roundId: bigint; limit: number; memberId?: bigint | undefined },
) {
  const rows = await db
    .selectFrom("yings")
    .innerJoin("members", "members.id", "yings.member_id")
    .select([
      "yings.seq",
      "yings.number",
      "yings.hash",
      "yings.created_at",
      "yings.member_id",
      "members.user_name",
    ])
    .where("yings.round_id", "=", input.roundId)
    .orderBy("yings.seq", "desc")
    .limit(input.limit)
    .execute();
  return {
    items: rows.map((r) => ({
      seq: r.seq,
      yingNumber: r.number,
      userName: maskUserName(r.user_name),
      createdAt: r.created_at.toISOString(),
      hash: r.hash,
      mine: input.memberId !== undefined && r.member_id === input.memberId,
    })),
  };
}

/** Every stored shot of a round in seq order, as the chain and the result are computed from. */
export async function storedShots(db: Executor, roundId: bigint, upToSeq?: number) {
  let query = db.selectFrom("yings").select(["seq", "number", "hash"]).where("round_id", "=", roundId);
  if (upToSeq !== undefined) query = query.where("seq", "<=", upToSeq);
  return query.orderBy("seq").execute();
}

export interface ShotStats {
  count: number;
  sum: number;
  sixteenth: { seq: number; yingNumber: string } | null;
  /** The result if shooting closed now (null under YEEKEE_MIN_SHOTS). */
  result: YeekeeResult;
  headHash: string;
}

/**
 * Shots are never changed or removed, and the hash of a round's latest shot fixes every shot before it and the
 * round (its genesis): the figures are kept per latest hash, so a poll between two shots reads one index entry.
 */
const statsCache = new Map<string, ShotStats>();
const STATS_CACHE_MAX = 500;

export async function shotStats(db: Executor, round: Pick<RoundRow, "id" | "bet_type">): Promise<ShotStats> {
  const latest = await db
    .selectFrom("yings")
    .select(["seq", "hash"])
    .where("round_id", "=", round.id)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) {
    return {
      count: 0,
      sum: 0,
      sixteenth: null,
      result: yeekeeResult([]),
      headHash: await shotChainGenesis(round.bet_type),
    };
  }
  const cached = statsCache.get(latest.hash);
  if (cached) return cached;
  // Up to the latest seen: a shot committed between the two reads is left for the next poll.
  const shots = await storedShots(db, round.id, latest.seq);
  const numbers = shots.map((s) => s.number);
  let sum = 0;
  for (const n of numbers) sum += Number(n);
  // The shot YEEKEE_SUBTRACTED_PLACE-th counting back from the latest (the latest is the 1st).
  const sixteenth = shots.at(-YEEKEE_SUBTRACTED_PLACE);
  const stats: ShotStats = {
    count: shots.length,
    sum,
    sixteenth: sixteenth ? { seq: sixteenth.seq, yingNumber: sixteenth.number } : null,
    result: yeekeeResult(numbers),
    headHash: latest.hash,
  };
  if (statsCache.size >= STATS_CACHE_MAX) statsCache.delete(statsCache.keys().next().value as string);
  statsCache.set(latest.hash, stats);
  return stats;
}

/** The configured shooter bonus as the app shows it before the draw: baht strings, "0.00" when a place's is off. */
export function bonusView(bonus: ShooterBonus) {
  return { first: satangToBaht(bonus.first), sixteenth: satangToBaht(bonus.sixteenth) };
}

export async function yingSummary(db: Executor, round: RoundRow, now: Date, bonus: ShooterBonus) {
  const stats = await shotStats(db, round);
  return {
    betId: Number(round.id),
    count: stats.count,
    sum: stats.sum,
    sixteenth: stats.sixteenth,
    resultNow: stats.result.cancelled ? null : stats.result.number,
    minShots: YEEKEE_MIN_SHOTS,
    shootingCloseAt: shootingCloseAt(round).toISOString(),
    headHash: stats.headHash,
    open: isShootingOpen(round, now),
    bonus: bonusView(bonus),
  };
}

type DrawStatus = "waiting" | "resulted" | "cancelled";

/** The round's drawn 5-digit number (yeekee and ping-pong), from its confirmed result. */
export async function drawnNumber(
  db: Executor,
  round: RoundRow,
): Promise<{ status: DrawStatus; number: string | null }> {
  if (round.status === "cancelled") return { status: "cancelled", number: null };
  const confirmed = await confirmedResultOf(db, round.id);
  const number = confirmed?.payload.number;
  if (!confirmed || typeof number !== "string") return { status: "waiting", number: null };
  return { status: "resulted", number };
}

/** The ledger key of a round's shooter bonus at a place (draws.ts pays it): one per round and place, ever. */
export const shooterBonusKey = (roundId: bigint, place: YeekeeBonusPlace) => `ying-bonus:${roundId}:${place}`;

export interface ShooterBonusView {
  place: YeekeeBonusPlace;
  seq: number;
  yingNumber: string;
  /** Masked as on the shot list. */
  userName: string;
  /** Baht paid to the shooter for this place (draws.ts), "0.00" when nothing was: no slip, or the bonus off. */
  amount: string;
  /** The caller fired this shot (false for guests). */
  mine: boolean;
}

/**
 * The shooters at the bonus places of a drawn round and what each was paid, read from the ledger (the keys the
 * draw paid them with), so the answer is what happened, whatever the configuration says now.
 */
export async function shooterBonuses(
  db: Executor,
  roundId: bigint,
  count: number,
  memberId?: bigint,
): Promise<ShooterBonusView[]> {
  const places = yeekeeBonusPlaces(count);
  if (places.length === 0) return [];
  const shots = await db
    .selectFrom("yings")
    .innerJoin("members", "members.id", "yings.member_id")
    .select(["yings.seq", "yings.number", "yings.member_id", "members.user_name"])
    .where("yings.round_id", "=", roundId)
    .where(
      "yings.seq",
      "in",
      places.map((p) => p.seq),
    )
    .execute();
  const paid = await db
    .selectFrom("ledger_transfers")
    .select(["idempotency_key", "amount"])
    .where(
      "idempotency_key",
      "in",
      places.map((p) => shooterBonusKey(roundId, p.place)),
    )
    .execute();
  const paidByKey = new Map(paid.map((t) => [t.idempotency_key, t.amount]));
  return places.flatMap(({ place, seq }) => {
    const shot = shots.find((s) => s.seq === seq);
    if (!shot) return [];
    return [
      {
        place,
        seq,
        yingNumber: shot.number,
        userName: maskUserName(shot.user_name),
        amount: satangToBaht(paidByKey.get(shooterBonusKey(roundId, place)) ?? 0n),
        mine: memberId !== undefined && shot.member_id === memberId,
      },
    ];
  });
}

/**
 * POST /ying-results.one: the round's drawn number with its shot figures, and once it is drawn the shooters at
 * the bonus places (`mine` marks the caller's when a member token came along).
 */
export async function yingResult(db: Executor, round: RoundRow, memberId?: bigint) {
  const stats = await shotStats(db, round);
  const { status, number } = await drawnNumber(db, round);
  const outcome = number === null ? null : fiveDigitOutcome(number);
  return {
    betId: Number(round.id),
    status,
    number,
    top3: outcome?.top3 ?? null,
    top2: outcome?.top3.slice(-2) ?? null,
    bottom2: outcome?.bottom2 ?? null,
    count: stats.count,
    sum: stats.sum,
    sixteenth: stats.sixteenth,
    bonuses: status === "resulted" ? await shooterBonuses(db, round.id, stats.count, memberId) : [],
  };
}
