import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { engineName, openTestDatabase } from "../test/harness.ts";
import { hitRateLimit, peekRateLimit, pruneRateLimits, type RateLimitRule } from "./rateLimit.ts";

/** A whole minute, so 60 s windows start exactly here. */
const T0 = new Date("2026-03-01T10:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const RULE: RateLimitRule = { limit: 5, windowSeconds: 60 };

describe(`rate limits (${engineName})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());
  const db = () => database.db;

  it("allows exactly `limit` hits per window; the limit+1st is refused", async () => {
    const bucket = "login:ip:192.0.2.1";
    for (let i = 1; i <= RULE.limit; i++) {
      expect(await hitRateLimit(db(), bucket, RULE, at(i))).toMatchObject({ allowed: true, count: i });
    }
    expect(await hitRateLimit(db(), bucket, RULE, at(10))).toMatchObject({ allowed: false, count: 6 });
    expect(await hitRateLimit(db(), bucket, RULE, at(11))).toMatchObject({ allowed: false, count: 7 });
  });

  it("starts a new count in the next window", async () => {
    const bucket = "login:user:windowed";
    for (let i = 0; i < 7; i++) await hitRateLimit(db(), bucket, RULE, at(50));
    expect(await hitRateLimit(db(), bucket, RULE, at(59.999))).toMatchObject({ allowed: false, count: 8 });
    expect(await hitRateLimit(db(), bucket, RULE, at(60))).toMatchObject({ allowed: true, count: 1 });
    expect(await peekRateLimit(db(), bucket, RULE, at(119))).toMatchObject({ count: 1 });
    expect(await peekRateLimit(db(), bucket, RULE, at(120))).toMatchObject({ count: 0, allowed: true });
  });

  it("keeps buckets apart", async () => {
    for (let i = 0; i < 6; i++) await hitRateLimit(db(), "login:user:alice", RULE, at(1));
    expect(await hitRateLimit(db(), "login:user:alice", RULE, at(2))).toMatchObject({
      allowed: false,
      count: 7,
    });
    expect(await hitRateLimit(db(), "login:user:bob", RULE, at(2))).toMatchObject({
      allowed: true,
      count: 1,
    });
    expect(await hitRateLimit(db(), "login:ip:alice", RULE, at(2))).toMatchObject({
      allowed: true,
      count: 1,
    });
    expect(await peekRateLimit(db(), "login:user:carol", RULE, at(2))).toMatchObject({
      allowed: true,
      count: 0,
    });
  });

  it("counts 30 concurrent hits exactly: 10 allowed, count 30", async () => {
    const rule = { limit: 10, windowSeconds: 60 };
    const bucket = "login:ip:198.51.100.7";
    const results = await Promise.all(
      Array.from({ length: 30 }, () => hitRateLimit(db(), bucket, rule, at(30))),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(await peekRateLimit(db(), bucket, rule, at(30))).toMatchObject({ allowed: false, count: 30 });
  });

  it("peeks without counting", async () => {
    const bucket = "otp:user:peek";
    const rule = { limit: 2, windowSeconds: 300 };
    expect(await peekRateLimit(db(), bucket, rule, at(0))).toEqual({
      allowed: true,
      count: 0,
      retryAfterSeconds: 300,
    });
    await hitRateLimit(db(), bucket, rule, at(1));
    expect(await peekRateLimit(db(), bucket, rule, at(2))).toMatchObject({ allowed: true, count: 1 });
    expect(await peekRateLimit(db(), bucket, rule, at(2))).toMatchObject({ allowed: true, count: 1 });
    await hitRateLimit(db(), bucket, rule, at(3));
    // At the limit: the hits so far were allowed, but one more would not be.
    expect(await peekRateLimit(db(), bucket, rule, at(4))).toMatchObject({ allowed: false, count: 2 });
  });

  it("reports retryAfterSeconds as the time left in the window (at least 1)", async () => {
    const bucket = "login:ip:203.0.113.9";
    expect((await hitRateLimit(db(), bucket, RULE, at(0))).retryAfterSeconds).toBe(60);
    expect((await hitRateLimit(db(), bucket, RULE, at(15.2))).retryAfterSeconds).toBe(45);
    expect((await hitRateLimit(db(), bucket, RULE, at(59))).retryAfterSeconds).toBe(1);
    expect((await hitRateLimit(db(), bucket, RULE, at(59.999))).retryAfterSeconds).toBe(1);
    const hour = { limit: 1, windowSeconds: 3600 };
    expect(await hitRateLimit(db(), "x", hour, at(10 * 60))).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 50 * 60,
    });
    expect(await hitRateLimit(db(), "x", hour, at(10 * 60))).toEqual({
      allowed: false,
      count: 2,
      retryAfterSeconds: 50 * 60,
    });
    for (const seconds of [0, 0.001, 1, 30, 59.5]) {
      const { retryAfterSeconds } = await hitRateLimit(db(), "range", RULE, at(seconds));
      expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(seconds + retryAfterSeconds).toBeGreaterThanOrEqual(60);
    }
  });

  it("prunes only the windows older than the given time", async () => {
    const rule = { limit: 100, windowSeconds: 60 };
    for (const minute of [-10, -5, -1, 0, 1]) {
      await hitRateLimit(db(), "prune:a", rule, at(minute * 60 + 1));
      await hitRateLimit(db(), "prune:b", rule, at(minute * 60 + 2));
    }
    const before = await db().selectFrom("rate_limit_hits").select(["bucket", "window_start"]).execute();
    const olderThan = at(-60);
    const expectedGone = before.filter(
      (r) => new Date(r.window_start).getTime() < olderThan.getTime(),
    ).length;
    expect(expectedGone).toBe(4); // prune:a and prune:b at minutes -10 and -5
    expect(await pruneRateLimits(db(), olderThan)).toBe(expectedGone);

    const left = await db()
      .selectFrom("rate_limit_hits")
      .select(["bucket", "window_start"])
      .where("bucket", "like", "prune:%")
      .orderBy("bucket")
      .orderBy("window_start")
      .execute();
    expect(left.map((r) => `${r.bucket}@${new Date(r.window_start).toISOString()}`)).toEqual(
      ["prune:a", "prune:b"].flatMap((b) => [-1, 0, 1].map((m) => `${b}@${at(m * 60).toISOString()}`)),
    );
    expect(await pruneRateLimits(db(), olderThan)).toBe(0);
  });

  it("refuses nonsense rules", async () => {
    await expect(hitRateLimit(db(), "x", { limit: 5, windowSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(hitRateLimit(db(), "x", { limit: 5, windowSeconds: 1.5 })).rejects.toThrow(RangeError);
    await expect(peekRateLimit(db(), "x", { limit: -1, windowSeconds: 60 })).rejects.toThrow(RangeError);
    await expect(hitRateLimit(db(), "x", RULE, new Date(Number.NaN))).rejects.toThrow(RangeError);
  });
});
