import type { FastifyError, FastifyInstance } from "fastify";

/** The default text of SPEC.md section 8; the client maps `code` to localized text. */
export const DEFAULT_ERROR_MESSAGE = "Oops! Something went wrong. Please try again later.";

/** An error meant for the caller: it becomes `{ code, message }` with the given HTTP status. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra fields the caller needs to recover (the waiting deposit, the new rates). */
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export interface ErrorBody {
  code: string;
  message: string;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ ...error.extra, code: error.code, message: error.message } satisfies ErrorBody);
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply
        .status(413)
        .send({ code: "PAYLOAD_TOO_LARGE", message: "Request body is larger than 10 MB." });
    }
    if (error.validation) {
      return reply.status(400).send({ code: "VALIDATION", message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: error.code ?? "BAD_REQUEST", message: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ code: "INTERNAL", message: DEFAULT_ERROR_MESSAGE } satisfies ErrorBody);
  });
}
