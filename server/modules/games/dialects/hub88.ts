import { createPublicKey, type KeyObject, verify } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import * as v from "valibot";
import { integer, text } from "../../../../src/domain/text.ts";
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
  walletBonus,
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
 * Hub88's Operator Wallet API (docs/hub88.md sections 1-5): five POSTs under /api/providers/hub88, each signed
 * by Hub88 (RSA-SHA256 over the raw body, base64 in X-Hub88-Signature, verified with HUB88_PUBLIC_KEY before
 * the body is read), each answered HTTP 200 with an `RS_*` status that echoes `request_uuid`. Amounts are
 * Hub88 units: 1 satang = 1,000 units.
 */

export const SIGNATURE_HEADER = "x-hub88-signature";
export const UNITS_PER_SATANG = 1_000n;

export type RsStatus =
  | "RS_OK"
  | "RS_ERROR_UNKNOWN"
  | "RS_ERROR_INVALID_TOKEN"
  | "RS_ERROR_WRONG_CURRENCY"
  | "RS_ERROR_NOT_ENOUGH_MONEY"
  | "RS_ERROR_USER_DISABLED"
  | "RS_ERROR_INVALID_SIGNATURE"
  | "RS_ERROR_TOKEN_EXPIRED"
  | "RS_ERROR_WRONG_SYNTAX"
  | "RS_ERROR_WRONG_TYPES"
  | "RS_ERROR_DUPLICATE_TRANSACTION"
  | "RS_ERROR_TRANSACTION_DOES_NOT_EXIST";

/**
 * Our outcomes as Hub88's statuses. A late bet whose id a rollback already spent is a duplicate (docs/hub88.md
 * 3.6: "the transaction_uuid is already spent, on a rollback"); a win whose bet was rolled back finds no bet.
 */
const STATUS_OF: Record<WalletCode, RsStatus> = {
  OK: "RS_OK",
  INVALID_TOKEN: "RS_ERROR_INVALID_TOKEN",
  TOKEN_EXPIRED: "RS_ERROR_TOKEN_EXPIRED",
  USER_DISABLED: "RS_ERROR_USER_DISABLED",
  NOT_ENOUGH_MONEY: "RS_ERROR_NOT_ENOUGH_MONEY",
  DUPLICATE_TRANSACTION: "RS_ERROR_DUPLICATE_TRANSACTION",
  TOMBSTONED: "RS_ERROR_DUPLICATE_TRANSACTION",
  TRANSACTION_NOT_FOUND: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
  REFERENCE_ROLLED_BACK: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
  WRONG_CURRENCY: "RS_ERROR_WRONG_CURRENCY",
  INVALID_REQUEST: "RS_ERROR_WRONG_SYNTAX",
};

/** True only for a valid base64 RSA-SHA256 signature of exactly these bytes. */
export function hub88Verify(raw: Buffer, signature: string, key: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature.trim())) return false;
  try {
    return verify("sha256", raw, key, Buffer.from(signature.trim(), "base64"));
  } catch {
    return false;
  }
}

const RequestUuid = v.pipe(text(100), v.minLength(1, "requestInvalid"));
const User = v.pipe(text(64), v.minLength(1, "requestInvalid"));
const Token = v.pipe(text(255), v.minLength(1, "requestInvalid"));
/** Part of a ledger idempotency key: printable ASCII without spaces, at most 100 (Hub88 sends UUIDs). */
const TransactionUuid = v.pipe(text(100), v.regex(/^[\x21-\x7e]{1,100}$/, "requestInvalid"));
const Round = v.optional(text(255));
const GameCode = v.optional(text(255));
/** Hub88 units, Int64 ≥ 0 (JSON numbers; within what a double holds exactly). */
const Units = integer(0, Number.MAX_SAFE_INTEGER);
const Flag = v.optional(v.nullable(v.boolean("requestInvalid")));

