/**
 * The stand-in's side of Hub88's Wallet API: it calls the operator's wallet as Hub88 does (signed JSON POSTs,
 * answers checked for Hub88's shape), and keeps its own books of what it believes moved. Shared by the stand-in's
 * game pages (app.ts) and the programmatic driver (driver.ts); never by the product.
 */
import type { KeyObject } from "node:crypto";
import { loadPrivateKey, type PemOrKey, SIGNATURE_HEADER, signBody } from "./signature.ts";

export const WALLET_PATHS = {
  info: "/user/info",
  balance: "/user/balance",
  bet: "/transaction/bet",
  win: "/transaction/win",
  rollback: "/transaction/rollback",
} as const;

export type WalletCall = keyof typeof WALLET_PATHS;

/** 1 unit = 0.00001 of the currency: 1 baht = 100,000 units, 1 satang = 1,000 units. */
export const UNITS_PER_CURRENCY_UNIT = 100_000;
export const UNITS_PER_SATANG = 1_000;

/** The statuses of Hub88's operator-side table, plus RS_ERROR_LIMIT_REACHED named by its retry rule. */
export const RS_STATUSES = [
  "RS_OK",
  "RS_ERROR_UNKNOWN",
  "RS_ERROR_INVALID_PARTNER",
  "RS_ERROR_INVALID_TOKEN",
  "RS_ERROR_INVALID_GAME",
  "RS_ERROR_WRONG_CURRENCY",
  "RS_ERROR_NOT_ENOUGH_MONEY",
  "RS_ERROR_USER_DISABLED",
  "RS_ERROR_INVALID_SIGNATURE",
  "RS_ERROR_TOKEN_EXPIRED",
  "RS_ERROR_WRONG_SYNTAX",
  "RS_ERROR_WRONG_TYPES",
  "RS_ERROR_DUPLICATE_TRANSACTION",
  "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
  "RS_ERROR_LIMIT_REACHED",
] as const;

export type RsStatus = (typeof RS_STATUSES)[number];

/** A bet refused with one of these is not rolled back by Hub88; any other non-RS_OK outcome is. */
export const BET_REFUSALS_WITHOUT_ROLLBACK: readonly string[] = [
  "RS_ERROR_NOT_ENOUGH_MONEY",
  "RS_ERROR_LIMIT_REACHED",
];

/** The answer to /user/balance and /transaction/*. */
export interface Hub88WalletAnswer {
  status: RsStatus;
  request_uuid: string;
  user?: string;
  currency?: string;
  balance?: number;
}

