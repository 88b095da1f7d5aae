import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import * as v from "valibot";
import type { LottoupStatus } from "../../../../src/domain/gamePlatform.ts";
import { text } from "../../../../src/domain/text.ts";
import type { DB, GameCallbackVerdict } from "../../../db/schema.ts";
import { AppError } from "../../../http/errors.ts";
import { parseWith } from "../../../http/validate.ts";
import {
  GAME_CURRENCY,
  type WalletCode,
  type WalletOutcome,
  type WalletProvider,
  walletBalance,
  walletBet,
  walletInfo,
  walletRollback,
  walletWin,
} from "../wallet.ts";
import {
  type CallbackAnswer,
  type CallbackRequest,
  headerText,
  jsonOf,
  registerDialect,
} from "./callbacks.ts";

/**
 * The `lottoup` dialect (docs/games.md "The lottoup dialect"): what LOTTOUP Originals speaks, exactly as a
 * third-party provider would. POST JSON to /api/providers/lottoup/<call>, signed with HMAC-SHA256 over
 * "<X-Timestamp>.<raw body>"; a timestamp more than 5 minutes off, a wrong signature or one seen before moves
 * nothing. Amounts are integer satang as decimal strings. Every answer is HTTP 200 with a `status` (500 only
 * when we failed ourselves, so the caller retries: re-signed, since a signature is good once).
 */