const InfoBody = v.object({ user: User, request_uuid: RequestUuid });
const BalanceBody = v.object({
  user: v.optional(User),
  request_uuid: RequestUuid,
  token: Token,
  game_code: GameCode,
});
const BetBody = v.object({
  user: User,
  request_uuid: RequestUuid,
  transaction_uuid: TransactionUuid,
  token: Token,
  round: Round,
  game_code: GameCode,
  currency: text(16),
  amount: Units,
  is_free: Flag,
  is_supplier_promo: Flag,
});
const WinBody = v.object({
  ...BetBody.entries,
  token: v.optional(text(255)),
  reference_transaction_uuid: v.optional(TransactionUuid),
});
const RollbackBody = v.object({
  user: User,
  request_uuid: RequestUuid,
  transaction_uuid: TransactionUuid,
  token: v.optional(text(255)),
  round: Round,
  game_code: GameCode,
  reference_transaction_uuid: TransactionUuid,
});

/** The fields the money needs (docs/hub88.md 3.1): missing one is RS_ERROR_WRONG_SYNTAX, a wrong type WRONG_TYPES. */
const ESSENTIAL: Record<string, readonly string[]> = {
  "user/info": ["user", "request_uuid"],
  "user/balance": ["request_uuid", "token"],
  "transaction/bet": ["user", "request_uuid", "transaction_uuid", "token", "currency", "amount"],
  "transaction/win": ["user", "request_uuid", "transaction_uuid", "currency", "amount"],
  "transaction/rollback": ["user", "request_uuid", "transaction_uuid", "reference_transaction_uuid"],
};

/** The request_uuid to echo: the request's own when it is plain text, else "" (a request Hub88 never sends). */
function requestUuidOf(json: unknown): string {
  const value = (json as { request_uuid?: unknown } | null)?.request_uuid;
  return typeof value === "string" && v.is(RequestUuid, value) ? value : "";
}

function bare(status: RsStatus, requestUuid: string, verdict: GameCallbackVerdict = "valid"): CallbackAnswer {
  return { httpStatus: 200, body: { status, request_uuid: requestUuid }, status, verdict };
}

export interface Hub88Deps {
  db: Kysely<DB>;
  provider: WalletProvider;
  /** PEM: Hub88's public key. */
  publicKey: string;
}

