import type { Kysely } from "kysely";
import { DateTime } from "luxon";
import {
  BANGKOK,
  bangkokDate,
  LOTTO_FAMILIES,
  roundsForDay,
  type ScheduledRound,
} from "../../../src/domain/lotto/index.ts";
import type { ShooterBonus } from "../../config.ts";
import type { DB } from "../../db/schema.ts";
import type { JobSpec } from "../../kernel/jobs.ts";
import { pollResultsFeed, type ResultsFeed } from "../../providers/resultsFeed.ts";
import { DEMO_DRAW_SEED_KEY } from "./drawSecrets.ts";
import { type DrawLog, drawDueRounds } from "./draws.ts";
import { newRoundValues, sealLegacySeeds } from "./rounds.ts";
import { settleDueRounds } from "./settlement.ts";

/**
 * The round job: creates rounds ahead of time and closes them at their real close time. Every server process
 * runs it; both steps are idempotent and safe to run at the same time in several processes:
 * - rounds are inserted with `on conflict (bet_type) do nothing` (betType is unique), so a round exists once;
 * - closing is one `update … where status = 'open' and close_at <= now`.
 * Placing a slip never relies on the job: it checks the real close time itself (the job only keeps the stored
 * status honest for lists and staff).
 */

/** Days ahead (today included) a family's rounds are created: today and tomorrow; gov up to its next draw. */
export const DAYS_AHEAD: Readonly<Record<(typeof LOTTO_FAMILIES)[number], number>> = {
  yeekee: 2,
  yeekee5Min: 2,
  pingpong: 2,
  stock: 2,
  set4: 2,
  // Draws are on the 1st and 16th: 17 days always reach the next one, so gov betting opens right after a draw.
  gov: 17,
};

function plusDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: BANGKOK }).plus({ days }).toISODate() as string;
}

/**
 * Creates the missing rounds from today (Bangkok) on; rounds already closed at `now` are not created. A run that
 * finds every round in place costs one indexed read.
 */
export async function ensureRounds(
  db: Kysely<DB>,
  now: Date = new Date(),
  drawKey: string = DEMO_DRAW_SEED_KEY,
): Promise<number> {
  const today = bangkokDate(now);
  const wanted: ScheduledRound[] = [];
  for (const family of LOTTO_FAMILIES) {
    // From yesterday: its rounds that close after midnight (yeekee 73–88, …) are still sold now, and a server
    // first started between midnight and their close would otherwise never create them.
    for (let i = -1; i < DAYS_AHEAD[family]; i++) {
      const rounds = roundsForDay(family, plusDays(today, i));
      wanted.push(...rounds.filter((r) => r.closeAt.getTime() > now.getTime()));
    }
  }
  if (wanted.length === 0) return 0;
  const existing = await db
    .selectFrom("lotto_rounds")
    .select("bet_type")
    .where("close_at", ">", now)
    .where("round_date", ">=", plusDays(today, -1))
    .execute();
  const have = new Set(existing.map((r) => r.bet_type));
  const missing = wanted.filter((r) => !have.has(r.betType));
  let created = 0;
  // Another process may insert the same rounds meanwhile: the unique betType makes the second insert a no-op.
  for (let i = 0; i < missing.length; i += 300) {
    const inserted = await db
      .insertInto("lotto_rounds")
      .values(await Promise.all(missing.slice(i, i + 300).map((r) => newRoundValues(r, drawKey))))
      .onConflict((oc) => oc.column("bet_type").doNothing())
      .returning("id")
      .execute();
    created += inserted.length;
  }
  return created;
}

/** Marks open rounds whose real close time has passed as closed. */
export async function closeDueRounds(db: Kysely<DB>, now: Date = new Date()): Promise<number> {
  const closed = await db
    .updateTable("lotto_rounds")
    .set({ status: "closed" })
    .where("status", "=", "open")
    .where("close_at", "<=", now)
    .returning("id")
    .execute();
  return closed.length;
}

export async function runRoundJob(
  db: Kysely<DB>,
  now: Date = new Date(),
  log?: DrawLog,
  feed?: ResultsFeed | null,
  shooterBonus?: ShooterBonus,
  /** Config.drawSeedKey (server/modules/lotto/drawSecrets.ts). */
  drawKey: string = DEMO_DRAW_SEED_KEY,
): Promise<{ created: number; closed: number }> {
  const created = await ensureRounds(db, now, drawKey);
  const closed = await closeDueRounds(db, now);
  await drawDueRounds(db, now, log, shooterBonus, drawKey);
  // External results from the configured feed, then settlement of every round with work left (settlement.ts).
  if (feed) await pollResultsFeed(db, feed, now, log);
  await settleDueRounds(db, now);
  return { created, closed };
}

export const ROUND_JOB_INTERVAL_MS = 15_000;

export interface RoundJobOptions {
  intervalMs?: number | undefined;
  log?: DrawLog | undefined;
  /** The results feed for gov, stock and set4 rounds (server/providers/resultsFeed.ts); none by default. */
  feed?: ResultsFeed | null | undefined;
  /** The yeekee shooter bonus paid with each draw (Config.yeekeeShooterBonus: 50 baht each in demo mode, off in production unless set). */
  shooterBonus?: ShooterBonus | undefined;
  /** Config.drawSeedKey: derives ping-pong seeds, seals and opens yeekee shots. */
  drawKey: string;
}

/**
 * The round job for the job runner (server/kernel/jobs.ts): at once, then every 15 s, in every process. Its
 * first pass also seals the seeds a version before migration 0013 stored in plaintext (once per process).
 */
export function roundJob(db: Kysely<DB>, options: RoundJobOptions): JobSpec {
  let legacySealed = false;
  return {
    name: "lotto round job",
    intervalMs: options.intervalMs ?? ROUND_JOB_INTERVAL_MS,
    run: async () => {
      if (!legacySealed) {
        await sealLegacySeeds(db, options.drawKey);
        legacySealed = true;
      }
      await runRoundJob(db, new Date(), options.log, options.feed, options.shooterBonus, options.drawKey);
    },
  };
}
