import ky, { HTTPError, isHTTPError, type KyInstance } from "ky";
import { loadingBar } from "../ui/loadingBar.ts";
import { markOffline, markOnline } from "./network.ts";
import { getAccessToken, getGuestId } from "./session.ts";

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

let onUnauthorized: (() => void) | null = null;

/** SPEC.md section 6: any 401 or 403 on a member's request sends them to the Unauthorized page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Requests whose 401/403 is an answer for the form, not a lost session. */
const OWN_ERROR_HANDLING = /\/(users\.login|users\.signup|users\.logout|users\.auth)$/;

function createClient(prefix: string): KyInstance {
  return ky.create({
    prefix,
    timeout: 20_000,
    // Never retry automatically: calls that move money carry idempotency keys and are retried on purpose.
    retry: 0,
    credentials: "same-origin",
    hooks: {
      beforeRequest: [
        ({ request }) => {
          loadingBar.start();
          const token = getAccessToken();
          if (token && !request.headers.has("authorization"))
            request.headers.set("authorization", `Bearer ${token}`);
          request.headers.set("x-locale", localStorage.getItem("locale") ?? "th");
          const guestId = getGuestId();
          if (guestId) request.headers.set("x-guest-id", guestId);
        },
      ],
      afterResponse: [
        ({ request, response }) => {
          // An answer the service worker kept (offline drafting) says nothing about the network.
          if (!fromCache(response)) markOnline();
          loadingBar.finish(response.ok);
          const sentToken = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? null;
          // Only a refusal of the session this device still holds ends it: an answer to a request sent before
          // the member logged out (or logged in again) says nothing about the current one.
          if (
            sentToken !== null &&
            sentToken === getAccessToken() &&
            (response.status === 401 || response.status === 403) &&
            !OWN_ERROR_HANDLING.test(new URL(request.url).pathname)
          ) {
            onUnauthorized?.();
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

/** General API (`/api`) and betting slip API (`/poy-api`), as in SPEC.md section 7. */
export const api = createClient("/api");
export const poyApi = createClient("/poy-api");

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
