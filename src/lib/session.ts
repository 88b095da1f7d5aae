/** Where the member's access token is kept, and the cookies logout clears (SPEC.md section 4). */
export const ACCESS_TOKEN_KEY = "accessToken";
export const LOGOUT_CLEARED_COOKIES = ["newsAlert", "bannerClick", "guestId"] as const;

export function clearSession(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {}
  for (const name of LOGOUT_CLEARED_COOKIES) {
    // biome-ignore lint/suspicious/noDocumentCookie: expiring cookies is what logout must do
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
}