/** The answer to /user/info. */
export interface Hub88UserInfoAnswer {
  status: RsStatus;
  request_uuid: string;
  user?: string;
  country?: string;
  jurisdiction?: string;
  sub_partner_id?: string;
  birth_date?: string;
  registration_date?: string;
  tags?: string[];
  sex?: string;
  affiliate_id?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const CURRENCY = /^[A-Za-z]{3,8}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Why `value` is not a Wallet API answer of Hub88's shape (null when it is). With `requestUuid`, the answer must
 * echo it. RS_OK answers must carry user, currency and an integer balance; RS_ERROR_NOT_ENOUGH_MONEY must carry
 * the balance; other errors may carry them, typed correctly.
 */
export function explainHub88WalletAnswer(value: unknown, requestUuid?: string): string | null {
  if (!isRecord(value)) return "the answer is not a JSON object";
  const { status, request_uuid, user, currency, balance } = value;
  if (typeof status !== "string" || !(RS_STATUSES as readonly string[]).includes(status)) {
    return `status ${JSON.stringify(status)} is not one of Hub88's RS_* statuses`;
  }
  if (typeof request_uuid !== "string" || request_uuid.length === 0) return "request_uuid is missing";
  if (requestUuid !== undefined && request_uuid !== requestUuid) {
    return `request_uuid ${request_uuid} does not echo the request's ${requestUuid}`;
  }
  const needsAll = status === "RS_OK";
  const needsBalance = needsAll || status === "RS_ERROR_NOT_ENOUGH_MONEY";
  if (user !== undefined || needsAll) {
    if (typeof user !== "string" || user.length === 0) return "user is missing or not a string";
  }
  if (currency !== undefined || needsAll) {
    if (typeof currency !== "string" || !CURRENCY.test(currency)) return "currency is missing or not a code";
  }
  if (balance !== undefined || needsBalance) {
    if (typeof balance !== "number" || !Number.isSafeInteger(balance)) {
      return "balance is missing or not an integer (units of 0.00001)";
    }
  }
  return null;
}

export function isHub88WalletAnswer(value: unknown, requestUuid?: string): value is Hub88WalletAnswer {
  return explainHub88WalletAnswer(value, requestUuid) === null;
}

/** Why `value` is not a /user/info answer of Hub88's shape (null when it is). */
export function explainHub88UserInfoAnswer(value: unknown, requestUuid?: string): string | null {
  if (!isRecord(value)) return "the answer is not a JSON object";
  const { status, request_uuid } = value;
  if (typeof status !== "string" || !(RS_STATUSES as readonly string[]).includes(status)) {
    return `status ${JSON.stringify(status)} is not one of Hub88's RS_* statuses`;
  }
  if (typeof request_uuid !== "string" || request_uuid.length === 0) return "request_uuid is missing";
  if (requestUuid !== undefined && request_uuid !== requestUuid) return "request_uuid is not echoed";
  if (status !== "RS_OK") return null;
  if (typeof value.user !== "string" || value.user.length === 0) return "user is missing";
  if (typeof value.country !== "string" || !/^[A-Z]{2}$/.test(value.country))
    return "country is not ISO 3166-1";
  for (const key of ["jurisdiction", "sub_partner_id", "sex", "affiliate_id"] as const) {
    if (value[key] !== undefined && value[key] !== null && typeof value[key] !== "string") {
      return `${key} is not a string`;
    }
  }
  for (const key of ["birth_date", "registration_date"] as const) {
    const date = value[key];
    if (date !== undefined && date !== null && (typeof date !== "string" || !DATE.test(date))) {
      return `${key} is not YYYY-MM-DD`;
    }
  }
  if (value.sex !== undefined && value.sex !== null && value.sex !== "MALE" && value.sex !== "FEMALE") {
    return "sex is not MALE or FEMALE";
  }
  const { tags } = value;
  if (
    tags !== undefined &&
    tags !== null &&
    !(Array.isArray(tags) && tags.every((t) => typeof t === "string"))
  ) {
    return "tags is not a list of strings";
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Calling the operator's wallet

/** A call made ready once: the exact bytes and their signature, so that a retry sends the same request. */
export interface PreparedCall {
  call: WalletCall;
  body: Record<string, unknown>;
  raw: string;
  signature: string;
  requestUuid: string;
  transactionUuid: string | undefined;
}

export type CallOutcome = "answered" | "timeout" | "network" | "http" | "malformed";

export interface SendResult {
  outcome: CallOutcome;
  /** Set when outcome is "answered": the parsed, shape-checked answer. */
  answer?: Hub88WalletAnswer | Hub88UserInfoAnswer;
  httpStatus?: number;
  /** What was wrong with a "malformed" or "http" answer, or the network error. */
  error?: string;
  /** The raw text of the answer (malformed/http only). */
  text?: string;
  ms: number;
}

export interface CallRecord extends SendResult {
  seq: number;
  call: WalletCall;
  requestUuid: string;
  transactionUuid: string | undefined;
  attempt: number;
  at: string;
  body: Record<string, unknown>;
}

export interface SendOptions {
  /** Give up waiting after this long (Hub88 then treats the call as lost). */
  timeoutMs?: number;
  /** Chaos: abort the request after this long whatever happens (the operator may or may not have processed it). */
  abortAfterMs?: number;
  attempt?: number;
}

export interface RetryOptions extends SendOptions {
  maxAttempts?: number;
  /** Delay before attempt n+1 (n counts from 1). */
  delayMs?: (attempt: number) => number;
}

export interface WalletCallerOptions {
  walletUrl: string;
  hub88PrivateKey: PemOrKey;
  timeoutMs?: number;
  /** Sees every attempt (for the books and the driver's answer log). */
  onRecord?: (record: CallRecord) => void;
}

export interface WalletCaller {
  prepare(call: WalletCall, body: Record<string, unknown>): PreparedCall;
  send(prepared: PreparedCall, options?: SendOptions): Promise<SendResult>;
  /** Sends the same bytes again until a Wallet API answer comes back (or the attempts run out). */
  sendUntilAnswered(
    prepared: PreparedCall,
    options?: RetryOptions,
  ): Promise<SendResult & { attempts: number }>;
}

export const defaultRetryDelay = (attempt: number): number => Math.min(100 * 2 ** (attempt - 1), 2_000);

export function createWalletCaller(options: WalletCallerOptions): WalletCaller {
  const base = options.walletUrl.replace(/\/+$/, "");
  const key: KeyObject =
    typeof options.hub88PrivateKey === "string"
      ? loadPrivateKey(options.hub88PrivateKey)
      : options.hub88PrivateKey;
  const defaultTimeout = options.timeoutMs ?? 5_000;
  let seq = 0;

  function prepare(call: WalletCall, body: Record<string, unknown>): PreparedCall {
    const raw = JSON.stringify(body);
    return {
      call,
      body,
      raw,
      signature: signBody(raw, key),
      requestUuid: String(body.request_uuid),
      transactionUuid: typeof body.transaction_uuid === "string" ? body.transaction_uuid : undefined,
    };
  }

  async function send(prepared: PreparedCall, sendOptions: SendOptions = {}): Promise<SendResult> {
    const started = performance.now();
    const controller = new AbortController();
    const timeoutMs = sendOptions.timeoutMs ?? defaultTimeout;
    let timedOut = false;
    const wait = Math.min(timeoutMs, sendOptions.abortAfterMs ?? Number.POSITIVE_INFINITY);
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, wait);
    let result: SendResult;
    try {
      const response = await fetch(`${base}${WALLET_PATHS[prepared.call]}`, {
        method: "POST",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: prepared.signature },
        body: prepared.raw,
        signal: controller.signal,
      });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) {
        result = { outcome: "http", httpStatus: response.status, text: text.slice(0, 500), ms };
      } else {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const problem =
          prepared.call === "info"
            ? explainHub88UserInfoAnswer(parsed, prepared.requestUuid)
            : explainHub88WalletAnswer(parsed, prepared.requestUuid);
        result =
          problem === null
            ? { outcome: "answered", httpStatus: 200, answer: parsed as Hub88WalletAnswer, ms }
            : { outcome: "malformed", httpStatus: 200, error: problem, text: text.slice(0, 500), ms };
      }
    } catch (error) {
      const ms = performance.now() - started;
      result = timedOut
        ? { outcome: "timeout", ms }
        : { outcome: "network", error: error instanceof Error ? error.message : String(error), ms };
    } finally {
      clearTimeout(timer);
    }
    seq += 1;
    options.onRecord?.({
      ...result,
      seq,
      call: prepared.call,
      requestUuid: prepared.requestUuid,
      transactionUuid: prepared.transactionUuid,
      attempt: sendOptions.attempt ?? 1,
      at: new Date().toISOString(),
      body: prepared.body,
    });
    return result;
  }

