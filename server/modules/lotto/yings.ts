import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import {
  fiveDigitOutcome,
  isValidShot,
  nextShotHash,
  shotChainGenesis,
  shotCommitment,
  shotConcentration,
  YEEKEE_MIN_SHOTS,
  YEEKEE_SHOOTING_MINUTES,
  YEEKEE_SUBTRACTED_PLACE,
  type YeekeeBonusPlace,
  type YeekeeResult,
  YING_MAX_SHOTS_PER_MEMBER,
  YING_SALT_BYTES,
  yeekeeBonusPlaces,
  yeekeeResult,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { ShooterBonus } from "../../config.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { type Executor, inTransaction } from "../../kernel/db.ts";
import { DEMO_DRAW_SEED_KEY, sealShot } from "./drawSecrets.ts";
import { confirmedResultOf } from "./resultViews.ts";
import { findRound, type RoundRow } from "./rounds.ts";

/**
 * Yeekee shooting (docs/results-api.md "Yeekee shooting", docs/rules.md "Yeekee shooting"). Every shot is a
 * member's, sent through yings.create; nothing else writes to `yings` (no house shooters, no hidden shots), and
 * every stored shot is published with its chain hash once shooting closes.
 *
 * Shots of one round are numbered under the lock of its `ying_chains` row, so `seq` is gapless and the chain
 * hash at seq n covers shots 1…n in that order, whichever server process took them. The draw (draws.ts) takes
 * the same lock before it reads the shots, and a shot checks the round's status after taking it: a shot is either
 * in the list the result was computed from, or refused.
 *
 * Sealed shooting (docs/results-api.md "Sealed shooting"): until the round is decided no answer and no broadcast
 * carries a shot's number, the sum, the 16th-latest shot or a provisional result, since whoever could see them
 * could aim the last shot. A shot is published as its commitment (shotCommitment, with a random salt the shooter
 * gets back) and its chain hash; its number and salt are stored encrypted with the draw key (drawSecrets.ts), so
 * the database alone does not tell them either. The draw (draws.ts) opens them, checks every commitment and the
 * chain, and writes the numbers and salts in the clear for anyone to recompute.
 */

/** One shot per member and round every this many seconds. */
export const YING_INTERVAL_SECONDS = 3;
/** At most this many shots per member and round (src/domain: the app says it too). */
export { YING_MAX_SHOTS_PER_MEMBER };
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

/** What the room hears of a shot while it is sealed: its place, time, commitment and chain hash; no number, no name. */
export interface YingBroadcast {
  betId: number;
  seq: number;
  createdAt: string;
  commitment: string;
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

/**
 * What the shooter gets back, and only they: with the number and the salt they can check, once the list is
 * revealed, that `commitment` = shotCommitment(betId, seq, yingNumber, salt) sits at `seq` with `hash`.
 */
export interface YingReceipt {
  betId: number;
  seq: number;
  yingNumber: string;
  salt: string;
  commitment: string;
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
  input: {
    memberId: bigint;
    betId: bigint;
    yingNumber: string;
    clock?: () => Date;
    /** Config.drawSeedKey; tests that do not care use the demo key. */
    drawKey?: string;
  },
): Promise<YingReceipt> {
  const clock = input.clock ?? (() => new Date());
  if (!isValidShot(input.yingNumber))
    throw new AppError(400, "YING_INVALID", "A shot is exactly 5 digits, 00000 to 99999.");
  const drawKey = input.drawKey ?? DEMO_DRAW_SEED_KEY;
  const receipt = await inTransaction(db, async (trx) => {
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

    const mine = await trx
      .selectFrom("yings")
      .select(({ fn }) => [fn.countAll<string>().as("shots"), fn.max("created_at").as("last")])
      .where("round_id", "=", round.id)
      .where("member_id", "=", input.memberId)
      .executeTakeFirstOrThrow();
    // Judged under the chain lock, so two requests of one member at once cannot both take the last allowed shot.
    if (Number(mine.shots) >= YING_MAX_SHOTS_PER_MEMBER) {
      throw new AppError(
        409,
        "YING_LIMIT",
        `At most ${YING_MAX_SHOTS_PER_MEMBER} shots per member in a round.`,
        { limit: YING_MAX_SHOTS_PER_MEMBER },
      );
    }
    const last = mine.last === null ? null : { created_at: new Date(mine.last) };
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
    const salt = randomBytes(YING_SALT_BYTES).toString("hex");
    const commitment = await shotCommitment(round.id, seq, input.yingNumber, salt);
    // The chain links the commitment, never the number: a hash of a bare 5-digit number is reversed by trying
    // 100,000 values.
    const hash = await nextShotHash(chain.head_hash, commitment);
    // No running sum is kept (it would tell the result to whoever reads the row).
    await trx
      .updateTable("ying_chains")
      .set({ head_hash: hash, shots: seq, updated_at: now })
      .where("round_id", "=", round.id)
      .execute();
    await trx
      .insertInto("yings")
      .values({
        round_id: round.id,
        seq,
        member_id: input.memberId,
        number: null,
        salt: null,
        commitment,
        sealed: sealShot(drawKey, round.id, seq, { number: input.yingNumber, salt }),
        hash,
        created_at: now,
      })
      .execute();
    const receipt: YingReceipt = {
      betId: Number(round.id),
      seq,
      yingNumber: input.yingNumber,
      salt,
      commitment,
      hash,
      prevHash: chain.head_hash,
      createdAt: now.toISOString(),
    };
    return receipt;
  });
  announceYing(db, {
    type: "ying",
    betId: receipt.betId,
    data: {
      betId: receipt.betId,
      seq: receipt.seq,
      createdAt: receipt.createdAt,
      commitment: receipt.commitment,
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

/**
 * Whether a round's shots may be shown with their numbers: once it is decided (drawn or cancelled). Until then
 * only receipts are public. A shot still sealed in a decided round (the moments before the draw's sweep reveals a
 * round staff cancelled) stays hidden on its own.
 */
export function isDecided(round: Pick<RoundRow, "status">): boolean {
  return round.status === "resulted" || round.status === "cancelled";
}

/**
 * The latest shots, latest first; `mine` for the given member's. While the round is undecided an item is a
 * receipt: place, time, commitment and hash, with `yingNumber`, `salt` and `userName` null.
 */
export async function listYings(
  db: Executor,
  input: { round: Pick<RoundRow, "id" | "status">; limit: number; memberId?: bigint | undefined },
) {
  const decided = isDecided(input.round);
  const rows = await db
    .selectFrom("yings")
    .innerJoin("members", "members.id", "yings.member_id")
    .select([
      "yings.seq",
      "yings.number",
      "yings.salt",
      "yings.commitment",
      "yings.hash",
      "yings.created_at",
      "yings.member_id",
      "members.user_name",
    ])
    .where("yings.round_id", "=", input.round.id)
    .orderBy("yings.seq", "desc")
    .limit(input.limit)
    .execute();
  return {
    sealed: !decided,
    items: rows.map((r) => {
      const shown = decided && r.number !== null;
      return {
        seq: r.seq,
        yingNumber: shown ? r.number : null,
        salt: shown ? r.salt : null,
        userName: shown ? maskUserName(r.user_name) : null,
        createdAt: r.created_at.toISOString(),
        commitment: r.commitment,
        hash: r.hash,
        mine: input.memberId !== undefined && r.member_id === input.memberId,
      };
    }),
  };
}

/** Every stored shot of a round in seq order, as the chain and the result are computed from. */
export async function storedShots(db: Executor, roundId: bigint, upToSeq?: number) {
  let query = db
    .selectFrom("yings")
    .select(["id", "seq", "number", "salt", "commitment", "sealed", "hash", "member_id"])
    .where("round_id", "=", roundId);
  if (upToSeq !== undefined) query = query.where("seq", "<=", upToSeq);
  return query.orderBy("seq").execute();
}
export type StoredShot = Awaited<ReturnType<typeof storedShots>>[number];

/** The latest shot's place and hash (the chain's head), or the genesis before any: public at any time. */
async function chainHead(db: Executor, round: Pick<RoundRow, "id" | "bet_type">) {
  const latest = await db
    .selectFrom("yings")
    .select(["seq", "hash"])
    .where("round_id", "=", round.id)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return latest
    ? { count: latest.seq, headHash: latest.hash }
    : { count: 0, headHash: await shotChainGenesis(round.bet_type) };
}

export interface ShotStats {
  count: number;
  sum: number;
  sixteenth: { seq: number; yingNumber: string } | null;
  /** The result of the shots (null under YEEKEE_MIN_SHOTS). */
  result: YeekeeResult;
  headHash: string;
}

/**
 * Shots are never changed once revealed, and the hash of a round's latest shot fixes every shot before it and the
 * round (its genesis): the figures are kept per latest hash, so a poll between two reads costs one index entry.
 */
const statsCache = new Map<string, ShotStats>();
const STATS_CACHE_MAX = 500;

/**
 * The figures of a decided round's revealed shots; null while the round is undecided or any of its shots is still
 * sealed (nobody may learn the sum, the 16th-latest shot or a result before every shot is out).
 */
export async function shotStats(
  db: Executor,
  round: Pick<RoundRow, "id" | "bet_type" | "status">,
): Promise<ShotStats | null> {
  if (!isDecided(round)) return null;
  const head = await chainHead(db, round);
  if (head.count === 0) {
    return { count: 0, sum: 0, sixteenth: null, result: yeekeeResult([]), headHash: head.headHash };
  }
  const cached = statsCache.get(head.headHash);
  if (cached) return cached;
  const shots = await storedShots(db, round.id, head.count);
  const numbers: string[] = [];
  for (const s of shots) {
    if (s.number === null) return null;
    numbers.push(s.number);
  }
  let sum = 0;
  for (const n of numbers) sum += Number(n);
  // The shot YEEKEE_SUBTRACTED_PLACE-th counting back from the latest (the latest is the 1st).
  const sixteenth = shots.at(-YEEKEE_SUBTRACTED_PLACE);
  const stats: ShotStats = {
    count: shots.length,
    sum,
    sixteenth: sixteenth ? { seq: sixteenth.seq, yingNumber: sixteenth.number as string } : null,
    result: yeekeeResult(numbers),
    headHash: head.headHash,
  };
  if (statsCache.size >= STATS_CACHE_MAX) statsCache.delete(statsCache.keys().next().value as string);
  statsCache.set(head.headHash, stats);
  return stats;
}

/** Share of shots by the most active member and how many members shot (verification page, docs/results-api.md). */
export function concentrationOf(shots: readonly Pick<StoredShot, "member_id">[]) {
  return shotConcentration(shots.map((s) => String(s.member_id)));
}

/** The configured shooter bonus as the app shows it before the draw: baht strings, "0.00" when a place's is off. */
export function bonusView(bonus: ShooterBonus) {
  return { first: satangToBaht(bonus.first), sixteenth: satangToBaht(bonus.sixteenth) };
}

/**
 * POST /yings.summary. Undecided: the count, the chain head and the times only (`sealed` true; `sum`,
 * `sixteenth` and `resultNow` null). Decided and revealed: the figures the result was computed from.
 */
export async function yingSummary(db: Executor, round: RoundRow, now: Date, bonus: ShooterBonus) {
  const head = await chainHead(db, round);
  const stats = await shotStats(db, round);
  return {
    betId: Number(round.id),
    count: stats?.count ?? head.count,
    sealed: stats === null,
    sum: stats?.sum ?? null,
    sixteenth: stats?.sixteenth ?? null,
    resultNow: stats && !stats.result.cancelled ? stats.result.number : null,
    minShots: YEEKEE_MIN_SHOTS,
    maxShotsPerMember: YING_MAX_SHOTS_PER_MEMBER,
    shootingCloseAt: shootingCloseAt(round).toISOString(),
    headHash: head.headHash,
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
        yingNumber: shot.number ?? "",
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
  const head = await chainHead(db, round);
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
    count: stats?.count ?? head.count,
    sum: stats?.sum ?? null,
    sixteenth: stats?.sixteenth ?? null,
    bonuses: status === "resulted" && stats ? await shooterBonuses(db, round.id, stats.count, memberId) : [],
  };
}
