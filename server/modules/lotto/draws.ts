import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql, type Transaction } from "kysely";
import {
  pingpongNumberFromSeed,
  shotChainGenesis,
  verifyCommitment,
  verifySealedChain,
  YEEKEE_SHOOTING_MINUTES,
  type YeekeeBonusPlace,
  yeekeeBonusPlaces,
  yeekeeResult,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { DEFAULT_SHOOTER_BONUS, type ShooterBonus } from "../../config.ts";
import type { DB, PoyStatus } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { type Executor, inTransaction } from "../../kernel/db.ts";
import {
  memberAccounts,
  notifyCashChanged,
  postTransfers,
  systemAccount,
  type TransferInput,
} from "../../ledger/ledger.ts";
import { enqueueNotifications } from "../push/outbox.ts";
import { DEMO_DRAW_SEED_KEY, openShot } from "./drawSecrets.ts";
import { houseAccountCode } from "./poys.ts";
import { cancelRound, recordSystemResult } from "./results.ts";
import { confirmedResultOf } from "./resultViews.ts";
import type { RoundRow } from "./rounds.ts";
import { roundSeed } from "./rounds.ts";
import {
  announceYing,
  concentrationOf,
  drawnNumber,
  isDecided,
  isYeekeeRound,
  lockChain,
  type StoredShot,
  shooterBonusKey,
  shootingCloseAt,
  storedShots,
} from "./yings.ts";

/**
 * The system's draws (docs/results-api.md "Results and their lifecycle"), run by every server process from the
 * round job:
 * - yeekee and yeekee 5-minute: once shooting has closed, every sealed shot is opened with the draw key, its
 *   commitment and the stored chain are checked link by link, the numbers and salts are written in the clear
 *   (revealed), and the result is computed with `yeekeeResult` from the shots in seq order. A chain that does not hold
 *   is an alarm: the round is logged and left for staff, never settled on. Under 20 shots the round is cancelled
 *   (the settlement job refunds every slip).
 * - ping-pong: at result time the seed committed to at creation gives the number (`pingpongNumberFromSeed`); a
 *   seed that does not match its published commitment is an alarm too.
 * Nothing here chooses a number: there is no input but the members' shots and the seed fixed before betting.
 * A drawn yeekee round also pays the shooter bonus (payShooterBonuses) in the transaction that records its result.
 * Two processes may run it at once: a yeekee draw holds the round's chain lock and re-reads the round under it,
 * and recordSystemResult is idempotent behind the one-confirmed-result index.
 */

export const YEEKEE_CANCEL_REASON = "fewer than 20 shots";
const YEEKEE_ACTOR = "system:yeekee";
/** Rounds drawn per family and run; a backlog (a server down for hours) clears over a few runs. */
const BATCH = 100;

export type DrawLog = Pick<FastifyBaseLogger, "error">;
const consoleLog: DrawLog = {
  error: (obj: unknown, msg?: string) => console.error(msg ?? "", obj),
} as DrawLog;

export interface DrawReport {
  drawn: number;
  cancelled: number;
  /** Rounds left for staff: a broken shot chain, a missing or mismatched seed, or an error. */
  alarms: number;
  /** Shooter bonuses this call paid (YING_WIN transfers inserted). */
  bonuses: number;
}

type ChainRow = Awaited<ReturnType<typeof lockChain>>;
type Shot = StoredShot;
/** A shot with its number and salt known (opened with the draw key, or stored in the clear). */
type OpenShot = Shot & { number: string };

/**
 * Opens the sealed shots with the draw key. A shot that does not open (another key, or altered ciphertext) makes
 * the whole round an alarm: `problem` names it.
 */
function openShots(
  round: RoundRow,
  shots: readonly Shot[],
  drawKey: string,
): { shots: OpenShot[] } | { problem: string } {
  const opened: OpenShot[] = [];
  for (const s of shots) {
    if (s.number !== null) {
      opened.push({ ...s, number: s.number });
      continue;
    }
    const open = s.sealed === null ? null : openShot(drawKey, round.id, s.seq, s.sealed);
    if (!open) return { problem: `seq ${s.seq} cannot be opened with the draw key` };
    opened.push({ ...s, number: open.number, salt: open.salt });
  }
  return { shots: opened };
}

/** Why the stored chain cannot be trusted, or null when every commitment, link, the head and the counters hold. */
async function chainProblem(
  round: RoundRow,
  chain: ChainRow,
  shots: readonly OpenShot[],
): Promise<string | null> {
  if (chain.genesis !== (await shotChainGenesis(round.bet_type))) return "genesis is not the round's";
  const gap = shots.findIndex((s, i) => s.seq !== i + 1);
  if (gap >= 0) return `seq ${shots[gap]?.seq} at place ${gap + 1}`;
  const verified = await verifySealedChain(
    round.id,
    shots.map((s) => ({ seq: s.seq, shot: s.number, salt: s.salt, commitment: s.commitment, hash: s.hash })),
    chain.genesis,
  );
  if (!verified.ok)
    return verified.why === "commitment"
      ? `commitment of seq ${verified.brokenAt + 1} does not match its number`
      : `hash of seq ${verified.brokenAt + 1} does not follow`;
  if (chain.shots !== shots.length) return `chain counts ${chain.shots} shots, ${shots.length} stored`;
  if (chain.head_hash !== (shots.at(-1)?.hash ?? chain.genesis)) return "chain head is not the last hash";
  return null;
}

/** Slips that make their member eligible for the shooter bonus: any not cancelled or refunded. */
export const BONUS_SLIP_STATUSES: readonly PoyStatus[] = ["waiting", "won", "lost"];

/** The configured amount (satang) of a place; 0n when that place's bonus is off. */
export const shooterBonusOf = (bonus: ShooterBonus, place: YeekeeBonusPlace): bigint =>
  place === 1 ? bonus.first : bonus.sixteenth;

/**
 * The shooter bonus (docs/rules.md "Yeekee shooting") of a round being drawn, in the draw's transaction: the
 * member who fired the shot at place #1 (the latest) and at place #16 (the subtracted one) each get that place's
 * configured amount when they have a slip in the round that is not cancelled or refunded; the same member may
 * hold both places and gets both. One YING_WIN transfer house → member per place, keyed `ying-bonus:<roundId>:
 * <place>`, so it is never paid twice. Returns the accounts moved (to notify after the commit).
 */
async function payShooterBonuses(
  trx: Transaction<DB>,
  round: RoundRow,
  shots: readonly Shot[],
  bonus: ShooterBonus,
): Promise<{ paid: number; accountIds: bigint[] }> {
  const places = yeekeeBonusPlaces(shots.length).filter((p) => shooterBonusOf(bonus, p.place) > 0n);
  if (places.length === 0) return { paid: 0, accountIds: [] };
  const shooters = await trx
    .selectFrom("yings")
    .select(["seq", "member_id"])
    .where("round_id", "=", round.id)
    .where(
      "seq",
      "in",
      places.map((p) => p.seq),
    )
    .execute();
  const memberAt = new Map(shooters.map((s) => [s.seq, s.member_id]));
  const candidates = [...new Set(shooters.map((s) => s.member_id))];
  const withSlip = new Set(
    (
      await trx
        .selectFrom("poys")
        .select("member_id")
        .distinct()
        .where("round_id", "=", round.id)
        .where("member_id", "in", candidates)
        .where("status", "in", [...BONUS_SLIP_STATUSES])
        .execute()
    ).map((r) => r.member_id),
  );
  const winners = places.flatMap((p) => {
    const memberId = memberAt.get(p.seq);
    return memberId !== undefined && withSlip.has(memberId) ? [{ ...p, memberId }] : [];
  });
  if (winners.length === 0) return { paid: 0, accountIds: [] };
  const house = await systemAccount(trx, houseAccountCode(round.family), "house");
  const cash = await memberAccounts(
    trx,
    winners.map((w) => w.memberId),
    "member_cash",
  );
  const transfers: TransferInput[] = winners.map((w) => ({
    debitAccountId: house,
    creditAccountId: cash.get(w.memberId) as bigint,
    amount: shooterBonusOf(bonus, w.place),
    type: "YING_WIN",
    reference: `ying:${round.id}:place:${w.place}:seq:${w.seq}`,
    idempotencyKey: shooterBonusKey(round.id, w.place),
  }));
  const posted = await postTransfers(trx, transfers);
  // Told by push in the same transaction; the dedupe key matches the transfer's, so a rerun tells nobody twice.
  await enqueueNotifications(
    trx,
    winners.map((w) => ({
      memberId: w.memberId,
      type: "ying-bonus",
      params: {
        amount: satangToBaht(shooterBonusOf(bonus, w.place)),
        place: String(w.place),
        roundName: round.name,
        roundNameEn: round.name_en,
      },
      url: `/lotto/${encodeURIComponent(round.family)}/${round.id}/ying`,
      dedupeKey: shooterBonusKey(round.id, w.place),
    })),
  );
  return { paid: posted.inserted, accountIds: posted.accountIds };
}

type YeekeeDraw =
  | { kind: "drawn"; number: string; bonuses: number }
  | { kind: "cancelled"; shots: number }
  | { kind: "skipped" }
  | { kind: "broken"; problem: string };

/**
 * Writes the opened numbers and salts in the clear and drops the ciphertext: from now on anyone can recompute the
 * round. In the draw's transaction, so a round is revealed exactly when it is decided.
 */
async function revealShots(trx: Executor, shots: readonly OpenShot[]): Promise<void> {
  const sealed = shots.filter((s) => s.sealed !== null);
  for (let i = 0; i < sealed.length; i += 500) {
    const rows = sealed
      .slice(i, i + 500)
      .map((s) => sql`(${s.id}::bigint, ${s.number}::text, ${s.salt}::text)`);
    await sql`update yings set number = v.number, salt = v.salt, sealed = null
      from (values ${sql.join(rows)}) as v(id, number, salt) where yings.id = v.id`.execute(trx);
  }
}

/**
 * Draws one yeekee round whose shooting has closed, under its chain lock (shots wait, or are refused after), and
 * pays its shooter bonuses in the same transaction: the result and the bonuses commit together or not at all.
 */
export async function drawYeekeeRound(
  db: Kysely<DB>,
  round: RoundRow,
  bonus: ShooterBonus = DEFAULT_SHOOTER_BONUS,
  drawKey: string = DEMO_DRAW_SEED_KEY,
): Promise<YeekeeDraw> {
  let moved: bigint[] = [];
  const draw = await inTransaction(db, async (trx): Promise<YeekeeDraw> => {
    moved = [];
    const chain = await lockChain(trx, round);
    const current = await trx
      .selectFrom("lotto_rounds")
      .select("status")
      .where("id", "=", round.id)
      .executeTakeFirstOrThrow();
    if (current.status !== "open" && current.status !== "closed") return { kind: "skipped" };
    if (await confirmedResultOf(trx, round.id)) return { kind: "skipped" };
    const opened = openShots(round, await storedShots(trx, round.id), drawKey);
    if ("problem" in opened) return { kind: "broken", problem: opened.problem };
    const shots = opened.shots;
    const problem = await chainProblem(round, chain, shots);
    if (problem) return { kind: "broken", problem };
    await revealShots(trx, shots);
    const result = yeekeeResult(shots.map((s) => s.number));
    if (result.cancelled) {
      await cancelRound(db, { roundId: round.id, reason: YEEKEE_CANCEL_REASON, actor: YEEKEE_ACTOR, trx });
      return { kind: "cancelled", shots: result.shots };
    }
    await recordSystemResult(db, {
      roundId: round.id,
      source: "yeekee",
      payload: { number: result.number },
      trx,
    });
    const bonuses = await payShooterBonuses(trx, round, shots, bonus);
    moved = bonuses.accountIds;
    return { kind: "drawn", number: result.number, bonuses: bonuses.paid };
  });
  // As settlement does: 'money-update' to the members paid, once their money has committed.
  if (moved.length > 0) await notifyCashChanged(db, moved);
  return draw;
}

const decidedByNobody = (db: Executor) =>
  db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("status", "in", ["open", "closed"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("lotto_results")
            .select("lotto_results.id")
            .whereRef("lotto_results.round_id", "=", "lotto_rounds.id")
            .where("lotto_results.status", "=", "confirmed"),
        ),
      ),
    );

