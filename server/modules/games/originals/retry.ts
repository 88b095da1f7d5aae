import { sql } from "kysely";
import type { OriginalsRoundState } from "../../../db/schema.ts";
import { fromNow, type OriginalsContext, sendRollback, sendWin } from "./rounds.ts";
import { openToken } from "./seeds.ts";

/**
 * The retry job (the push sender's pattern: server/modules/push/sender.ts): every few seconds, in every process,
 * rounds whose money is still in flight are claimed (`for update skip locked`, with a lease so a process that dies
 * mid-way leaves them to the next claim) and their wallet call is sent again:
 * - `win_pending`: the same win (same transaction id, amount and round) until the wallet acknowledges it;
 * - `rollback_pending`: the same rollback of the bet, until acknowledged;
 * - `bet_sent` past its lease: the play died between reserving and recording (a crash, a restart); the bet's fate
 *   is unknown, so the round becomes `rollback_pending` and is rolled back.
 * Retries back off (2 s, 5 s, 15 s, 1 min, 5 min, then every 10 min) and never stop: the money is the player's
 * (wins) or theirs to get back (rollbacks). Each send carries a fresh requestId (walletClient.ts), so the
 * operator's replay cache never takes a resend for a replay, while its idempotency (on the money fields) makes
 * it the same transaction.
 */

export const ORIGINALS_RETRY_INTERVAL_MS = 5_000;
const BATCH = 50;

export interface RetrySummary {
  settled: number;
  rolledBack: number;
  stillPending: number;
}

const IN_FLIGHT: OriginalsRoundState[] = ["bet_sent", "win_pending", "rollback_pending"];

/** One pass over the due rounds. `now` (tests) claims as if the database's clock said so. */
export async function retryDueRounds(
  ctx: OriginalsContext,
  options: { now?: Date; limit?: number } = {},
): Promise<RetrySummary> {
  const due = options.now ?? sql<Date>`now()`;
  const claimed = await ctx.db
    .updateTable("originals_rounds")
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: fromNow(ctx.timing.sendLeaseMs),
      updated_at: new Date(),
      state: sql<OriginalsRoundState>`case when state = 'bet_sent' then 'rollback_pending' else state end`,
      last_error: sql<string>`case when state = 'bet_sent' then 'bet: never confirmed (the play stopped)' else last_error end`,
    })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("originals_rounds")
        .select("id")
        .where("state", "in", IN_FLIGHT)
        .where("next_attempt_at", "<=", due)
        .orderBy("next_attempt_at")
        .limit(options.limit ?? BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  const summary: RetrySummary = { settled: 0, rolledBack: 0, stillPending: 0 };
  for (const round of claimed) {
    // The token the bet was made with; the operator accepts wins and rollbacks whatever became of the session.
    const token = openToken(ctx.drawKey, round.id, round.token_sealed) ?? "";
    if (round.state === "win_pending") {
      const { settled } = await sendWin(ctx, round, token);
      if (settled) summary.settled++;
      else summary.stillPending++;
    } else {
      if (await sendRollback(ctx, round, token)) summary.rolledBack++;
      else summary.stillPending++;
    }
  }
  return summary;
}

/** Runs retryDueRounds every `intervalMs` in this process; returns an awaitable stop(). */
export function startRetryJob(
  ctx: OriginalsContext,
  intervalMs = ORIGINALS_RETRY_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = (async () => {
      for (let pass = 0; pass < 20 && !stopped; pass++) {
        const summary = await retryDueRounds(ctx);
        if (summary.settled + summary.rolledBack + summary.stillPending < BATCH) break;
      }
    })()
      .catch((err: unknown) => ctx.log.error({ err }, "originals retry job failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
