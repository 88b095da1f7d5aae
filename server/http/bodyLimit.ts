import type { FastifyInstance } from "fastify";

/**
 * Request body limits. Every JSON request the app sends is small (a login, a form, a filter), so the default is
 * small: a client cannot make the server buffer and parse megabytes on any route. Only the routes whose largest
 * legitimate body is bigger get more, each named here. No route takes file uploads (slips, avatars and proofs are
 * text fields), so nothing needs the product's 10 MB (docs/rules.md "Limits of the platform"); were an upload route added, it would be listed here with it.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** A slip or a number set of 1,000 lines (MAX_LINES_PER_SLIP) is about 100 KB of JSON; 1 MB leaves room. */
export const SLIP_BODY_LIMIT_BYTES = 1024 * 1024;

/** Routes whose bodies may be larger than the default, by exact path or pattern. */
const LARGE_BODY_ROUTES: readonly RegExp[] = [
  /^\/poy-api\/poys\.create$/,
  /^\/poy-api\/lotteries\.[\w-]+\.create$/,
  /^\/poy-api\/number-sets\.create$/,
];

export function bodyLimitFor(url: string): number {
  return LARGE_BODY_ROUTES.some((route) => route.test(url))
    ? SLIP_BODY_LIMIT_BYTES
    : DEFAULT_BODY_LIMIT_BYTES;
}

/** Gives each route its limit as it is added (call before the routes are registered). */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (route.bodyLimit === undefined) route.bodyLimit = bodyLimitFor(route.url ?? route.path ?? "");
  });
}
