import type { IncomingHttpHeaders } from "node:http";
import type { FastifyError, FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { hasUnsafeCharacter } from "../../../../src/domain/text.ts";
import type { DB, GameCallbackVerdict } from "../../../db/schema.ts";

/**
 * What every dialect's callback routes share (docs/games.md rules 6 and 7): the raw body kept as the exact bytes
 * received (a signature is over them, so they are verified before anything reads them), one answer per request
 * in the dialect's own shape whatever goes wrong, and a game_callbacks row for each (request, answer, signature
 * verdict, time taken).
 */

/** What a dialect answers one callback with. */
export interface CallbackAnswer {
  /** 200 for every answer of the dialect; 500 only when we failed ourselves (the provider retries). */
  httpStatus: number;
  body: Record<string, unknown>;
  /** The business status, for the callback log. */
  status: string;
  verdict: GameCallbackVerdict;
  memberId?: bigint | null;
  providerTxId?: string | null;
}

export interface CallbackRequest {
  raw: Buffer;
  headers: IncomingHttpHeaders;
}

export interface DialectRoutes {
  providerCode: string;
  /** `/api/providers/<code>`: the calls are paths under it. */
  base: string;
  calls: Record<string, (request: CallbackRequest) => Promise<CallbackAnswer>>;
  /** The answer to a request we cannot even read as the dialect (a body too large, an unreadable request). */
  unreadable(request: CallbackRequest): CallbackAnswer;
  /** The answer when we failed ourselves (the database away): HTTP 500, so the provider retries. */
  failed(request: CallbackRequest): CallbackAnswer;
  /** The signature headers, as received, for the log. */
  signatureOf(headers: IncomingHttpHeaders): { signature: string | null; signedAt: string | null };
}

/** A header's value for the log: bounded, and only when it is plain text. */
export function headerText(value: string | string[] | undefined, max = 1000): string | null {
  const text = Array.isArray(value) ? value.join(",") : value;
  if (typeof text !== "string" || text === "") return null;
  return hasUnsafeCharacter(text) ? "[unprintable]" : text.slice(0, max);
}

async function recordCallback(
  db: Kysely<DB>,
  dialect: DialectRoutes,
  call: string,
  request: CallbackRequest,
  answer: CallbackAnswer,
  ms: number,
): Promise<void> {
  const { signature, signedAt } = dialect.signatureOf(request.headers);
  await db
    .insertInto("game_callbacks")
    .values({
      provider_code: dialect.providerCode,
      call,
      request_body: request.raw,
      signature,
      signed_at: signedAt,
      verdict: answer.verdict,
      member_id: answer.memberId ?? null,
      provider_tx_id: answer.providerTxId ?? null,
      http_status: answer.httpStatus,
      status: answer.status,
      // JSON.stringify escapes every control character, so any answer fits a text column.
      response_body: JSON.stringify(answer.body),
      ms: Math.round(ms),
    })
    .execute();
}

/**
 * Registers a dialect's callback routes in their own encapsulated context: every body is kept raw (any content
 * type), and even Fastify's own refusals (a body over the limit) are answered in the dialect's shape.
 * Callbacks authenticate by signature, never by session: the CSRF check exempts `/api/providers/` for requests
 * without a session cookie (server/http/security.ts).
 */
export async function registerDialect(app: FastifyInstance, db: Kysely<DB>, dialect: DialectRoutes) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

    const answer = async (
      call: string,
      request: CallbackRequest,
      started: number,
      result: CallbackAnswer,
    ) => {
      const ms = performance.now() - started;
      try {
        await recordCallback(db, dialect, call, request, result, ms);
      } catch (err) {
        // The answer still goes out: the money (if any) is committed, and a provider that got no answer would
        // retry a call that was done. The log line says which callback is missing from game_callbacks.
        scope.log.error({ err, provider: dialect.providerCode, call }, "game callback not recorded");
      }
      return result;
    };

    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      const started = performance.now();
      const call = request.routeOptions.url?.slice(dialect.base.length + 1) ?? "unknown";
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const req = { raw, headers: request.headers };
      const own = (error.statusCode ?? 500) >= 500;
      if (own) request.log.error({ err: error }, "game callback failed");
      const result = await answer(call, req, started, own ? dialect.failed(req) : dialect.unreadable(req));
      return reply.code(result.httpStatus).send(result.body);
    });

    for (const [call, handle] of Object.entries(dialect.calls)) {
      scope.post(`${dialect.base}/${call}`, async (request, reply) => {
        const started = performance.now();
        const req = {
          raw: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
        };
        let result: CallbackAnswer;
        try {
          result = await handle(req);
        } catch (err) {
          request.log.error({ err, provider: dialect.providerCode, call }, "game callback failed");
          result = dialect.failed(req);
        }
        await answer(call, req, started, result);
        return reply.code(result.httpStatus).send(result.body);
      });
    }
  });
}

/**
 * The body as JSON, or undefined when it is not JSON (never throws). JSON.parse makes a `__proto__` key an own
 * property, never a prototype, and the dialects' schemas copy only the fields they name.
 */
export function jsonOf(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}
