/**
 * How a browser holds a login (docs/security.md "Where the tokens live"), shared by the server that sets the
 * cookies and the app that reads the hint.
 *
 * - The member's token travels only in the `accessToken` cookie, which the server sets `HttpOnly`: no script in
 *   the page (ours, a third party's, an injected one) can read it.
 * - Beside it the server sets `sessionHint`, readable by the app and worth nothing to anyone else: the member's
 *   uuid, status and expiry (what the route guards decide on at start, before the server has answered) and a
 *   short id of the session (so an answer to a request made under an earlier session does not end the current
 *   one). It never authorizes anything.
 * - Every request the app sends carries `X-Requested-With: lottoup`; a cross-site form or a no-cors fetch cannot
 *   set a header, so the server refuses a cookie-authenticated change without it (CSRF).
 */

/** The member's session token: HttpOnly, SameSite=Strict, Path=/ (docs/rules.md "Accounts" names the cookie). */
export const MEMBER_SESSION_COOKIE = "accessToken";
/** The back office's session token: HttpOnly, SameSite=Strict, sent to /api/staff only. */
export const STAFF_SESSION_COOKIE = "staffToken";
export const STAFF_SESSION_COOKIE_PATH = "/api/staff";
/** The non-secret, script-readable hint of the member's session. */
export const SESSION_HINT_COOKIE = "sessionHint";

/** The header every request of the app carries, and its value (server/http/security.ts checks both). */
export const CSRF_HEADER = "x-requested-with";
export const CSRF_HEADER_VALUE = "lottoup";

/** What the app may know of its session without holding the token. */
export interface SessionHint {
  /** A short id of this login (not the session's database id, and not usable to authenticate). */
  id: string;
  uuid: string;
  /** members.status at login (docs/rules.md "Member statuses": the guards decide on it). */
  status: number;
  /** Seconds since the epoch; the session is over from this second on. */
  exp: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HINT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** `<id>.<uuid>.<status>.<exp>`: only characters a cookie value may hold, so it needs no encoding. */
export function encodeSessionHint(hint: SessionHint): string {
  return `${hint.id}.${hint.uuid}.${hint.status}.${hint.exp}`;
}

/** Null for anything that is not a well-formed hint: the app treats that as logged out. */
export function decodeSessionHint(value: string | null | undefined): SessionHint | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 4) return null;
  const [id = "", uuid = "", status = "", exp = ""] = parts;
  if (!HINT_ID.test(id) || !UUID.test(uuid) || !/^\d{1,3}$/.test(status) || !/^\d{1,12}$/.test(exp))
    return null;
  return { id, uuid, status: Number(status), exp: Number(exp) };
}

/** docs/rules.md "Accounts": expiry checked with no leeway. */
export function isExpired(
  hint: Pick<SessionHint, "exp">,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  return nowSeconds >= hint.exp;
}