/**
 * Draws every yeekee round whose shooting has closed and every ping-pong round past its result time.
 * `shooterBonus` is the configured yeekee shooter bonus (Config.yeekeeShooterBonus: 50 baht each in demo mode, off in production unless set).
 */
export async function drawDueRounds(
  db: Kysely<DB>,
  now: Date = new Date(),
  log: DrawLog = consoleLog,
  shooterBonus: ShooterBonus = DEFAULT_SHOOTER_BONUS,
  /** Config.drawSeedKey: opens sealed shots and derives ping-pong seeds. */
  drawKey: string = DEMO_DRAW_SEED_KEY,
): Promise<DrawReport> {
  const report: DrawReport = { drawn: 0, cancelled: 0, alarms: 0, bonuses: 0 };
  const alarm = (round: RoundRow, problem: string, err?: unknown) => {
    report.alarms += 1;
    log.error(
      { betId: String(round.id), betType: round.bet_type, problem, err },
      "lotto draw alarm: the round is left for staff and not drawn",
    );
  };

  const yeekee = await decidedByNobody(db)
    .where("family", "in", ["yeekee", "yeekee5Min"])
    .where("close_at", "<=", new Date(now.getTime() - YEEKEE_SHOOTING_MINUTES * 60_000))
    .orderBy("close_at")
    .limit(BATCH)
    .execute();
  for (const round of yeekee) {
    try {
      const draw = await drawYeekeeRound(db, round, shooterBonus, drawKey);
      if (draw.kind === "broken") alarm(round, `shot chain broken: ${draw.problem}`);
      if (draw.kind === "drawn") {
        report.drawn += 1;
        report.bonuses += draw.bonuses;
      }
      if (draw.kind === "cancelled") report.cancelled += 1;
      if (draw.kind === "drawn" || draw.kind === "cancelled") {
        announceYing(db, { type: "ying-closed", betId: Number(round.id), data: { betId: Number(round.id) } });
      }
    } catch (err) {
      alarm(round, "draw failed", err);
    }
  }

  // Rounds staff cancelled while shots were sealed: their shots are revealed too, so every shot ever taken is
  // published (the cancellation itself refunded every slip). Staff already decided these rounds, so nothing here
  // raises an alarm: a list that does not verify is published as it is, for anyone to see it does not.
  const cancelledSealed = await db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("status", "=", "cancelled")
    .where("family", "in", ["yeekee", "yeekee5Min"])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("yings")
          .select("yings.id")
          .whereRef("yings.round_id", "=", "lotto_rounds.id")
          .where("yings.sealed", "is not", null),
      ),
    )
    .limit(BATCH)
    .execute();
  for (const round of cancelledSealed) {
    try {
      await revealCancelledRound(db, round, drawKey);
    } catch (err) {
      alarm(round, "reveal failed", err);
    }
  }

  const pingpong = await decidedByNobody(db)
    .where("family", "=", "pingpong")
    .where("result_at", "<=", now)
    .orderBy("result_at")
    .limit(BATCH)
    .execute();
  for (const round of pingpong) {
    try {
      const seed = roundSeed(round, drawKey);
      if (!seed || !round.commitment) {
        alarm(round, "no seed or commitment");
        continue;
      }
      // A changed DRAW_SEED_KEY gives another seed: never drawn on, left for staff.
      if (!(await verifyCommitment(seed, round.commitment))) {
        alarm(round, "the seed does not match the published commitment");
        continue;
      }
      const number = await pingpongNumberFromSeed(seed);
      // Revealed with the result: stored in the clear, so the published seed no longer depends on the key.
      await inTransaction(db, async (trx) => {
        await recordSystemResult(db, { roundId: round.id, source: "pingpong", payload: { number }, trx });
        await trx
          .updateTable("lotto_rounds")
          .set({ seed, seed_sealed: null })
          .where("id", "=", round.id)
          .execute();
      });
      report.drawn += 1;
    } catch (err) {
      alarm(round, "draw failed", err);
    }
  }
  return report;
}

