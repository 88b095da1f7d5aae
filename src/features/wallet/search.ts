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
