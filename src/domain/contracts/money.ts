import * as v from "valibot";
import { text } from "../text.ts";
import type { TransactionGroup } from "../transactionTypes.ts";
import type { DepositChannel, DepositStatus, MemberBankStatus, WithdrawalStatus } from "../wallet.ts";
import { type Baht, Id, IdempotencyKey, type IsoTime } from "./common.ts";

/**
 * The money calls the app makes (docs/wallet-api.md): what each request carries and what each answer holds.
 * The server parses every body with these schemas and builds every answer as these types; the app sends and
 * reads the same. Amount fields are `unknown` here on purpose: every amount goes through the one amount grammar
 * (parseAmount in src/domain/wallet.ts), which answers AMOUNT_INVALID with its own message.
 */

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** deposits.fast: whole baht (the server adds the satang), optionally on one of the receiving accounts. */
export const FastDepositBody = v.object({
  amount: v.unknown(),
  bankId: v.optional(Id),
  idempotencyKey: IdempotencyKey,
});
/** deposits.qrcode and deposits.crypto. */
export const AmountDepositBody = v.object({ amount: v.unknown(), idempotencyKey: IdempotencyKey });
/** deposits.normal: a transfer the member made and reports, from one of their own registered accounts. */
export const NormalDepositBody = v.object({
  /** The receiving account the money went to. */
  bankId: Id,
  channel: v.optional(text(40)),
  channelName: v.optional(text(80)),
  /** The member's own account the money came from. */
  bankCode: text(20),
  bankAccountNumber: text(40),
  bankAccountName: v.optional(text(120)),
  amount: v.unknown(),
  depositAt: v.pipe(text(40), v.isoTimestamp("requestInvalid")),
  idempotencyKey: IdempotencyKey,
});
/** deposits.truemoney: a TrueMoney gift link. */
export const VoucherDepositBody = v.object({
  voucherUrl: v.pipe(text(400), v.trim(), v.maxLength(300, "requestInvalid")),
  idempotencyKey: IdempotencyKey,
});
/** demo-bank/transfer and demo-chain/confirm (demo mode only). */
export const DemoDepositBody = v.object({ depositId: Id });
/** users-banks.create (the member's PIN travels beside it, read by the PIN check). */
export const AddBankBody = v.object({
  bankCode: v.pipe(text(40), v.trim(), v.toLowerCase(), v.maxLength(20, "requestInvalid")),
  bankAccountNumber: text(40),
});
/** withdrawals.create. */
export const WithdrawalBody = v.object({ bankId: Id, amount: v.unknown(), idempotencyKey: IdempotencyKey });
/** transactions.all and af-cashs.transaction.all: a window (omitted dates = the widest allowed) and a group. */
export const StatementBody = v.object({
  startedDate: v.optional(text(40)),
  endedDate: v.optional(text(40)),
  group: v.optional(v.picklist(["deposit", "withdraw", "lotto", "games"], "requestInvalid")),
});
export const TURNOVER_PERIODS = ["today", "7d", "30d"] as const;
export type TurnoverPeriod = (typeof TURNOVER_PERIODS)[number];
/** GET turnover. */
export const TurnoverQuery = v.object({
  period: v.optional(v.picklist(TURNOVER_PERIODS, "requestInvalid"), "today"),
});
/**
 * The bank statement webhook (server to server, signed; README "BANK_FEED_SECRET"): up to 500 incoming transfers
 * per delivery.
 */
export const BankFeedBody = v.object({
  lines: v.pipe(
    v.array(
      v.object({
        externalId: v.pipe(text(120), v.minLength(1)),
        bankCode: v.pipe(text(20), v.toLowerCase()),
        accountNumber: text(40),
        amount: v.unknown(),
        occurredAt: v.pipe(text(40), v.isoTimestamp()),
        reference: v.optional(text(200)),
      }),
    ),
    v.minLength(1),
    v.maxLength(500),
  ),
});

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** GET cashs. */
export interface CashView {
  money: Baht;
}
/** GET af-cashs. */
export interface AfCashView {
  afMoney: Baht;
}
/** GET loyalty-points.balance. */
export interface LoyaltyView {
  balance: Baht;
}
/** The socket.io event `money-update`, sent to the member's room after every committed change to their cash. */
export interface MoneyUpdate {
  /** Available cash (balance minus holds). */
  balance: Baht;
}
export const MONEY_UPDATE_EVENT = "money-update";

