import type { FastifyInstance } from "fastify";
import { MemoryRateLimiter } from "../auth/rateLimit.ts";

/**
 * Reads anyone may make without logging in that make the database work (round lists, rates, results, the yeekee
 * board and its verification, site and agent details, the games lobby's guest lists and highlights). Each client address gets a number of them per minute,
 * counted together; past it, 429 RATE_LIMITED with Retry-After. The limit is generous on purpose (many players can
 * share a carrier's address), so only floods are refused. Logged-in routes have their own per-member limits.
 */
export const PUBLIC_READ_PATHS: ReadonlySet<string> = new Set([
  "/api/site-details",
  "/api/agents-supports",
  "/poy-api/bet-lists.latest",
  "/poy-api/bet-lists.one",
  "/poy-api/lotteries.4d.latest",
  "/poy-api/bet-list-min-maxes.all",
  "/poy-api/number-reachs.rate-now.all",
  "/poy-api/number-reachs.rate-recommend.all",
  "/poy-api/bet-list-results",
  "/poy-api/results.latest",
  "/poy-api/yings",
  "/poy-api/yings.summary",
  "/poy-api/ying-results.one",
  "/poy-api/lotto-verify",
  // The games lobby for guests: every provider with its games, and the highlighted games (docs/games-api.md).
  "/api/partners.game.list.config.nr",
  "/api/game-highlight-configs",
]);

export function registerPublicReadLimits(app: FastifyInstance, limitPerMinute: number): void {
  const limiter = new MemoryRateLimiter({ limit: limitPerMinute, windowSeconds: 60 });
  app.addHook("onRequest", async (request, reply) => {
    if (!PUBLIC_READ_PATHS.has(request.url.split("?")[0] ?? "")) return;
    const result = limiter.hit(request.ip);
    if (result.allowed) return;
    return reply
      .status(429)
      .header("retry-after", String(result.retryAfterSeconds))
      .send({ code: "RATE_LIMITED", message: "Too many requests. Please wait a moment and try again." });
  });
}
