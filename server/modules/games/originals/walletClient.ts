import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { LOTTOUP_STATUSES, type LottoupStatus } from "../../../../src/domain/gamePlatform.ts";

/**
 * The LOTTOUP Originals provider's side of the `lottoup` wallet dialect (docs/games.md "The `lottoup` dialect"):
 * every money event is a signed JSON POST to the operator's `/api/providers/lottoup/<path>`, exactly as a
 * third-party provider would send it. Nothing here touches the database or the ledger: the provider knows the
 * operator's wallet only through these answers.
 *
 * Signature: `X-Timestamp: <Unix seconds>` and `X-Signature: sha256=<hex HMAC-SHA256 of "<X-Timestamp>.<raw
 * body>">`, keyed with the UTF-8 bytes of the provider secret. The secret is derived from SESSION_SECRET
 * (originalsWalletSecret), so no new setting is needed; the operator side verifies with the same function.
 */

/** The label the Originals wallet secret is derived under; a new label is a new secret (v2 on rotation). */
export const ORIGINALS_WALLET_SECRET_LABEL = "originals-wallet-v1";

/**
 * The shared secret of the Originals provider and the operator's `lottoup` dialect: lowercase hex
 * HMAC-SHA256(SESSION_SECRET, "originals-wallet-v1"). Derived, not configured: both sides run in one process with
 * one SESSION_SECRET, and the derivation keeps the session-signing key itself off the wire's MAC.
 */
export function originalsWalletSecret(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update(ORIGINALS_WALLET_SECRET_LABEL).digest("hex");
}

export const TIMESTAMP_HEADER = "x-timestamp";
export const SIGNATURE_HEADER = "x-signature";

/** `sha256=<hex>` of HMAC-SHA256 over `${timestamp}.${rawBody}`, keyed with the secret's UTF-8 bytes. */
export function lottoupSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

// The dialect's statuses are its published contract (src/domain/gamePlatform.ts), shared with the operator side.
export type LottoupRefusal = Exclude<LottoupStatus, "OK">;

/**
 * Refusals of a bet that prove nothing was debited (docs/games.md rule 2 and 7: a refusal is clean, an unsigned,
 * mis-signed or replayed request moves nothing). Any other outcome of a bet (UNKNOWN_ERROR, an answer that is not
 * the dialect's, an HTTP error, a timeout, a broken connection) leaves its fate unknown, and the bet is rolled back.
 */
export const DEFINITIVE_BET_REFUSALS: ReadonlySet<LottoupStatus> = new Set<LottoupStatus>([
  "INVALID_SIGNATURE",
  "SIGNATURE_EXPIRED",
  "REPLAYED",
  "INVALID_TOKEN",
  "TOKEN_EXPIRED",
  "USER_DISABLED",
  "NOT_ENOUGH_MONEY",
  "DUPLICATE_TRANSACTION",
  "TRANSACTION_ROLLED_BACK",
  "WRONG_CURRENCY",
  "INVALID_REQUEST",
]);

/**
 * What a callback came to: the dialect's OK with its fields, a refusal (a dialect status other than OK), or
 * unknown: no dialect answer at all (timeout, network, HTTP 5xx, a body that is not the dialect's).
 */
export type WalletOutcome<T> =
  | { kind: "ok"; value: T }
  | { kind: "refused"; status: LottoupRefusal; balance: bigint | null }
  | { kind: "unknown"; reason: string };

export interface AuthenticateAnswer {
  user: string;
  currency: string;
  balance: bigint;
}

export interface MoneyAnswer {
  balance: bigint;
  transactionId: string;
}

export interface BetCall {
  token: string;
  user: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  /** Satang. */
  amount: bigint;
}

export interface WinCall extends BetCall {
  betTransactionId: string;
  roundClosed: boolean;
}

export interface RollbackCall {
  token: string;
  user: string;
  transactionId: string;
  referenceTransactionId: string;
  roundId: string;
  gameCode: string;
}