/**
 * Reveals the shots of a round cancelled by staff that open with the draw key (a shot sealed with another key
 * stays sealed, and the list unpublished).
 */
async function revealCancelledRound(db: Kysely<DB>, round: RoundRow, drawKey: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockChain(trx, round);
    const opened: OpenShot[] = [];
    for (const s of await storedShots(trx, round.id)) {
      const open = s.sealed === null ? null : openShot(drawKey, round.id, s.seq, s.sealed);
      if (open) opened.push({ ...s, number: open.number, salt: open.salt });
    }
    await revealShots(trx, opened);
  });
}

/** The seed is shown once the round is decided: drawn, or cancelled (no bet can be placed on it any more). */
export function isSeedRevealed(round: Pick<RoundRow, "status">): boolean {
  return round.status === "resulted" || round.status === "cancelled";
}

/**
 * GET /lotto-verify: what anyone needs to recompute a round's number without trusting the server (the app does
 * it in the browser with the same functions the draw used).
 */
export async function verifyView(
  db: Executor,
  round: RoundRow,
  now: Date,
  drawKey: string = DEMO_DRAW_SEED_KEY,
) {
  const base = { betId: Number(round.id), betGroup: round.family, betType: round.bet_type };
  if (isYeekeeRound(round)) {
    const notYet = () =>
      new AppError(409, "NOT_YET_PUBLISHED", "The shot list is published when the round is drawn.", {
        shootingCloseAt: shootingCloseAt(round).toISOString(),
        // Before the close nothing is published; after it, the draw (within a minute) reveals everything.
        closed: now.getTime() >= shootingCloseAt(round).getTime(),
      });
    if (!isDecided(round)) throw notYet();
    const chain = await db
      .selectFrom("ying_chains")
      .select("genesis")
      .where("round_id", "=", round.id)
      .executeTakeFirst();
    const shots = await storedShots(db, round.id);
    if (shots.some((s) => s.number === null)) throw notYet();
    // Each member a label of this round only (1 = the first to shoot): the concentration can be recomputed from
    // the list, and nobody is followed from round to round.
    const label = new Map<bigint, number>();
    for (const s of shots) if (!label.has(s.member_id)) label.set(s.member_id, label.size + 1);
    return {
      ...base,
      kind: "yeekee" as const,
      genesis: chain?.genesis ?? (await shotChainGenesis(round.bet_type)),
      shots: shots.map((s) => ({
        seq: s.seq,
        yingNumber: s.number as string,
        salt: s.salt,
        commitment: s.commitment,
        hash: s.hash,
        shooter: label.get(s.member_id) as number,
      })),
      concentration: concentrationOf(shots),
      result: await drawnNumber(db, round),
    };
  }
  if (round.family === "pingpong") {
    return {
      ...base,
      kind: "pingpong" as const,
      commitment: round.commitment,
      seed: isSeedRevealed(round) ? roundSeed(round, drawKey) : null,
      result: await drawnNumber(db, round),
    };
  }
  const confirmed = await confirmedResultOf(db, round.id);
  const status = round.status === "cancelled" ? "cancelled" : confirmed ? "resulted" : "waiting";
  return {
    ...base,
    kind: "external" as const,
    source: confirmed?.source ?? null,
    result: { status, payload: confirmed?.payload ?? null },
  };
}
