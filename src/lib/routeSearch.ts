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
