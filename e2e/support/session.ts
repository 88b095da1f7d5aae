import type { APIResponse, BrowserContext } from "@playwright/test";
import { memberTokenSetBy, staffTokenSetBy } from "../../server/http/sessionCookies.ts";
import { MEMBER_SESSION_COOKIE } from "../../src/domain/session.ts";

/**
 * Tokens for setting up through the API. The server puts them only in HttpOnly cookies (docs/security.md "Where
 * the tokens live"), which the tests read where a page's scripts cannot: in the login answer's Set-Cookie, or in
 * the browser context's cookie jar. Sent back as `Authorization: Bearer`, which the server accepts from clients
 * that are not browsers.
 */

/**
 * What the app sends with every request, for API calls made without `Authorization` (logins, sign-ups, public
 * POSTs). Playwright's API client keeps the cookies its answers set, like a browser, so its later requests carry
 * a session cookie and the server's CSRF check asks of them what it asks of a browser's: the app's header and the
 * site's own Origin (the base URL playwright.config.ts builds from E2E_PORT).
 */
export const APP_HEADERS: Readonly<Record<string, string>> = {
  "x-requested-with": "lottoup",
  origin: `http://localhost:${Number(process.env.E2E_PORT ?? 4310)}`,
};

/** The member or staff token a login or sign-up answer sets. */
export function tokenOf(res: APIResponse): string {
  const setCookie = res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
  const token = memberTokenSetBy(setCookie) ?? staffTokenSetBy(setCookie);
  if (!token) throw new Error(`the answer (${res.status()}) set no session cookie`);
  return token;
}

/** `{ authorization: "Bearer …" }` for the session a login or sign-up answer set. */
export function bearerOf(res: APIResponse): { authorization: string } {
  return { authorization: `Bearer ${tokenOf(res)}` };
}

/** The token of the member logged in in a browser context (its HttpOnly cookie). */
export async function memberTokenIn(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === MEMBER_SESSION_COOKIE);
  if (!cookie?.value) throw new Error("no member is logged in in this browser context");
  return cookie.value;
}
