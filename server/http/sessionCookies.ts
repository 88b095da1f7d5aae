import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  encodeSessionHint,
  MEMBER_SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  type SessionHint,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_COOKIE_PATH,
} from "../../src/domain/session.ts";

/**
 * Where a browser's session lives (docs/security.md "Where the tokens live"): the token in an HttpOnly cookie the
 * server sets and clears, never in a header or body a script can read. Requests from other clients (tests,
 * scripts, the end-to-end set-up) may send `Authorization: Bearer` instead; a request that has the header is
 * authenticated by it alone, so a forged request cannot pair a junk header with a victim's cookie.
 */

export type SessionKind = "member" | "staff";

const COOKIE_OF: Record<SessionKind, string> = {
  member: MEMBER_SESSION_COOKIE,
  staff: STAFF_SESSION_COOKIE,
};

/** The value of a cookie in a Cookie header (the first of that name), or null. */
export function cookieFrom(header: string | string[] | undefined, name: string): string | null {
  const text = Array.isArray(header) ? header.join("; ") : header;
  if (typeof text !== "string") return null;
  for (const part of text.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function readCookie(request: { headers: IncomingHttpHeaders }, name: string): string | null {
  return cookieFrom(request.headers.cookie, name);
}

/** Whether the request carries a member or staff session cookie (with a value). */
export function carriesSessionCookie(request: { headers: IncomingHttpHeaders }): boolean {
  return Object.values(COOKIE_OF).some((name) => Boolean(readCookie(request, name)));
}

export interface SessionCredential {
  token: string;
  via: "bearer" | "cookie";
}

/**
 * The token a request authenticates with: the Authorization header's when there is one (a malformed header is
 * no credential; the cookie is then not looked at), otherwise the session cookie of that kind.
 */
export function sessionCredential(
  request: { headers: IncomingHttpHeaders },
  kind: SessionKind,
): SessionCredential | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ? { token: match[1], via: "bearer" } : null;
  }
  const token = readCookie(request, COOKIE_OF[kind]);
  return token ? { token, via: "cookie" } : null;
}

/** `Secure` whenever the request came over https (X-Forwarded-Proto counts only from a TRUST_PROXY proxy). */
function cookieLine(
  request: FastifyRequest,
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds?: number; httpOnly: boolean },
): string {
  return [
    `${name}=${value}`,
    ...(options.maxAgeSeconds === undefined ? [] : [`Max-Age=${options.maxAgeSeconds}`]),
    `Path=${options.path}`,
    ...(options.httpOnly ? ["HttpOnly"] : []),
    "SameSite=Strict",
    ...(request.protocol === "https" ? ["Secure"] : []),
  ].join("; ");
}

/** The hint's id: a short hash of the token, distinct per login, which tells nothing about the token. */
export function sessionHintId(token: string): string {
  return createHash("sha256").update(token).digest("base64url").slice(0, 16);
}

/**
 * A new member session on this browser: the token in the HttpOnly `accessToken` cookie and the non-secret hint
 * beside it, both for the token's lifetime.
 */
export function setMemberSession(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  session: { uuid: string; status: number; exp: number; maxAgeSeconds: number },
): void {
  const hint: SessionHint = {
    id: sessionHintId(token),
    uuid: session.uuid,
    status: session.status,
    exp: session.exp,
  };
  const common = { path: "/", maxAgeSeconds: session.maxAgeSeconds };
  reply.header("set-cookie", [
    cookieLine(request, MEMBER_SESSION_COOKIE, token, { ...common, httpOnly: true }),
    cookieLine(request, SESSION_HINT_COOKIE, encodeSessionHint(hint), { ...common, httpOnly: false }),
  ]);
}

/** Ends the member's session on this browser: both cookies expire now. */
export function clearMemberSession(request: FastifyRequest, reply: FastifyReply): void {
  const gone = { path: "/", maxAgeSeconds: 0 };
  reply.header("set-cookie", [
    cookieLine(request, MEMBER_SESSION_COOKIE, "", { ...gone, httpOnly: true }),
    cookieLine(request, SESSION_HINT_COOKIE, "", { ...gone, httpOnly: false }),
  ]);
}

/**
 * A back-office session: HttpOnly, sent to the staff API only, and a browser-session cookie (no Max-Age): it
 * goes with the browser, and the server ends it after 8 hours or 30 idle minutes in any case.
 */
export function setStaffSession(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header(
    "set-cookie",
    cookieLine(request, STAFF_SESSION_COOKIE, token, { path: STAFF_SESSION_COOKIE_PATH, httpOnly: true }),
  );
}

export function clearStaffSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(
    "set-cookie",
    cookieLine(request, STAFF_SESSION_COOKIE, "", {
      path: STAFF_SESSION_COOKIE_PATH,
      maxAgeSeconds: 0,
      httpOnly: true,
    }),
  );
}

const refused = new WeakMap<FastifyRequest, Set<SessionKind>>();

/**
 * The session cookie of this request was refused (revoked, expired, idle, suspended, locked, not a token): its
 * answer clears it, so the browser stops sending a dead token and the app's hint goes with it.
 */
export function refuseSessionCookie(request: FastifyRequest, kind: SessionKind): void {
  const kinds = refused.get(request) ?? new Set<SessionKind>();
  kinds.add(kind);
  refused.set(request, kinds);
}

/** Root hook: answers to requests whose session cookie was refused carry the expired cookie. */
export function registerSessionCookieClearing(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const kinds = refused.get(request);
    if (kinds?.has("member")) clearMemberSession(request, reply);
    if (kinds?.has("staff")) clearStaffSession(request, reply);
    return payload;
  });
}

/**
 * The value a response sets for a cookie (undefined when it sets none, or clears it): for clients that are not
 * browsers (tests, scripts) and take the token from the login answer.
 */
export function cookieSetBy(
  setCookie: string | string[] | undefined | null,
  name: string,
): string | undefined {
  // One header per cookie, or several joined by a newline (Playwright) or a comma (fetch's `get`).
  const lines = Array.isArray(setCookie)
    ? setCookie
    : setCookie
      ? setCookie.split(/\n|,(?=\s*[A-Za-z_]+=)/)
      : [];
  let value: string | undefined;
  for (const line of lines) {
    const [pair = "", ...attributes] = line.split(";").map((p) => p.trim());
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq) !== name) continue;
    const expired = attributes.some((a) => /^max-age=0$/i.test(a));
    value = expired || eq === pair.length - 1 ? undefined : pair.slice(eq + 1);
  }
  return value;
}

/** The member token a response sets (the login, sign-up or LINE answer), for non-browser clients. */
export function memberTokenSetBy(setCookie: string | string[] | undefined | null): string | undefined {
  return cookieSetBy(setCookie, MEMBER_SESSION_COOKIE);
}

/** The staff token a response sets (the back-office login answer). */
export function staffTokenSetBy(setCookie: string | string[] | undefined | null): string | undefined {
  return cookieSetBy(setCookie, STAFF_SESSION_COOKIE);
}
