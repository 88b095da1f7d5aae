// Imported by the route tree (the first load): keep this file free of imports.

/** The /results search: a yyyy-mm-dd date, kept only when it looks like one (the page checks its bounds). */
export function resultsSearch(search: Record<string, unknown>): { date?: string } {
  return typeof search.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(search.date)
    ? { date: search.date }
    : {};
}
