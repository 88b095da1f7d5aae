/**
 * The member's access token lives in a first-party cookie (SPEC.md section 6: "member (access token cookie)")
 * and travels as a Bearer header; the server, not the cookie, decides whether it is still valid.
 */
export const ACCESS_TOKEN_COOKIE = "accessToken";
/** Cookies logout clears (SPEC.md section 4). */
export const LOGOUT_CLEARED_COOKIES = ["newsAlert", "bannerClick", "guestId"] as const;

function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === "undefined") return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie the app reads
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secure}`;
}

/** SPEC.md sections 6 and 9: a visitor is identified by a guest id cookie that lives 7 days. */
export const GUEST_COOKIE = "guestId";
export const GUEST_COOKIE_MAX_AGE_SECONDS = 604_800;

export function getGuestId(): string | null {
  return readCookie(GUEST_COOKIE);
}

/** The visitor's guest id, created on the first visit (and again after logout clears it). */
export function ensureGuestId(): string {
  const existing = getGuestId();
  if (existing && /^[0-9a-f-]{36}$/.test(existing)) return existing;
  const id = crypto.randomUUID();
  writeCookie(GUEST_COOKIE, id, GUEST_COOKIE_MAX_AGE_SECONDS);
  return id;
}

export function getAccessToken(): string | null {
  return readCookie(ACCESS_TOKEN_COOKIE);
}

export function storeAccessToken(token: string, maxAgeSeconds: number): void {
  writeCookie(ACCESS_TOKEN_COOKIE, token, Math.max(1, Math.floor(maxAgeSeconds)));
}

export function clearSession(): void {
  for (const name of [ACCESS_TOKEN_COOKIE, ...LOGOUT_CLEARED_COOKIES]) writeCookie(name, "", 0);
}