  async function sendUntilAnswered(
    prepared: PreparedCall,
    retry: RetryOptions = {},
  ): Promise<SendResult & { attempts: number }> {
    const maxAttempts = retry.maxAttempts ?? 50;
    const delayMs = retry.delayMs ?? defaultRetryDelay;
    let attempt = retry.attempt ?? 1;
    for (;;) {
      const sendOptions: SendOptions = { attempt };
      if (retry.timeoutMs !== undefined) sendOptions.timeoutMs = retry.timeoutMs;
      // Chaos applies to the first delivery only: the retries are Hub88's own.
      if (attempt === (retry.attempt ?? 1) && retry.abortAfterMs !== undefined) {
        sendOptions.abortAfterMs = retry.abortAfterMs;
      }
      const result = await send(prepared, sendOptions);
      if (result.outcome === "answered" || attempt >= maxAttempts) return { ...result, attempts: attempt };
      await new Promise((resolve) => setTimeout(resolve, delayMs(attempt)));
      attempt += 1;
    }
  }

  return { prepare, send, sendUntilAnswered };
}

// ---------------------------------------------------------------------------------------------------------
// The books

type TxState = "accepted" | "refused" | "unknown" | "not-sent";

interface TxRecord {
  kind: "bet" | "win" | "rollback";
  user: string;
  amount: number;
  reference: string | undefined;
  state: TxState;
  statuses: string[];
  /** A bet cancelled by an acknowledged rollback that came after the bet was sent. */
  rolledBack: boolean;
  /** A rollback arrived (and was acknowledged) before this transaction was ever sent. */
  tombstoned: boolean;
  round: string | undefined;
}

export interface UserBooks {
  /** Units taken from the player by accepted bets. */
  acceptedBets: number;
  /** Units paid to the player by accepted wins. */
  acceptedWins: number;
  /** Units of accepted bets given back by acknowledged rollbacks. */
  rolledBackBets: number;
  /** What the stand-in believes left the player's wallet: bets − wins − rolled back bets. */
  net: number;
  /** Transactions whose effect the stand-in does not know (no answer and no acknowledged rollback). */
  unresolved: number;
}

export interface BooksSnapshot {
  users: Record<string, UserBooks>;
  calls: { total: number; byCall: Record<string, number>; byOutcome: Record<string, number> };
  statuses: Record<string, number>;
  transactions: number;
  rounds: number;
  log?: CallRecord[];
}

/** What the stand-in believes happened, from the answers it got (not from the operator's side). */
export class Books {
  private readonly txs = new Map<string, TxRecord>();
  private readonly roundTxs = new Map<string, { user: string; gameCode: string; txs: string[] }>();
  private readonly log: CallRecord[] = [];
  private readonly keepLog: boolean;
  private readonly counters = {
    total: 0,
    byCall: {} as Record<string, number>,
    byOutcome: {} as Record<string, number>,
    statuses: {} as Record<string, number>,
  };

