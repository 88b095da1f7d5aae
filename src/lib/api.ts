import ky, { HTTPError, isHTTPError, type KyInstance } from "ky";
import { loadingBar } from "../ui/loadingBar.ts";
import { markOffline, markOnline } from "./network.ts";

/** The error every API call rejects with: the server's `{ code, message }`, or a network/unknown failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
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
    if (isErrorBody(data)) return new ApiError(error.response.status, data.code, data.message);
    return new ApiError(error.response.status, `HTTP_${error.response.status}`, error.message);
  }
  return new ApiError(0, "NETWORK", error instanceof Error ? error.message : String(error));
}

function createClient(prefix: string): KyInstance {
  return ky.create({
    prefix,
    timeout: 20_000,
    // Never retry automatically: calls that move money carry idempotency keys and are retried on purpose.
    retry: 0,
    credentials: "same-origin",
    hooks: {
      beforeRequest: [
        () => {
          loadingBar.start();
        },
      ],
      afterResponse: [
        ({ response }) => {
          markOnline();
          loadingBar.finish(response.ok);
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

/** GET a JSON resource, rejecting with ApiError. */
export async function getJson<T>(client: KyInstance, path: string): Promise<T> {
  try {
    return await client.get(path).json<T>();
  } catch (error) {
    throw await toApiError(error);
  }
}
