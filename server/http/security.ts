import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../src/domain/session.ts";
import type { TrustProxy } from "../config.ts";
import { carriesSessionCookie } from "./sessionCookies.ts";
import { isNonAppPath } from "./static.ts";

/**
 * TRUST_PROXY as Fastify takes it. Fastify trusts a hop count at run time but its types lack the number, so the
 * count becomes the function it would build: the first `hops` addresses from the socket back are proxies.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return trust;
}

/**
 * The pages other sites may embed in a frame, by exact path (docs/security.md "Framing"). The product let pages
 * whose path contains 'external' be framed (docs/rules.md "Routes"); matching the word anywhere also let
 * `/poy/lottery/external` (a slip list) be framed under a hostile page (clickjacking), so only these exact paths
 * are exempt.
 */
export const EMBEDDABLE_PATHS: ReadonlySet<string> = new Set(["/external/login"]);

/**
 * Pages only the site itself may frame, by exact prefix: LOTTOUP Originals' game pages
 * (`/external/originals/<game>`, app routes the lobby shows in a frame) and their API. Answered with
 * `frame-ancestors 'self'` and `X-Frame-Options: SAMEORIGIN`; `/external/originals` itself and every other path
 * are not under it (docs/security.md "Framing").
 */
export const SAME_ORIGIN_FRAME_PREFIXES: readonly string[] = ["/external/originals/"];

/** Who may frame a response: any site (the embeddable login), the site's own pages, or nobody. */
export type Framing = "any" | "self" | "none";

export function framingOf(url: string): Framing {
  const path = url.split("?")[0] ?? "";
  if (EMBEDDABLE_PATHS.has(path)) return "any";
  if (SAME_ORIGIN_FRAME_PREFIXES.some((prefix) => path.startsWith(prefix))) return "self";
  return "none";
}

export function isEmbeddablePath(url: string): boolean {
  return framingOf(url) === "any";
}

export const NOT_ALLOW_DOMAIN = "Not Allow Domain";