  constructor(options: { keepLog?: boolean } = {}) {
    this.keepLog = options.keepLog ?? true;
  }

  /** Pass as the caller's onRecord. */
  readonly record = (record: CallRecord): void => {
    this.counters.total += 1;
    this.counters.byCall[record.call] = (this.counters.byCall[record.call] ?? 0) + 1;
    this.counters.byOutcome[record.outcome] = (this.counters.byOutcome[record.outcome] ?? 0) + 1;
    if (record.answer) {
      const status = record.answer.status;
      this.counters.statuses[status] = (this.counters.statuses[status] ?? 0) + 1;
    }
    if (this.keepLog) this.log.push(record);
  };

  noteRound(round: string, user: string, gameCode: string, transactionUuid: string): void {
    const entry = this.roundTxs.get(round) ?? { user, gameCode, txs: [] };
    if (!entry.txs.includes(transactionUuid)) entry.txs.push(transactionUuid);
    this.roundTxs.set(round, entry);
  }

  round(round: string): { user: string; gameCode: string; calls: CallRecord[] } | undefined {
    const entry = this.roundTxs.get(round);
    if (!entry) return undefined;
    const calls = this.log.filter(
      (c) => c.transactionUuid !== undefined && entry.txs.includes(c.transactionUuid),
    );
    return { user: entry.user, gameCode: entry.gameCode, calls };
  }

  private entry(tx: string, kind: TxRecord["kind"], user: string): TxRecord {
    let record = this.txs.get(tx);
    if (!record) {
      record = {
        kind,
        user,
        amount: 0,
        reference: undefined,
        state: "not-sent",
        statuses: [],
        rolledBack: false,
        tombstoned: false,
        round: undefined,
      };
      this.txs.set(tx, record);
    }
    return record;
  }

  private settle(record: TxRecord, result: SendResult): void {
    if (result.outcome === "answered" && result.answer) {
      record.statuses.push(result.answer.status);
      if (result.answer.status === "RS_OK") record.state = "accepted";
      else if (record.state !== "accepted") record.state = "refused";
    } else if (record.state === "not-sent") {
      record.state = "unknown";
    }
  }

  /** A delivery of a bet (first, duplicate or late) and what came back. */
  bet(tx: string, user: string, amount: number, round: string | undefined, result: SendResult): void {
    const record = this.entry(tx, "bet", user);
    record.kind = "bet";
    record.user = user;
    record.amount = amount;
    record.round = round;
    this.settle(record, result);
  }

  win(tx: string, user: string, amount: number, reference: string, result: SendResult): void {
    const record = this.entry(tx, "win", user);
    record.amount = amount;
    record.reference = reference;
    this.settle(record, result);
  }

  rollback(tx: string, user: string, reference: string, result: SendResult): void {
    const record = this.entry(tx, "rollback", user);
    record.reference = reference;
    this.settle(record, result);
    if (result.outcome !== "answered" || result.answer?.status !== "RS_OK") return;
    const target = this.entry(reference, "bet", user);
    if (target.state === "not-sent") target.tombstoned = true;
    else target.rolledBack = true;
  }

  /** True when a rollback was acknowledged for this transaction before it was sent. */
  isTombstoned(tx: string): boolean {
    return this.txs.get(tx)?.tombstoned ?? false;
  }

  snapshot(options: { withLog?: boolean } = {}): BooksSnapshot {
    const users: Record<string, UserBooks> = {};
    const of = (user: string): UserBooks => {
      users[user] ??= { acceptedBets: 0, acceptedWins: 0, rolledBackBets: 0, net: 0, unresolved: 0 };
      return users[user];
    };
    for (const tx of this.txs.values()) {
      const books = of(tx.user);
      if (tx.kind === "bet") {
        if (tx.state === "accepted") {
          books.acceptedBets += tx.amount;
          if (tx.rolledBack) books.rolledBackBets += tx.amount;
        } else if (tx.state === "unknown" && !tx.rolledBack) {
          books.unresolved += 1;
        }
      } else if (tx.kind === "win") {
        if (tx.state === "accepted") books.acceptedWins += tx.amount;
        else if (tx.state === "unknown") books.unresolved += 1;
      } else if (tx.state === "unknown") {
        books.unresolved += 1;
      }
    }
    for (const books of Object.values(users)) {
      books.net = books.acceptedBets - books.acceptedWins - books.rolledBackBets;
    }
    const snapshot: BooksSnapshot = {
      users,
      calls: {
        total: this.counters.total,
        byCall: { ...this.counters.byCall },
        byOutcome: { ...this.counters.byOutcome },
      },
      statuses: { ...this.counters.statuses },
      transactions: this.txs.size,
      rounds: this.roundTxs.size,
    };
    if (options.withLog ?? true) snapshot.log = [...this.log];
    return snapshot;
  }
}
