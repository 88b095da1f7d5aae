import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import type { ErrorBody, ErrorCode } from "../../src/domain/contracts/errors.ts";

/** The default text of an unexpected error (docs/rules.md "Messages"); the client maps `code` to localized text. */
export const DEFAULT_ERROR_MESSAGE = "Oops! Something went wrong. Please try again later.";

/**
 * An error meant for the caller: it becomes `{ code, message }` with the given HTTP status. The code is one of
 * the contract's ERROR_CODES (src/domain/contracts/errors.ts), so a misspelt one fails the typecheck.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Extra fields the caller needs to recover (the waiting deposit, the new rates). */
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: number, code: ErrorCode, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export type { ErrorBody, ErrorCode };

/** What a 4xx from outside our code answers: our codes, or a plugin's own code passed through as it is. */
type ClientErrorBody = ErrorBody | { code: string; message: string };

/**
 * Errors Fastify raises before a route runs, with the stable code the API answers for each (the raw Fastify
 * codes and texts are an implementation detail, and some name internals).
 */
const FRAMEWORK_ERRORS: Record<string, ErrorBody> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", message: "Request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "CONTENT_TYPE_UNSUPPORTED",
    message: "The request body must be JSON (Content-Type: application/json).",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "REQUEST_INVALID", message: "The request is invalid." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "JSON_INVALID", message: "The request body is not valid JSON." },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "JSON_INVALID", message: "The request body is not valid JSON." },
  FST_ERR_BAD_URL: { code: "URL_INVALID", message: "The address is invalid." },
  FST_ERR_ASYNC_CONSTRAINT: { code: "REQUEST_INVALID", message: "The request is invalid." },
};
const JSON_INVALID: ErrorBody = { code: "JSON_INVALID", message: "The request body is not valid JSON." };
const REQUEST_INVALID: ErrorBody = { code: "REQUEST_INVALID", message: "The request is invalid." };

/** The `{ code, message }` for a 4xx error that is not an AppError (Fastify's own, a plugin's, JSON parsing). */
function clientErrorBody(error: FastifyError): ClientErrorBody {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return known;
  // JSON.parse and secure-json-parse (prototype keys) throw SyntaxError while reading a body.
  if (error instanceof SyntaxError) return JSON_INVALID;
  if (!error.code || error.code.startsWith("FST_")) return REQUEST_INVALID;
  // A plugin's own 4xx (none of ours raises one today) keeps its code: mapping it blindly would hide its meaning.
  return { code: error.code, message: error.message };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a header line without a colon, an unknown HTTP
 * version, 16 KB of headers or more): answered with the same `{ code, message }` as every other error, then the
 * connection is closed, as Node does.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, body]: [number, ErrorBody] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, { code: "REQUEST_TIMEOUT", message: "The request took too long to arrive." }]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, { code: "HEADERS_TOO_LARGE", message: "The request headers are too large." }]
        : [400, { code: "REQUEST_MALFORMED", message: "The request is not valid HTTP." }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/** Fastify options that route the errors raised before any handler to `{ code, message }` answers. */
export const frameworkErrorOptions = {
  clientErrorHandler,
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    reply.status(status).send(clientErrorBody(error));
  },
} satisfies Pick<FastifyServerOptions, "clientErrorHandler" | "frameworkErrors">;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ ...error.extra, code: error.code, message: error.message } satisfies ErrorBody);
    }
    if (error.validation) {
      return reply.status(400).send({ code: "VALIDATION", message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(clientErrorBody(error));
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ code: "INTERNAL", message: DEFAULT_ERROR_MESSAGE } satisfies ErrorBody);
  });
}