const NOT_ALLOW_DOMAIN_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>${NOT_ALLOW_DOMAIN}</title></head><body><h1>${NOT_ALLOW_DOMAIN}</h1></body></html>`;

/** A Host header's name without its port (`[::1]:8080` -> `[::1]`), lower case. */
export function hostnameOf(host: string): string {
  const text = host.trim().toLowerCase();
  if (text.startsWith("[")) return text.slice(0, text.indexOf("]") + 1);
  const colon = text.indexOf(":");
  return colon === -1 ? text : text.slice(0, colon);
}

/** ALLOWED_HOSTS: "*" (demo) answers every host; otherwise only the listed names. */
export function isAllowedHost(allowedHosts: readonly string[], hostname: string): boolean {
  return allowedHosts.includes("*") || allowedHosts.includes(hostname.toLowerCase());
}

/** The health check answers whatever the host (load balancers probe by address). */
export function isHealthCheck(url: string): boolean {
  return (url.split("?")[0] ?? "") === "/api/health";
}

/**
 * Every request for a host the site does not serve is refused before routing: the API, the built app's files
 * and the app shell alike (socket.io's handshake is checked by server/realtime.ts with the same rule), so a
 * look-alike domain pointed at the server cannot serve the app or talk to the API under its own name.
 */
export function registerHostAllowList(app: FastifyInstance, allowedHosts: readonly string[]): void {
  if (allowedHosts.includes("*")) return;
  app.addHook("onRequest", async (request, reply) => {
    if (isHealthCheck(request.url) || isAllowedHost(allowedHosts, hostnameOf(request.hostname))) return;
    // A browser opening a page gets a plain page saying so (the app itself, its scripts included, is never
    // served under another name); everything else the usual JSON error.
    if (!isNonAppPath(request.url) && String(request.headers.accept ?? "").includes("text/html")) {
      return reply.status(400).type("text/html; charset=utf-8").send(NOT_ALLOW_DOMAIN_PAGE);
    }
    return reply.status(400).send({ code: "NOT_ALLOW_DOMAIN", message: NOT_ALLOW_DOMAIN });
  });
}

/**
 * Whether `url` (an Origin or a Referer) is of the site the request was made to: same host name and port as the
 * request's Host (which the host allow-list has already accepted). The scheme is not compared: behind a proxy
 * that ends TLS the request arrives over http while the page's origin is https. A Host without a port means the
 * default port of the scheme the browser used. `null` (sandboxed frames, some redirects) is never our own.
 */
export function isSameSite(url: string, host: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
  const defaultPort = parsed.protocol === "https:" ? "443" : "80";
  const hostname = hostnameOf(host);
  const rest = host.trim().slice(hostname.length);
  const hostPort = rest.startsWith(":") && rest.length > 1 ? rest.slice(1) : defaultPort;
  return (
    hostname !== "" && parsed.hostname.toLowerCase() === hostname && (parsed.port || defaultPort) === hostPort
  );
}

/**
 * Where a request says it comes from: "own" (the site's own pages), "foreign" (another site: a browser names it
 * in Origin, or says cross-site/same-site in Sec-Fetch-Site, or in Referer), or "unknown" (none of the three: not
 * a browser, or a browser that sends nothing).
 */
export function requestSource(headers: IncomingHttpHeaders, host: string): "own" | "foreign" | "unknown" {
  const origin = headers.origin;
  if (typeof origin === "string") return isSameSite(origin, host) ? "own" : "foreign";
  const site = headers["sec-fetch-site"];
  if (site === "same-origin") return "own";
  if (site === "cross-site" || site === "same-site") return "foreign";
  const referer = headers.referer;
  if (typeof referer === "string") return isSameSite(referer, host) ? "own" : "foreign";
  return "unknown";
}

/**
 * Requests that change something and cannot carry the app's header, by the exact path of the route they match:
 * the bank statement webhook (HMAC-signed by the bank or aggregator, no cookie).
 */
export const CSRF_EXEMPT_ROUTES: ReadonlySet<string> = new Set(["/api/bank-feed/statements"]);
/**
 * Route prefixes exempt when the request carries no session cookie: the game providers' callbacks, which are
 * authenticated by their signatures. With a session cookie they are checked like any other request.
 */
export const CSRF_EXEMPT_PREFIXES_WITHOUT_SESSION: readonly string[] = ["/api/providers/"];

const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export const CSRF_REFUSED_MESSAGE = "This request did not come from this site's own pages.";

/**
 * Cross-site request forgery (docs/security.md "Where the tokens live"). The session cookie is SameSite=Strict,
 * so another site's requests arrive without it; this is the second, independent control, and the one that also
 * holds against a sibling site on the same registrable domain. Every request that can change something
 * (anything but GET, HEAD and OPTIONS, which change nothing):
 * - named by the browser as coming from another site (Origin, Sec-Fetch-Site, Referer) is refused, logged in or
 *   not (a forged login, a forged PIN-reset request);
 * - authenticated by a session cookie (it carries one and no Authorization header) must also say positively that
 *   it comes from our own pages and carry `X-Requested-With: lottoup`, a header a cross-site form or no-cors fetch
 *   cannot set (the server sends no CORS headers, so no preflight ever allows it).
 * Refused: `403 { code: "CSRF_REFUSED" }`, before any route runs. A request with `Authorization: Bearer` is
 * authenticated by that header alone, which another site cannot make a browser send.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const route = request.routeOptions.url;
    if (route !== undefined && CSRF_EXEMPT_ROUTES.has(route)) return;
    const withCookie = carriesSessionCookie(request);
    if (
      !withCookie &&
      route !== undefined &&
      CSRF_EXEMPT_PREFIXES_WITHOUT_SESSION.some((prefix) => route.startsWith(prefix))
    ) {
      return;
    }
    const source = requestSource(request.headers, request.host);
    const cookieAuthenticated = withCookie && request.headers.authorization === undefined;
    const refused =
      source === "foreign" ||
      (cookieAuthenticated && (source !== "own" || request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE));
    if (refused) return reply.status(403).send({ code: "CSRF_REFUSED", message: CSRF_REFUSED_MESSAGE });
  });
}

/**
 * socket.io's handshake (cross-site WebSocket hijacking): a browser always names the page's origin on a
 * WebSocket handshake, and it must be our own host; a handshake a browser says is cross-site is refused too.
 * Clients that are not browsers send neither and authenticate with their token.
 */
export function isAllowedHandshake(headers: IncomingHttpHeaders): boolean {
  return requestSource(headers, headers.host ?? "") !== "foreign";
}

const baseCsp = [
  "default-src 'self'",
  "script-src 'self'",
  // React writes style attributes; no inline <style> or script is ever needed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

const STATIC_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), payment=(), usb=(), geolocation=(self)",
  "x-dns-prefetch-control": "off",
};

export interface CspOptions {
  /** reCAPTCHA configured: Google's script and its challenge frame are allowed. */
  recaptcha?: boolean;
  /** A live-chat widget's origin: its script, frames and connections are allowed. */
  liveChatOrigin?: string | undefined;
  /** Push through Firebase: the app registers its token with Google's installation and FCM services. */
  firebase?: boolean;
  /** Game providers' launch pages the app frames (GAME_FRAME_ORIGINS; the demo's stand-in): frame-src. */
  frameOrigins?: readonly string[];
  /** Game providers' thumbnails the lobby shows (GAME_IMAGE_ORIGINS; the demo's stand-in): img-src. */
  imageOrigins?: readonly string[];
}

const FIREBASE_CONNECT =
  "https://firebaseinstallations.googleapis.com https://fcmregistrations.googleapis.com";

const RECAPTCHA_SOURCES = "https://www.google.com https://www.gstatic.com";

function csp(framing: Framing, options: CspOptions): string {
  const scripts = [options.recaptcha ? RECAPTCHA_SOURCES : "", options.liveChatOrigin ?? ""]
    .filter(Boolean)
    .join(" ");
  const images = (options.imageOrigins ?? []).join(" ");
  const directives = baseCsp.map((d) => {
    if (scripts && d.startsWith("script-src")) return `${d} ${scripts}`;
    if (options.firebase && d.startsWith("connect-src")) {
      return [d, FIREBASE_CONNECT, options.liveChatOrigin].filter(Boolean).join(" ");
    }
    if (d.startsWith("img-src")) return [d, images, options.liveChatOrigin].filter(Boolean).join(" ");
    if (options.liveChatOrigin && (d.startsWith("connect-src") || d.startsWith("style-src"))) {
      return `${d} ${options.liveChatOrigin}`;
    }
    return d;
  });
  // The app frames its own pages (LOTTOUP Originals), the providers' game pages, and reCAPTCHA's or the chat's.
  directives.push(["frame-src 'self'", scripts, ...(options.frameOrigins ?? [])].filter(Boolean).join(" "));
  if (framing === "none") directives.push("frame-ancestors 'none'");
  if (framing === "self") directives.push("frame-ancestors 'self'");
  return directives.join("; ");
}

const X_FRAME_OPTIONS: Record<Framing, string | undefined> = {
  any: undefined,
  self: "SAMEORIGIN",
  none: "DENY",
};

/** Security headers on every response, including errors and socket.io's HTTP long-polling. */
export function securityHeaders(url: string, options: CspOptions = {}): Record<string, string> {
  const framing = framingOf(url);
  const frameOptions = X_FRAME_OPTIONS[framing];
  return {
    ...STATIC_HEADERS,
    "content-security-policy": csp(framing, options),
    ...(frameOptions ? { "x-frame-options": frameOptions } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: CspOptions = {}): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(securityHeaders(request.url, options));
    // API answers (balances, rates, slips) are never kept by the browser's HTTP cache: an old answer served as
    // new would show a stale balance or rate as current. Offline drafting has its own, labelled cache (sw/sw.ts).
    if (isNonAppPath(request.url)) reply.header("cache-control", "no-store");
  });
}

/** proxy-addr's named ranges, as CIDRs. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

function unmapped(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function familyOf(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 6 ? "ipv6" : "ipv4";
}

/**
 * The client's address for requests that do not pass through Fastify (socket.io's handshake), by the same
 * TRUST_PROXY rule Fastify applies to `request.ip`: walk X-Forwarded-For from the nearest hop while that hop is a
 * trusted proxy.
 */
export function clientAddressResolver(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted = new BlockList();
  if (Array.isArray(trust)) {
    for (const entry of trust.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
      const [address = "", prefix] = entry.split("/");
      if (prefix === undefined) trusted.addAddress(unmapped(address), familyOf(address));
      else trusted.addSubnet(address, Number(prefix), familyOf(address));
    }
  }
  const isTrusted = (address: string, hop: number): boolean => {
    if (typeof trust === "boolean") return trust;
    if (typeof trust === "number") return hop < trust;
    const plain = unmapped(address);
    return isIP(plain) !== 0 && trusted.check(plain, familyOf(plain));
  };
  return (request) => {
    const socketAddress = request.socket.remoteAddress ?? "";
    const header = request.headers["x-forwarded-for"];
    const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean)
      .reverse();
    const chain = [socketAddress, ...forwarded];
    let hop = 0;
    while (hop < chain.length - 1 && isTrusted(chain[hop] ?? "", hop)) hop++;
    return unmapped(chain[hop] ?? socketAddress);
  };
}