/** A member's own bank account (users-banks, withdrawals). */
export interface MemberBankView {
  id: string;
  bankCode: string;
  accountNumber: string;
  /** The holder name the bank reported, or staff entered; null until known. */
  accountName: string | null;
  status: MemberBankStatus;
  createdAt: IsoTime | null;
}

/** One of the site's accounts that members pay deposits into. */
export interface ReceivingAccountView {
  id: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  /** Only on accounts that take QR PromptPay. */
  promptpayId?: string;
  /** A demo account (the demo bank pays into it). */
  demo: boolean;
}

/** GET deposit-channels. */
export interface DepositChannelsView {
  normal: { accounts: ReceivingAccountView[] };
  fast: { accounts: ReceivingAccountView[] };
  qrcode: { accounts: ReceivingAccountView[] };
  truemoney: { enabled: boolean };
  crypto: { enabled: boolean; currency: string; network: string; rate: Baht | null };
  limits: { min: Baht; max: Baht; uniqueMax: Baht; ttlSeconds: number };
  /** Demo mode: the demo bank and demo chain buttons may show. */
  demo: boolean;
}

/** A crypto deposit's payment details. */
export interface CryptoDetails {
  address: string;
  currency: string;
  network: string;
  cryptoAmount: string;
  rate: Baht;
}

/** A deposit request, whatever its channel (deposits.*, deposits.one, transactions.bank). */
export interface DepositView {
  id: string;
  channel: DepositChannel;
  /** The receiving account's id, when the channel has one. */
  bankId: string | null;
  receiving: ReceivingAccountView | null;
  amount: Baht;
  /** What to transfer: the unique amount of a fast or QR request, else the amount. */
  prepareAmount: Baht;
  /** What was credited once approved (staff may approve another amount). */
  creditedAmount: Baht | null;
  /** Place in the receiving account's queue of waiting fast/QR requests (1-based), 0 otherwise. */
  prepareIndex: number;
  prepareTotal: number;
  status: DepositStatus;
  referTransferId: string | null;
  reason: string | null;
  /** QR PromptPay: the payload to draw. */
  qrPayload?: string;
  /** Crypto: where and how much to send. */
  crypto?: CryptoDetails;
  /** TrueMoney: the voucher, masked. */
  voucher?: string;
  /** Normal: when the member says they transferred, and from which of their accounts. */
  depositAt?: IsoTime | null;
  fromBankId?: string | null;
  createdAt: IsoTime | null;
  expiresAt: IsoTime | null;
}

/** POST true.wallet.history. */
export interface TrueMoneyHistoryView {
  items: {
    id: string;
    /** Null until the voucher is redeemed. */
    amount: Baht | null;
    status: DepositStatus;
    reason: string | null;
    voucher: string | null;
    transferTime: IsoTime;
  }[];
}

/** A withdrawal request (withdrawals.create, transactions.bank). */
export interface WithdrawalView {
  id: string;
  bankId: string;
  bank: MemberBankView;
  amount: Baht;
  status: WithdrawalStatus;
  /** "required": the first withdrawal to this account, waiting for staff review; "done": reviewed. */
  review: "required" | "done" | null;
  reason: string | null;
  createdAt: IsoTime | null;
  decidedAt: IsoTime | null;
}

/** GET withdrawals.limits. */
export interface WithdrawalLimitsView {
  perTime: Baht;
  perDay: Baht;
  countPerDay: number;
  usedToday: Baht;
  countToday: number;
  pending: boolean;
}

/** One movement of a statement, newest first. */
export interface StatementItemView {
  id: string;
  transactionType: string;
  group: TransactionGroup | null;
  amount: Baht;
  direction: "in" | "out";
  /** The balance right after this movement. */
  balanceAfter: Baht;
  reference: string;
  createdAt: IsoTime;
}

/** POST transactions.all and af-cashs.transaction.all. */
export interface StatementView {
  startedDate: string;
  endedDate: string;
  items: StatementItemView[];
}

/** POST transactions.bank: the last 30 days of requests. */
export interface BankTransactionsView {
  deposits: DepositView[];
  withdrawals: WithdrawalView[];
}

/** GET turnover: stakes minus refunded stakes over a period. */
export interface TurnoverView {
  period: TurnoverPeriod;
  from: IsoTime;
  to: IsoTime;
  turnover: Baht;
  byGroup: { lotto: Baht; games: Baht };
}
