import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

/**
 * Fixed-window rate limits kept in `rate_limit_hits`, so every server process counts against the same rows.
 * Windows are aligned to the epoch (a 60 s window runs from one whole minute to the next). Buckets are plain
 * strings built by the callers: `login:ip:1.2.3.4`, `login:user:somebody`, ...
 */

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  /** Window length in whole seconds. */
  windowSeconds: number;
}

export interface RateLimitResult {
  /** For a hit: whether this hit is within the limit. For a peek: whether one more hit would be. */
  allowed: boolean;
  /** Hits counted in the current window (including this one, for a hit). */
  count: number;
  /** Seconds until the current window ends (at least 1): a fitting Retry-After. */
  retryAfterSeconds: number;
}

function windowOf(rule: RateLimitRule, now: Date): { start: Date; retryAfterSeconds: number } {
  if (!Number.isSafeInteger(rule.limit) || rule.limit < 0)
    throw new RangeError("rate limit: limit must be a non-negative integer");
  if (!Number.isSafeInteger(rule.windowSeconds) || rule.windowSeconds < 1)
    throw new RangeError("rate limit: windowSeconds must be a positive integer");
  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError("rate limit: invalid date");
  const windowMs = rule.windowSeconds * 1000;
  const startMs = Math.floor(nowMs / windowMs) * windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000));
  return { start: new Date(startMs), retryAfterSeconds };
}

/** Counts one hit on `bucket` in the current window, atomically (one statement), and says if it is allowed. */
export async function hitRateLimit(
  db: Kysely<DB>,
  bucket: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const { start, retryAfterSeconds } = windowOf(rule, now);
  const row = await db
    .insertInto("rate_limit_hits")
    .values({ bucket, window_start: start, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(["bucket", "window_start"])
        .doUpdateSet((eb) => ({ count: eb("rate_limit_hits.count", "+", 1) })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds };
}

/**
 * The current window's count on `bucket` without counting a hit: check it before expensive work (a password
 * hash) and refuse early when `allowed` is false, that is when one more hit would exceed the limit.
 */
export async function peekRateLimit(
  db: Kysely<DB>,
  bucket: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const { start, retryAfterSeconds } = windowOf(rule, now);
  const row = await db
    .selectFrom("rate_limit_hits")
    .select("count")
    .where("bucket", "=", bucket)
    .where("window_start", "=", start)
    .executeTakeFirst();
  const count = row?.count ?? 0;
  return { allowed: count < rule.limit, count, retryAfterSeconds };
}

/**
 * Gives back one hit taken with `hitRateLimit` at the same `now` (an attempt that turned out not to count, such as
 * a successful login). Taking first and giving back after is what makes a limit atomic: concurrent attempts each
 * hold a counted slot while they run, so no more than `limit` of them ever get past the check at once.
 */
export async function releaseRateLimit(
  db: Kysely<DB>,
  bucket: string,
  rule: RateLimitRule,
  now: Date,
): Promise<void> {
  const { start } = windowOf(rule, now);
  await db
    .updateTable("rate_limit_hits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("bucket", "=", bucket)
    .where("window_start", "=", start)
    .where("count", ">", 0)
    .execute();
}

/**
 * Deletes the windows that started before `olderThan`; returns how many. Pass a time at least one (longest)
 * window length ago, so no window still running is cut short.
 */
export async function pruneRateLimits(db: Kysely<DB>, olderThan: Date): Promise<number> {
  const result = await db
    .deleteFrom("rate_limit_hits")
    .where("window_start", "<", olderThan)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A fixed-window counter kept in this process's memory, for limits checked on every request of busy routes
 * (public reads), where a database write per request would cost more than the read it protects. Each process
 * counts alone: with N processes behind a balancer an address gets up to N times the limit.
 */
export class MemoryRateLimiter {
  readonly #rule: RateLimitRule;
  readonly #maxKeys: number;
  #windowStartMs = 0;
  readonly #counts = new Map<string, number>();

  constructor(rule: RateLimitRule, maxKeys = 100_000) {
    windowOf(rule, new Date(0));
    this.#rule = rule;
    this.#maxKeys = maxKeys;
  }

  hit(key: string, now: Date = new Date()): RateLimitResult {
    const { start, retryAfterSeconds } = windowOf(this.#rule, now);
    // A new window forgets the last one; a flood of distinct keys (spoofed or not) cannot grow memory unbounded.
    if (start.getTime() !== this.#windowStartMs || this.#counts.size >= this.#maxKeys) {
      this.#windowStartMs = start.getTime();
      this.#counts.clear();
    }
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    return { allowed: count <= this.#rule.limit, count, retryAfterSeconds };
  }
}

/**
 * Counts one hit and refuses the request when it is over the limit: `429 RATE_LIMITED`, saying how many minutes
 * to wait (the client words the code in the member's language).
 */
export async function enforceRateLimit(db: Kysely<DB>, bucket: string, rule: RateLimitRule): Promise<void> {
  const result = await hitRateLimit(db, bucket, rule);
  if (result.allowed) return;
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  throw new AppError(429, "RATE_LIMITED", `Too many attempts. Please wait ${minutes} minutes and try again.`);
}
