// The search parameters routes read (validateSearch): imported by the route tree, so free of other imports.

/**
 * `?id=` of the deposit pages, as a number so the address reads `?id=12` (the router quotes strings that look
 * like numbers). A positive safe integer, else none.
 */
export function idSearch(search: Record<string, unknown>): { id?: number } {
  const id =
    typeof search.id === "string" && /^[1-9]\d{0,15}$/.test(search.id) ? Number(search.id) : search.id;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? { id } : {};
}

/** A deposit id from the API ("12") for the address. */
export const searchId = (id: string) => ({ id: Number(id) });

/** A `?date=` (yyyy-mm-dd), kept only when it looks like one (the page checks its bounds: /results). */
export function dateSearch(search: Record<string, unknown>): { date?: string } {
  return typeof search.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(search.date)
    ? { date: search.date }
    : {};
}

/**
 * `?next=` of a login page: where to go once logged in (a game the guest tapped). Only a path of this site
 * (`/…`, never `//host` or a scheme), so a link cannot send a member elsewhere after they typed their PIN.
 */
export function nextSearch(search: Record<string, unknown>): { next?: string } {
  const next = search.next;
  return typeof next === "string" && /^\/(?![/\\])[^\s]{0,300}$/.test(next) ? { next } : {};
}

/**
 * `?token=…&lang=…` of LOTTOUP Originals' game pages (the launch URL, docs/games.md): the game session token (kept
 * as given; the game server judges it) and the language the lobby was in (th, en, kh, mm; aliases accepted).
 */
export function gameLaunchSearch(search: Record<string, unknown>): { token: string; lang?: string } {
  const token = typeof search.token === "string" && search.token.length <= 512 ? search.token : "";
  return typeof search.lang === "string" && /^[a-zA-Z_-]{2,10}$/.test(search.lang)
    ? { token, lang: search.lang }
    : { token };
}