export const LOTTOUP_SIGNATURE_WINDOW_MS = 5 * 60_000;
/** Signatures are remembered this long (twice the window: a delivery can be at most 5 minutes early or late). */
export const LOTTOUP_REPLAY_KEEP_MS = 2 * LOTTOUP_SIGNATURE_WINDOW_MS;

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`. */
export function lottoupSignature(secret: string, timestamp: string, raw: Buffer | string): string {
  const body = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
  return `sha256=${mac}`;
}

/** The headers a caller sends with `body` (what Originals, or any provider speaking lottoup, does). */
export function lottoupHeaders(secret: string, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    "content-type": "application/json",
    "x-timestamp": timestamp,
    "x-signature": lottoupSignature(secret, timestamp, body),
  };
}

const Token = v.pipe(text(255), v.minLength(1, "requestInvalid"));
const User = v.pipe(text(64), v.minLength(1, "requestInvalid"));
/** A transaction id: printable ASCII without spaces, at most 100 (it is part of a ledger idempotency key). */
const TransactionId = v.pipe(text(100), v.regex(/^[\x21-\x7e]{1,100}$/, "requestInvalid"));
const RoundId = v.pipe(text(100), v.minLength(1, "requestInvalid"));
const GameCode = v.pipe(text(100), v.minLength(1, "requestInvalid"));
/** Integer satang as a decimal string ("0" for a lost round's win). */
const Satang = v.pipe(text(16), v.regex(/^(0|[1-9]\d{0,14})$/, "AMOUNT_INVALID"));
/** Optional on every call and ignored: makes two otherwise identical requests in one second sign differently. */
const RequestId = v.optional(text(100));
const Currency = v.optional(text(8), GAME_CURRENCY);

const AuthenticateBody = v.object({ token: Token, requestId: RequestId });
const BalanceBody = v.object({ token: Token, user: User, requestId: RequestId });
const BetBody = v.object({
  token: Token,
  user: User,
  transactionId: TransactionId,
  roundId: RoundId,
  gameCode: GameCode,
  amount: v.pipe(
    Satang,
    v.check((x) => x !== "0", "AMOUNT_INVALID"),
  ),
  currency: Currency,
  requestId: RequestId,
});
const WinBody = v.object({
  token: Token,
  user: User,
  transactionId: TransactionId,
  betTransactionId: TransactionId,
  roundId: RoundId,
  gameCode: GameCode,
  amount: Satang,
  roundClosed: v.optional(v.boolean("requestInvalid")),
  currency: Currency,
  requestId: RequestId,
});
const RollbackBody = v.object({
  token: Token,
  user: User,
  transactionId: TransactionId,
  referenceTransactionId: TransactionId,
  roundId: RoundId,
  gameCode: GameCode,
  requestId: RequestId,
});

const STATUS_OF: Record<WalletCode, LottoupStatus> = {
  OK: "OK",
  INVALID_TOKEN: "INVALID_TOKEN",
  TOKEN_EXPIRED: "TOKEN_EXPIRED",
  USER_DISABLED: "USER_DISABLED",
  NOT_ENOUGH_MONEY: "NOT_ENOUGH_MONEY",
  DUPLICATE_TRANSACTION: "DUPLICATE_TRANSACTION",
  TRANSACTION_NOT_FOUND: "TRANSACTION_NOT_FOUND",
  REFERENCE_ROLLED_BACK: "TRANSACTION_ROLLED_BACK",
  TOMBSTONED: "TRANSACTION_ROLLED_BACK",
  WRONG_CURRENCY: "WRONG_CURRENCY",
  INVALID_REQUEST: "INVALID_REQUEST",
};

const plain = (status: LottoupStatus, verdict: GameCallbackVerdict = "valid"): CallbackAnswer => ({
  httpStatus: 200,
  body: { status },
  status,
  verdict,
});

/** The wallet's outcome as the dialect answers it: the balance whenever the member is known. */
function answerOf(
  result: WalletOutcome,
  extra: Record<string, unknown>,
  providerTxId?: string,
): CallbackAnswer {
  const status = STATUS_OF[result.code];
  const body: Record<string, unknown> = { status };
  if (result.balance !== null) body.balance = String(result.balance);
  if (status === "OK") Object.assign(body, extra);
  if (status === "OK" && result.transactionId !== null) body.transactionId = String(result.transactionId);
  return {
    httpStatus: 200,
    body,
    status,
    verdict: "valid",
    memberId: result.member?.id ?? null,
    providerTxId: providerTxId ?? null,
  };
}

/** The request's fields by a schema, or undefined (INVALID_REQUEST) for a body that is not of that shape. */
function fieldsOf<S extends v.GenericSchema>(schema: S, raw: Buffer): v.InferOutput<S> | undefined {
  const json = jsonOf(raw);
  if (json === null || typeof json !== "object" || Array.isArray(json)) return undefined;
  try {
    return parseWith(schema, json);
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}

export interface LottoupDeps {
  db: Kysely<DB>;
  provider: WalletProvider;
  secret: string;
}

/**
 * The signature, its time and its novelty, in that order: a forged request learns nothing about our clock or
 * cache, and a replayed one is refused before it is read.
 */
async function verify(deps: LottoupDeps, request: CallbackRequest): Promise<CallbackAnswer | null> {
  const timestamp = request.headers["x-timestamp"];
  const signature = request.headers["x-signature"];
  if (typeof timestamp !== "string" || typeof signature !== "string" || timestamp === "" || signature === "")
    return plain("INVALID_SIGNATURE", "missing");
  const expected = Buffer.from(lottoupSignature(deps.secret, timestamp, request.raw));
  const given = Buffer.from(signature);
  if (!/^\d{1,12}$/.test(timestamp) || given.length !== expected.length || !timingSafeEqual(given, expected))
    return plain("INVALID_SIGNATURE", "invalid");
  const signedAt = new Date(Number(timestamp) * 1000);
  if (Math.abs(Date.now() - signedAt.getTime()) > LOTTOUP_SIGNATURE_WINDOW_MS)
    return plain("SIGNATURE_EXPIRED", "expired");
  await deps.db
    .deleteFrom("game_callback_replays")
    .where("received_at", "<", sql<Date>`now() - make_interval(secs => ${LOTTOUP_REPLAY_KEEP_MS / 1000})`)
    .execute();
  const first = await deps.db
    .insertInto("game_callback_replays")
    .values({ provider_code: deps.provider.code, signature, signed_at: signedAt })
    .onConflict((oc) => oc.columns(["provider_code", "signature"]).doNothing())
    .returning("signature")
    .executeTakeFirst();
  return first ? null : plain("REPLAYED", "replayed");
}

export async function lottoupCallbacks(app: FastifyInstance, deps: LottoupDeps): Promise<void> {
  const { db, provider } = deps;
  const signed =
    <S extends v.GenericSchema>(
      schema: S,
      act: (fields: v.InferOutput<S>) => Promise<CallbackAnswer>,
    ): ((request: CallbackRequest) => Promise<CallbackAnswer>) =>
    async (request) => {
      const refused = await verify(deps, request);
      if (refused) return refused;
      const fields = fieldsOf(schema, request.raw);
      return fields === undefined ? plain("INVALID_REQUEST") : act(fields);
    };

  await registerDialect(app, db, {
    providerCode: provider.code,
    base: `/api/providers/${provider.code}`,
    calls: {
      authenticate: signed(AuthenticateBody, async (body) => {
        const result = await walletInfo(db, provider, { token: body.token });
        return answerOf(result, { user: result.member?.uuid, currency: GAME_CURRENCY });
      }),
      balance: signed(BalanceBody, async (body) =>
        answerOf(await walletBalance(db, provider, { token: body.token, user: body.user }), {}),
      ),
      bet: signed(BetBody, async (body) =>
        answerOf(
          await walletBet(db, provider, {
            user: body.user,
            token: body.token,
            transactionId: body.transactionId,
            roundId: body.roundId,
            gameCode: body.gameCode,
            amount: BigInt(body.amount),
            providerAmount: body.amount,
            currency: body.currency,
          }),
          {},
          body.transactionId,
        ),
      ),
      win: signed(WinBody, async (body) =>
        answerOf(
          await walletWin(db, provider, {
            user: body.user,
            token: body.token,
            transactionId: body.transactionId,
            betTransactionId: body.betTransactionId,
            roundId: body.roundId,
            gameCode: body.gameCode,
            amount: BigInt(body.amount),
            providerAmount: body.amount,
            currency: body.currency,
          }),
          {},
          body.transactionId,
        ),
      ),
      rollback: signed(RollbackBody, async (body) =>
        answerOf(
          await walletRollback(db, provider, {
            user: body.user,
            token: body.token,
            transactionId: body.transactionId,
            referenceTransactionId: body.referenceTransactionId,
            roundId: body.roundId,
            gameCode: body.gameCode,
          }),
          {},
          body.transactionId,
        ),
      ),
    },
    unreadable: () => plain("INVALID_REQUEST", "unchecked"),
    failed: () => ({ ...plain("UNKNOWN_ERROR", "unchecked"), httpStatus: 500 }),
    signatureOf: (headers: IncomingHttpHeaders) => ({
      signature: headerText(headers["x-signature"]),
      signedAt: headerText(headers["x-timestamp"], 40),
    }),
  });
}
