import ky, { HTTPError, isHTTPError, type KyInstance } from "ky";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../domain/session.ts";
import { loadingBar } from "./loadingBar.ts";
import { markOffline, markOnline } from "./network.ts";
import { currentSession, getGuestId } from "./session.ts";
import { readText } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";

/** The error every API call rejects with: the server's `{ code, message }`, or a network/unknown failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The error body's other fields (`line`, `number`, `max` ...), for messages that name them. */
  readonly details: Readonly<Record<string, unknown>>;
  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
  get isNetwork(): boolean {
    return this.code === "NETWORK";
  }
}

function isErrorBody(data: unknown): data is { code: string; message: string } {
  return typeof data === "object" && data !== null && "code" in data && "message" in data;
}

export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error) || error instanceof HTTPError) {
    const data = error.data;
    if (isErrorBody(data)) {
      const { code, message, ...details } = data as Record<string, unknown> & {
        code: string;
        message: string;
      };
      return new ApiError(error.response.status, code, message, details);
    }
    return new ApiError(error.response.status, `HTTP_${error.response.status}`, error.message);
  }
  return new ApiError(0, "NETWORK", error instanceof Error ? error.message : String(error));
}

/**
 * How the server refused a member's request: the session itself (401, and every 403 that is not an area refusal),
 * or an area the member's status closes (403 FORBIDDEN or USER_DISABLED: money for status 2, games 3, lotto 4).
 */
export type Refusal = "session" | "area";

let onUnauthorized: ((refusal: Refusal) => void) | null = null;

/**
 * The product sent a member to the Unauthorized page on any 401 or 403 (docs/rules.md "Guards and sessions"); we
 * keep that for a refused session, but an area refusal shows the 403 screen and keeps the member logged in
 * (docs/architecture.md "Access by status": logging a member out for opening a page their status closes would
 * punish a link, not a session).
 */
export function setUnauthorizedHandler(handler: (refusal: Refusal) => void): void {
  onUnauthorized = handler;
}

/**
 * The server's codes for an area the member's status closes: FORBIDDEN (server/kernel/access.ts, for money, lotto
 * and games routes) and USER_DISABLED (a game's bet refused for a games-closed status, server/modules/games).
 */
const AREA_REFUSALS: readonly unknown[] = ["FORBIDDEN", "USER_DISABLED"];

async function refusalOf(response: Response): Promise<Refusal> {
  if (response.status !== 403) return "session";
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return AREA_REFUSALS.includes(body.code) ? "area" : "session";
  } catch {
    return "session";
  }
}

/**
 * Requests whose 401/403 is an answer for the form, not a lost session: the login forms, and LOTTOUP Originals' game
 * server, whose 401 and 403 are about the game session token in the body (an expired game session, a games-closed
 * status), never about the member's cookie (docs/games.md "The Originals API").
 */
const OWN_ERROR_HANDLING =
  /\/(users\.login|users\.signup|users\.logout|users\.auth)$|^\/external\/originals\/api\//;

/** What a request remembers from when it was sent: the id of the session it was sent under. */
interface SentWith {
  session?: string | null;
}

/**
 * The member's session travels in its HttpOnly cookie, which the browser sends with every same-origin request;
 * the app never holds the token. Every request also carries the app's header (`X-Requested-With: lottoup`),
 * without which the server refuses a change made with the cookie (CSRF, docs/security.md).
 */
function createClient(prefix: string, { anonymous = false }: { anonymous?: boolean } = {}): KyInstance {
  return ky.create({
    prefix,
    timeout: 20_000,
    // Never retry automatically: calls that move money carry idempotency keys and are retried on purpose.
    retry: 0,
    // Anonymous: no cookie and no guest id (a game provider knows the player only by the token in the body).
    credentials: anonymous ? "omit" : "same-origin",
    hooks: {
      beforeRequest: [
        ({ request, options }) => {
          loadingBar.start();
          (options.context as SentWith).session = currentSession()?.id ?? null;
          request.headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
          request.headers.set("x-locale", readText(STORAGE_KEYS.locale) ?? "th");
          const guestId = anonymous ? null : getGuestId();
          if (guestId) request.headers.set("x-guest-id", guestId);
        },
      ],
      afterResponse: [
        async ({ request, response, options }) => {
          // An answer the service worker kept (offline drafting) says nothing about the network.
          if (!fromCache(response)) markOnline();
          loadingBar.finish(response.ok);
          const sentUnder = (options.context as SentWith).session ?? null;
          // Only a refusal of the session this device still holds ends it: an answer to a request sent before
          // the member logged out (or logged in again) says nothing about the current one. (The server clears
          // the refused cookie and hint itself; the app compares with the session it remembers.)
          if (
            sentUnder !== null &&
            sentUnder === currentSession()?.id &&
            (response.status === 401 || response.status === 403) &&
            !OWN_ERROR_HANDLING.test(new URL(request.url).pathname)
          ) {
            onUnauthorized?.(await refusalOf(response));
          }
        },
      ],
      beforeError: [
        ({ error }) => {
          if (!isHTTPError(error)) {
            markOffline();
            loadingBar.finish(false);
          }
          return error;
        },
      ],
    },
  });
}

/** General API (`/api`) and betting slip API (`/poy-api`), as in docs/rules.md "Routes". */
export const api = createClient("/api");
export const poyApi = createClient("/poy-api");
/**
 * LOTTOUP Originals' game server (docs/games.md "The Originals API"): the app's header, but no cookie and no guest id,
 * since a provider knows the player only by the game session token in the body; its 401/403 are its own.
 */
export const originalsApi = createClient("/external/originals/api", { anonymous: true });

/** POST JSON and read JSON back, rejecting with ApiError. Also returns the response for its headers. */
export async function postJson<T>(
  client: KyInstance,
  path: string,
  body: unknown,
): Promise<{ data: T; response: Response }> {
  try {
    const response = await client.post(path, { json: body ?? {} });
    return { data: (await response.json()) as T, response };
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Whether the service worker answered from its cache (sw/sw.ts, offline drafting): the data may be out of date. */
export function fromCache(response: Response): boolean {
  return response.headers.get("x-from-cache") === "1";
}

/** GET a JSON resource and whether it came from the service worker's cache, rejecting with ApiError. */
export async function getJsonSource<T>(
  client: KyInstance,
  path: string,
): Promise<{ data: T; cached: boolean }> {
  try {
    const response = await client.get(path);
    return { data: (await response.json()) as T, cached: fromCache(response) };
  } catch (error) {
    throw await toApiError(error);
  }
}

/** GET a JSON resource, rejecting with ApiError. */
export async function getJson<T>(client: KyInstance, path: string): Promise<T> {
  try {
    return await client.get(path).json<T>();
  } catch (error) {
    throw await toApiError(error);
  }
}