export interface WalletClient {
  authenticate(token: string): Promise<WalletOutcome<AuthenticateAnswer>>;
  balance(token: string, user: string): Promise<WalletOutcome<{ balance: bigint }>>;
  bet(call: BetCall): Promise<WalletOutcome<MoneyAnswer>>;
  win(call: WinCall): Promise<WalletOutcome<MoneyAnswer>>;
  rollback(call: RollbackCall): Promise<WalletOutcome<MoneyAnswer>>;
}

/** One HTTP exchange: the transport never interprets the body. */
export interface WalletHttpRequest {
  /** Path under the base, e.g. `/api/providers/lottoup/bet`. */
  path: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export interface WalletHttpResponse {
  status: number;
  body: string;
}

/** Sends one request; rejects on a timeout or a network error (the caller treats both as "no answer"). */
export type WalletTransport = (request: WalletHttpRequest) => Promise<WalletHttpResponse>;

export const LOTTOUP_CALLBACK_BASE = "/api/providers/lottoup";

/** Answers larger than this are not the dialect's (they are a few hundred bytes). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface HttpTransportOptions {
  /**
   * Where the operator listens, e.g. `http://127.0.0.1:8080` (no path). A function is asked on every call: the
   * embedded provider's default is the server's own listening address, known only once it listens.
   */
  baseUrl: string | (() => string);
  /**
   * The Host header sent. The operator's host allow-list (ALLOWED_HOSTS) refuses a Host it does not serve, and a
   * call to 127.0.0.1 would otherwise say `127.0.0.1:<port>`; so the embedded provider names one of the site's
   * hosts. Default: the base URL's own host. (fetch cannot set Host, hence node:http.)
   */
  hostHeader?: string | (() => string) | undefined;
}

export interface HttpTransport extends WalletTransport {
  /** Closes the kept-alive connections. */
  close(): void;
}