export async function hub88Callbacks(app: FastifyInstance, deps: Hub88Deps): Promise<void> {
  const { db, provider } = deps;
  const key = createPublicKey(deps.publicKey);

  /** The standard wallet answer (docs/hub88.md 3.1): user, currency and balance whenever the user is known. */
  const answerOf = (
    result: WalletOutcome,
    requestUuid: string,
    providerTxId?: string,
    info?: Record<string, unknown>,
  ): CallbackAnswer => {
    const status = STATUS_OF[result.code];
    const body: Record<string, unknown> = { status, request_uuid: requestUuid };
    if (result.member) {
      body.user = result.member.uuid;
      if (info) {
        if (status === "RS_OK") Object.assign(body, info);
      } else if (result.balance !== null) {
        body.currency = GAME_CURRENCY;
        body.balance = Number(result.balance * UNITS_PER_SATANG);
      }
    }
    return {
      httpStatus: 200,
      body,
      status,
      verdict: "valid",
      memberId: result.member?.id ?? null,
      providerTxId: providerTxId ?? null,
    };
  };

  const signed =
    <S extends v.GenericSchema>(
      call: string,
      schema: S,
      act: (fields: v.InferOutput<S>, requestUuid: string) => Promise<CallbackAnswer>,
    ): ((request: CallbackRequest) => Promise<CallbackAnswer>) =>
    async (request) => {
      const signature = request.headers[SIGNATURE_HEADER];
      // The verdict comes first and from the raw bytes; the body is read only to echo request_uuid.
      if (typeof signature !== "string" || signature === "")
        return bare("RS_ERROR_INVALID_SIGNATURE", requestUuidOf(jsonOf(request.raw)), "missing");
      if (!hub88Verify(request.raw, signature, key))
        return bare("RS_ERROR_INVALID_SIGNATURE", requestUuidOf(jsonOf(request.raw)), "invalid");
      const json = jsonOf(request.raw);
      const requestUuid = requestUuidOf(json);
      if (json === null || typeof json !== "object" || Array.isArray(json))
        return bare("RS_ERROR_WRONG_SYNTAX", requestUuid);
      const fields = json as Record<string, unknown>;
      if ((ESSENTIAL[call] ?? []).some((name) => fields[name] === undefined || fields[name] === null))
        return bare("RS_ERROR_WRONG_SYNTAX", requestUuid);
      let parsed: v.InferOutput<S>;
      try {
        parsed = parseWith(schema, fields);
      } catch (err) {
        if (err instanceof AppError) return bare("RS_ERROR_WRONG_TYPES", requestUuid);
        throw err;
      }
      return act(parsed, requestUuid);
    };

  await registerDialect(app, db, {
    providerCode: provider.code,
    base: `/api/providers/${provider.code}`,
    calls: {
      "user/info": signed("user/info", InfoBody, async (body, requestUuid) => {
        const result = await walletInfo(db, provider, { user: body.user });
        // No personal data (docs/hub88.md 3.1): who the player is to Hub88 is the uuid and the country.
        return answerOf(result, requestUuid, undefined, { country: "TH" });
      }),
      "user/balance": signed("user/balance", BalanceBody, async (body, requestUuid) =>
        answerOf(await walletBalance(db, provider, { token: body.token, user: body.user }), requestUuid),
      ),
      "transaction/bet": signed("transaction/bet", BetBody, async (body, requestUuid) => {
        const units = BigInt(body.amount);
        // A stake is debited in whole satang; Hub88 does not promise them (docs/hub88.md 2), and a bet refused
        // with anything but NOT_ENOUGH_MONEY is rolled back by Hub88, so nothing is lost by refusing.
        if (units % UNITS_PER_SATANG !== 0n) return bare("RS_ERROR_WRONG_TYPES", requestUuid);
        const free = body.is_free === true || body.is_supplier_promo === true;
        const result = await walletBet(db, provider, {
          user: body.user,
          token: body.token,
          transactionId: body.transaction_uuid,
          roundId: body.round,
          gameCode: body.game_code,
          amount: units / UNITS_PER_SATANG,
          providerAmount: String(units),
          currency: body.currency,
          free,
        });
        return answerOf(result, requestUuid, body.transaction_uuid);
      }),
      "transaction/win": signed("transaction/win", WinBody, async (body, requestUuid) => {
        const promo = body.is_supplier_promo === true;
        if (body.reference_transaction_uuid === undefined && !promo)
          return bare("RS_ERROR_WRONG_SYNTAX", requestUuid);
        const units = BigInt(body.amount);
        const event = {
          user: body.user,
          token: body.token,
          transactionId: body.transaction_uuid,
          betTransactionId: body.reference_transaction_uuid,
          roundId: body.round,
          gameCode: body.game_code,
          // A win in fractions of a satang is paid in whole satang, rounded down; the exact units are kept.
          amount: units / UNITS_PER_SATANG,
          providerAmount: String(units),
          currency: body.currency,
          free: body.is_free === true || promo,
        };
        const result = event.free
          ? await walletBonus(db, provider, event)
          : await walletWin(db, provider, event);
        return answerOf(result, requestUuid, body.transaction_uuid);
      }),
      "transaction/rollback": signed("transaction/rollback", RollbackBody, async (body, requestUuid) =>
        answerOf(
          await walletRollback(db, provider, {
            user: body.user,
            token: body.token,
            transactionId: body.transaction_uuid,
            referenceTransactionId: body.reference_transaction_uuid,
            roundId: body.round,
            gameCode: body.game_code,
          }),
          requestUuid,
          body.transaction_uuid,
        ),
      ),
    },
    unreadable: (request) => bare("RS_ERROR_WRONG_SYNTAX", requestUuidOf(jsonOf(request.raw)), "unchecked"),
    failed: (request) => ({
      ...bare("RS_ERROR_UNKNOWN", requestUuidOf(jsonOf(request.raw)), "unchecked"),
      httpStatus: 500,
    }),
    signatureOf: (headers: IncomingHttpHeaders) => ({
      signature: headerText(headers[SIGNATURE_HEADER]),
      signedAt: null,
    }),
  });
}
