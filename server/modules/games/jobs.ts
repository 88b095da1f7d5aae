import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql } from "kysely";
import { ORIGINALS_PROVIDER } from "../../../src/domain/gamePlatform.ts";
import type { DB } from "../../db/schema.ts";
import type { JobSpec } from "../../kernel/jobs.ts";
import { SESSION_IDLE_SECONDS } from "../accounts/sessions.ts";
import { type ProviderRegistry, syncProviderGames } from "./providers.ts";

/**
 * The games module's background work (docs/games.md "Server"): the providers' game lists (on start and hourly),
 * the sweep that closes game sessions past their time or whose login ended, and the retention of game_callbacks
 * (13 months; Hub88 asks for at least 4). Each runs in every process; each is idempotent and bounded per pass.
 */

export const GAME_LIST_SYNC_MS = 3_600_000;
export const GAME_SESSION_SWEEP_MS = 5 * 60_000;
export const CALLBACK_RETENTION_MS = 24 * 3_600_000;
/** How long game_callbacks rows are kept. */
export const CALLBACK_RETENTION = "13 months";
/** Closed game sessions are kept this long (the lobby's "recently played" reads them), then deleted. */
export const CLOSED_SESSION_RETENTION = "90 days";
const BATCH = 5_000;
const MAX_BATCHES = 100;

type Log = Pick<FastifyBaseLogger, "error" | "warn">;

/** Every connected provider's game list into provider_games; one provider failing leaves the others synced. */
export async function syncGameLists(db: Kysely<DB>, registry: ProviderRegistry, log?: Log): Promise<void> {
  for (const adapter of registry.adapters.values()) {
    try {
      await syncProviderGames(db, adapter.code, await adapter.listGames());
    } catch (err) {
      log?.warn({ err, provider: adapter.code }, "game list sync failed; the lobby keeps the last list");
    }
  }
}

/** Closes open game sessions whose 4 hours passed or whose login session ended; deletes long-closed ones. */
export async function sweepGameSessions(db: Kysely<DB>): Promise<{ closed: number; deleted: number }> {
  const closed = await sql`
    update game_sessions g set closed_at = now()
     where g.id in (
       select g2.id from game_sessions g2 join sessions s on s.id = g2.session_id
        where g2.closed_at is null
          and (g2.expires_at <= now() or s.revoked_at is not null or s.expires_at <= now()
               or s.last_seen_at <= now() - make_interval(secs => ${SESSION_IDLE_SECONDS}))
        order by g2.id limit ${BATCH})`.execute(db);
  const deleted = await sql`
    delete from game_sessions where id in (
      select id from game_sessions where closed_at < now() - ${sql.lit(CLOSED_SESSION_RETENTION)}::interval
       order by id limit ${BATCH})`.execute(db);
  return { closed: Number(closed.numAffectedRows ?? 0n), deleted: Number(deleted.numAffectedRows ?? 0n) };
}

/** Deletes game_callbacks older than 13 months, a batch at a time (bounded per pass). */
export async function pruneGameCallbacks(db: Kysely<DB>, now = new Date()): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const result = await sql`
      delete from game_callbacks where id in (
        select id from game_callbacks
         where created_at < ${now}::timestamptz - ${sql.lit(CALLBACK_RETENTION)}::interval
         order by id limit ${BATCH})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0n);
    total += n;
    if (n < BATCH) break;
  }
  return total;
}

export interface GameJobOptions {
  log?: Log;
  /**
   * Fetch the remote game lists at start (default true). server/main.ts turns it off while the demo's Hub88
   * stand-in is still starting, and syncs once the stand-in answers.
   */
  syncAtStart?: boolean;
  syncIntervalMs?: number;
  sweepIntervalMs?: number;
  retentionIntervalMs?: number;
}

/**
 * The three jobs for the job runner (server/kernel/jobs.ts), every process. Lists that come from a provider's API
 * are fetched at start (Originals' list, in the code, was written when the module started); the sweep and the
 * retention first run one interval after start. Each pass is bounded by its own batches.
 */
export function gameJobs(
  db: Kysely<DB>,
  registry: ProviderRegistry,
  options: GameJobOptions = {},
): JobSpec[] {
  const { log } = options;
  const remote = [...registry.adapters.keys()].some((code) => code !== ORIGINALS_PROVIDER);
  return [
    {
      name: "game list sync",
      intervalMs: options.syncIntervalMs ?? GAME_LIST_SYNC_MS,
      atStart: remote && options.syncAtStart !== false,
      run: () => syncGameLists(db, registry, log),
    },
    {
      name: "game session sweep",
      intervalMs: options.sweepIntervalMs ?? GAME_SESSION_SWEEP_MS,
      atStart: false,
      run: () => sweepGameSessions(db),
    },
    {
      name: "game callback retention",
      intervalMs: options.retentionIntervalMs ?? CALLBACK_RETENTION_MS,
      atStart: false,
      run: () => pruneGameCallbacks(db),
    },
  ];
}
