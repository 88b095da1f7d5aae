/** Thrown by guards and loaders to show the matching error screen (docs/rules.md "Pages"). */
export class HttpStatusError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 500;
  constructor(status: 400 | 401 | 403 | 404 | 500, message = "") {
    super(message || `HTTP ${status}`);
    this.name = "HttpStatusError";
    this.status = status;
  }
}

export type ErrorScreenKind =
  | "not-found"
  | "not-allow-domain"
  | "forbidden"
  | "unauthorized"
  | "server-error";

/** Which screen an error gets: 400/404 not found ('Not Allow Domain' has its own), 401, 403, else 500. */
export function errorScreenFor(error: unknown): ErrorScreenKind {
  const status =
    error instanceof HttpStatusError
      ? error.status
      : typeof error === "object" && error !== null && "status" in error && typeof error.status === "number"
        ? error.status
        : 500;
  const message = error instanceof Error ? error.message : "";
  if (message === "Not Allow Domain") return "not-allow-domain";
  if (status === 400 || status === 404) return "not-found";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  return "server-error";
}
