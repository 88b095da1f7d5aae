import { decodeSessionHint, type SessionHint } from "../domain/session.ts";
import { readCookie, writeCookie } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";

/**
 * The member's token lives in the `accessToken` cookie that the server sets HttpOnly (docs/rules.md "Accounts"
 * names the cookie; docs/security.md "Where the tokens live"): the app never sees it, the browser sends it. What
 * the app knows of its session is the server's non-secret hint (`sessionHint`: uuid, status, expiry, a short
 * id), read at start so the guards can decide at once, and adopted after each login.
 */

/** Cookies logout clears (docs/rules.md "Guards and sessions"). */
const LOGOUT_CLEARED_COOKIES = [STORAGE_KEYS.newsAlert, STORAGE_KEYS.bannerClick, STORAGE_KEYS.guestId];

/** docs/rules.md "Site and visitor": a visitor is identified by a guest id cookie that lives 7 days. */
export const GUEST_COOKIE = STORAGE_KEYS.guestId.name;
export const GUEST_COOKIE_MAX_AGE_SECONDS = 604_800;

export function getGuestId(): string | null {
  return readCookie(STORAGE_KEYS.guestId);
}

/** The visitor's guest id, created on the first visit (and again after logout clears it). */
export function ensureGuestId(): string {
  const existing = getGuestId();
  if (existing && /^[0-9a-f-]{36}$/.test(existing)) return existing;
  const id = crypto.randomUUID();
  writeCookie(STORAGE_KEYS.guestId, id, GUEST_COOKIE_MAX_AGE_SECONDS);
  return id;
}

/** The session this device holds as far as the app knows (undefined: not read yet). */
let current: SessionHint | null | undefined;

function readHint(): SessionHint | null {
  // A token this script can read is one an earlier version of the app stored itself: it is dropped (the player
  // logs in again and gets the HttpOnly cookie). The server's HttpOnly cookie is invisible here and cannot be
  // overwritten from a script, so this never touches it.
  if (readCookie(STORAGE_KEYS.legacyAccessToken) !== null) writeCookie(STORAGE_KEYS.legacyAccessToken, "", 0);
  return decodeSessionHint(readCookie(STORAGE_KEYS.sessionHint));
}

/** The session this device holds (read from the hint once, then kept until a login or logout changes it). */
export function currentSession(): SessionHint | null {
  if (current === undefined) current = readHint();
  return current;
}

/** After a login answer: the hint the server has just set becomes the current session. */
export function adoptSession(): SessionHint | null {
  current = readHint();
  return current;
}

/**
 * Forgets the session on this device: the hint and the cookies logout clears. The token's own cookie is the
 * server's to clear (logout, or any answer refusing it).
 */
export function clearSession(): void {
  current = null;
  for (const cookie of [STORAGE_KEYS.sessionHint, ...LOGOUT_CLEARED_COOKIES]) writeCookie(cookie, "", 0);
}
