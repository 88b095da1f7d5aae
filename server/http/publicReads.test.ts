import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../auth/rateLimit.ts";
import { loadConfig } from "../config.ts";
import { createTestApp } from "../test/harness.ts";
import { PUBLIC_READ_PATHS, registerPublicReadLimits } from "./publicReads.ts";

/** Expensive reads anyone may make without logging in are limited per client address. */
describe("public read limits", () => {
  it("counts per key in a fixed window and starts again in the next", () => {
    const limiter = new MemoryRateLimiter({ limit: 2, windowSeconds: 60 });
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    expect(limiter.hit("a", at(1)).allowed).toBe(true);
    expect(limiter.hit("a", at(2)).allowed).toBe(true);
    expect(limiter.hit("a", at(3))).toEqual({ allowed: false, count: 3, retryAfterSeconds: 57 });
    expect(limiter.hit("b", at(4)).allowed).toBe(true);
    expect(limiter.hit("a", new Date(Date.UTC(2026, 0, 1, 0, 1, 0))).allowed).toBe(true);
  });

  it("refuses an address past the limit on the listed reads with 429 { code, message } and Retry-After", async () => {
    const app = Fastify();
    registerPublicReadLimits(app, 10);
    for (const path of PUBLIC_READ_PATHS) app.get(path, async () => ({ ok: true }));
    app.get("/api/app-config", async () => ({ ok: true }));
    const read = (url: string, remoteAddress: string) => app.inject({ method: "GET", url, remoteAddress });
    const paths = [...PUBLIC_READ_PATHS];
    // The reads count together: ten spread over the routes, then any of them is refused.
    for (let i = 0; i < 10; i++) {
      expect((await read(`${paths[i % paths.length]}?i=${i}`, "198.51.100.5")).statusCode).toBe(200);
    }
    const refused = await read("/poy-api/results.latest", "198.51.100.5");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: "RATE_LIMITED",
      message: "Too many requests. Please wait a moment and try again.",
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await read("/poy-api/results.latest", "198.51.100.6")).statusCode).toBe(200);
    // Routes not in the list are not counted here.
    expect((await read("/api/app-config", "198.51.100.5")).statusCode).toBe(200);
    await app.close();
  });

  it("lists the heavy public reads: results, rounds, rates, the yeekee board, agents' support, the games lobby", () => {
    for (const path of [
      "/api/partners.game.list.config.nr",
      "/api/game-highlight-configs",
      "/poy-api/results.latest",
      "/poy-api/bet-lists.latest",
      "/poy-api/number-reachs.rate-now.all",
      "/poy-api/yings",
      "/poy-api/lotto-verify",
      "/api/agents-supports",
    ]) {
      expect(PUBLIC_READ_PATHS.has(path), path).toBe(true);
    }
  });

  it("takes its limit from PUBLIC_READ_LIMIT_PER_IP, 600 a minute unless set", () => {
    expect(loadConfig({}).publicReadLimitPerIp).toBe(600);
    expect(loadConfig({ PUBLIC_READ_LIMIT_PER_IP: "5000" }).publicReadLimitPerIp).toBe(5000);
    expect(() => loadConfig({ PUBLIC_READ_LIMIT_PER_IP: "3" })).toThrow(/PUBLIC_READ_LIMIT_PER_IP/);
  });

  it("limits the games lobby's guest lists and highlights in the real app, counted together", async () => {
    const t = await createTestApp({ PUBLIC_READ_LIMIT_PER_IP: "10" }, { games: { jobs: false } });
    try {
      const remoteAddress = "198.51.100.9";
      for (let i = 0; i < 5; i++) {
        const list = await t.app.inject({
          method: "POST",
          url: "/api/partners.game.list.config.nr",
          remoteAddress,
        });
        expect(list.statusCode).toBe(200);
        const highlights = await t.app.inject({
          method: "GET",
          url: "/api/game-highlight-configs",
          remoteAddress,
        });
        expect(highlights.statusCode).toBe(200);
      }
      for (const [method, url] of [
        ["POST", "/api/partners.game.list.config.nr"],
        ["GET", "/api/game-highlight-configs?x=1"],
      ] as const) {
        const refused = await t.app.inject({ method, url, remoteAddress });
        expect(refused.statusCode, url).toBe(429);
        expect(refused.json().code).toBe("RATE_LIMITED");
      }
      // Another address is not held back; the member's own list is not a public read (401 without a session).
      expect(
        (
          await t.app.inject({
            method: "GET",
            url: "/api/game-highlight-configs",
            remoteAddress: "198.51.100.10",
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: "POST", url: "/api/partners.game.list.config", remoteAddress }))
          .statusCode,
      ).toBe(401);
    } finally {
      await t.close();
    }
  });
});