/** POSTs over node:http(s) with keep-alive, a per-request timeout and a cap on the answer's size. */
export function httpTransport(options: HttpTransportOptions): HttpTransport {
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: 32 }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: 32 }),
  };
  const send: WalletTransport = (request) =>
    new Promise<WalletHttpResponse>((resolve, reject) => {
      let url: URL;
      try {
        const base = typeof options.baseUrl === "function" ? options.baseUrl() : options.baseUrl;
        url = new URL(`${base.replace(/\/+$/, "")}${request.path}`);
      } catch (err) {
        reject(err);
        return;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        reject(new Error(`not an http(s) URL: ${url.protocol}`));
        return;
      }
      const host = typeof options.hostHeader === "function" ? options.hostHeader() : options.hostHeader;
      const body = Buffer.from(request.body, "utf8");
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(
        url,
        {
          method: "POST",
          agent: agents[url.protocol],
          headers: {
            ...request.headers,
            ...(host ? { host } : {}),
            "content-length": String(body.length),
          },
          signal: AbortSignal.timeout(request.timeoutMs),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) {
              res.destroy(new Error("answer too large"));
              return;
            }
            chunks.push(chunk);
          });
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
          );
          res.on("error", reject);
          res.on("close", () => {
            if (!res.complete) reject(new Error("answer cut short"));
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  return Object.assign(send, {
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  });
}

export interface WalletClientOptions {
  secret: string;
  transport: WalletTransport;
  /** Per call; a bet not answered in time is rolled back. */
  timeoutMs: number;
  /** Unix milliseconds (tests move the clock). */
  now?: () => number;
}

const DECIMAL = /^-?\d{1,19}$/;

function amountOf(value: unknown): bigint | null {
  return typeof value === "string" && DECIMAL.test(value) ? BigInt(value) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStatus(value: unknown): value is LottoupStatus {
  return typeof value === "string" && (LOTTOUP_STATUSES as readonly string[]).includes(value);
}

/**
 * The dialect's answer in an HTTP response, or why it is none. Answers are HTTP 200; a 4xx carrying a dialect
 * status is taken as that status too (a generic error to a request the operator could not parse), while a 5xx or a
 * body without a dialect status is no answer: the request's fate is unknown.
 */
function dialectAnswer(response: WalletHttpResponse): Record<string, unknown> | string {
  if (response.status >= 500 || response.status < 200) return `HTTP ${response.status}`;
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    return `HTTP ${response.status}, not JSON`;
  }
  if (!isRecord(json) || !isStatus(json.status)) return `HTTP ${response.status}, no dialect status`;
  if (response.status !== 200 && json.status === "OK") return `HTTP ${response.status} with OK`;
  return json;
}

/**
 * The signed-POST client of the `lottoup` dialect.
 *
 * The operator refuses a signature it has seen before (REPLAYED), and a signature is a function of the second and
 * the body: so every request carries a fresh `requestId` (the dialect's optional, ignored field), and two
 * otherwise identical requests in one second (two session opens, a win resent right after it was lost) still
 * sign differently. The operator's idempotency looks at the money fields only, so a resent win with a new
 * requestId is the same transaction. A REPLAYED answer nonetheless (nothing moved) is sent again, once.
 */
export function createWalletClient(options: WalletClientOptions): WalletClient {
  const now = options.now ?? Date.now;

  async function call<T>(
    path: string,
    payload: Record<string, unknown>,
    readOk: (answer: Record<string, unknown>) => T | null,
    replayed = false,
  ): Promise<WalletOutcome<T>> {
    const body = JSON.stringify({ ...payload, requestId: randomUUID() });
    const timestamp = String(Math.floor(now() / 1000));
    let response: WalletHttpResponse;
    try {
      response = await options.transport({
        path: `${LOTTOUP_CALLBACK_BASE}/${path}`,
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: lottoupSignature(options.secret, timestamp, body),
        },
        body,
        timeoutMs: options.timeoutMs,
      });
    } catch (err) {
      const error = err as Error;
      return {
        kind: "unknown",
        reason: error.name === "TimeoutError" || error.name === "AbortError" ? "timeout" : error.message,
      };
    }
    const answer = dialectAnswer(response);
    if (typeof answer === "string") return { kind: "unknown", reason: answer };
    if (answer.status === "REPLAYED" && !replayed) return call(path, payload, readOk, true);
    if (answer.status !== "OK") {
      return {
        kind: "refused",
        status: answer.status as LottoupRefusal,
        balance: amountOf(answer.balance),
      };
    }
    const value = readOk(answer);
    return value === null
      ? { kind: "unknown", reason: `${path}: OK without the dialect's fields` }
      : { kind: "ok", value };
  }

  const money = (answer: Record<string, unknown>): MoneyAnswer | null => {
    const balance = amountOf(answer.balance);
    return balance === null
      ? null
      : {
          balance,
          transactionId: typeof answer.transactionId === "string" ? answer.transactionId : "",
        };
  };

  return {
    authenticate: (token) =>
      call("authenticate", { token }, (answer) => {
        const balance = amountOf(answer.balance);
        const { user, currency } = answer;
        if (typeof user !== "string" || typeof currency !== "string" || balance === null) return null;
        return { user, currency, balance };
      }),
    balance: (token, user) =>
      call("balance", { token, user }, (answer) => {
        const balance = amountOf(answer.balance);
        return balance === null ? null : { balance };
      }),
    bet: (c) =>
      call(
        "bet",
        {
          token: c.token,
          user: c.user,
          transactionId: c.transactionId,
          roundId: c.roundId,
          gameCode: c.gameCode,
          amount: String(c.amount),
        },
        money,
      ),
    win: (c) =>
      call(
        "win",
        {
          token: c.token,
          user: c.user,
          transactionId: c.transactionId,
          betTransactionId: c.betTransactionId,
          roundId: c.roundId,
          gameCode: c.gameCode,
          amount: String(c.amount),
          roundClosed: c.roundClosed,
        },
        money,
      ),
    rollback: (c) =>
      call(
        "rollback",
        {
          token: c.token,
          user: c.user,
          transactionId: c.transactionId,
          referenceTransactionId: c.referenceTransactionId,
          roundId: c.roundId,
          gameCode: c.gameCode,
        },
        money,
      ),
  };
}
