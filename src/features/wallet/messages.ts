import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { TransactionType } from "../../domain/transactionTypes.ts";
import type {
  DepositChannel,
  DepositStatus,
  MemberBankStatus,
  WithdrawalStatus,
  WithdrawRefusal,
} from "../../domain/wallet.ts";
import { ApiError } from "../../lib/api.ts";
import { errorText, wording } from "../../lib/messages.ts";
import { accountErrorText, isConfirmPinError } from "../auth/index.ts";

// In the "pages" catalog: these texts load with the wallet pages, not with the first paint.

/** The withdrawal refusals (docs/rules.md "Money") and the other wallet codes of docs/wallet-api.md. */
const WALLET_TEXT: Record<string, MessageDescriptor> = {
  WITHDRAW_INTERNAL: msg`Internal system error. Please try again later.`,
  WITHDRAW_BANK_MISMATCH: msg`The bank account does not match your name.`,
  WITHDRAW_PENDING: msg`Please wait for the previous transaction to finish.`,
  WITHDRAW_MAX_PER_DAY: msg`You can withdraw at most 200,000 baht per day.`,
  WITHDRAW_MAX_PER_TIME: msg`You can withdraw at most 49,000 baht per time.`,
  WITHDRAW_MAX_COUNT: msg`You can withdraw at most 5 times per day.`,
  WITHDRAW_MIN: msg`The smallest withdrawal is 100 baht.`,
  INSUFFICIENT_FUNDS: msg`Your balance is not enough for this amount.`,
  AMOUNT_WHOLE_BAHT: msg`Please enter whole baht; we add the satang for you.`,
  DEPOSIT_RANGE: msg`This amount is outside the deposit limits.`,
  DEPOSIT_WAITING: msg`You already have a deposit waiting. Finish or cancel it first.`,
  DEPOSIT_TIME: msg`Please enter when you transferred (within the last 3 days).`,
  DEPOSIT_NOT_FOUND: msg`This deposit was not found.`,
  DEPOSIT_NOT_CANCELLABLE: msg`This deposit cannot be cancelled.`,
  DEPOSIT_NOT_PENDING: msg`This deposit is already finished.`,
  DEPOSIT_BUSY: msg`The system is busy. Please try again in a moment.`,
  CHANNEL_UNAVAILABLE: msg`This deposit channel is not available now.`,
  BANK_NOT_OWN: msg`Please choose one of your own registered bank accounts.`,
  BANK_NOT_FOUND: msg`This bank account was not found.`,
  VOUCHER_INVALID: msg`Please paste a TrueMoney gift voucher link.`,
  VOUCHER_USED: msg`This voucher has already been used.`,
  VOUCHER_REJECTED: msg`The voucher could not be redeemed. Please check the link and try again.`,
  DEMO_NOT_APPLICABLE: msg`The demo bank cannot pay this deposit.`,
  DATE_INVALID: msg`Please choose valid dates.`,
};

/** Any error of a wallet call, in the player's language (generic codes such as NETWORK: src/lib/messages.ts). */
export const walletErrorText = wording(WALLET_TEXT);

export function refusalText(i18n: I18n, refusal: WithdrawRefusal | "INSUFFICIENT_FUNDS"): string {
  return i18n._(WALLET_TEXT[refusal] as MessageDescriptor);
}

const ADD_BANK_DEFAULT = msg`The bank account could not be added. Please check the details and try again.`;

/**
 * docs/rules.md "Messages": add-bank shows the server's own `message` (written for players). A failure that carries no
 * such message (no connection, a proxy's error page) gets the localized text instead.
 */
export function addBankErrorText(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return errorText(i18n, error);
    // The PIN that confirms the new account, and the lock too many wrong ones cause, are worded by the app.
    if (isConfirmPinError(error) || error.code === "LOGIN_LOCKED" || error.code === "RATE_LIMITED")
      return accountErrorText(i18n, error);
    if (error.message && !error.code.startsWith("HTTP_")) return error.message;
  }
  return i18n._(ADD_BANK_DEFAULT);
}

const TRANSACTION_TYPE_TEXT: Record<TransactionType, MessageDescriptor> = {
  PREDEPOSIT: msg`Deposit (pre-credit)`,
  DEPOSIT: msg`Deposit`,
  ADMIN_INCREASE: msg`Credit added by staff`,
  ABORT_POY: msg`Cancelled lotto bet refunded`,
  ACHIVEMENT_ADDMONEY: msg`Achievement reward`,
  YING_WIN: msg`Yeekee shooting reward`,
  ADMIN_MOVE_INCREASE: msg`Credit moved in by staff`,
  MOVE_AF_TO_MONEY: msg`Affiliate income moved to cash`,
  WITHDRAW: msg`Withdrawal`,
  ADMIN_DECREASE: msg`Credit deducted by staff`,
  ADMIN_MOVE_DECREASE: msg`Credit moved out by staff`,
  BET_GOV: msg`Government lottery bet`,
  BET_YEEKEE: msg`Yeekee bet`,
  BET_STOCK: msg`Stock lottery bet`,
  BET_SET_4: msg`4-digit lottery bet`,
  WIN_GOV: msg`Government lottery win`,
  WIN_YEEKEE: msg`Yeekee win`,
  WIN_STOCK: msg`Stock lottery win`,
  WIN_SET_4: msg`4-digit lottery win`,
  BET_GAME: msg`Game bet`,
  WIN_GAME: msg`Game win`,
  ABORT_GAME: msg`Cancelled game bet refunded`,
  REFUND_GAME: msg`Game refund`,
  GAME_ADD: msg`Game credit returned`,
  GAME_DEDUCT: msg`Game credit taken`,
  CREATE_GAME: msg`Game round opened`,
  DRAW_GAME: msg`Game draw`,
  BONUS_GAME: msg`Game bonus`,
};

/** A ledger transaction type as players read it; an unknown type is shown as it is. */
export function transactionTypeName(i18n: I18n, type: string): string {
  const text = (TRANSACTION_TYPE_TEXT as Record<string, MessageDescriptor>)[type];
  return text ? i18n._(text) : type;
}

const DEPOSIT_STATUS_TEXT: Record<DepositStatus, MessageDescriptor> = {
  waiting: msg`Waiting`,
  review: msg`Being checked`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  expired: msg`Expired`,
  cancelled: msg`Cancelled`,
};

export const depositStatusText = (i18n: I18n, status: DepositStatus) =>
  DEPOSIT_STATUS_TEXT[status] ? i18n._(DEPOSIT_STATUS_TEXT[status]) : status;

const WITHDRAWAL_STATUS_TEXT: Record<WithdrawalStatus | "review", MessageDescriptor> = {
  /** The first withdrawal to a newly added bank account, before staff have reviewed it. */
  review: msg`Waiting for review`,
  waiting: msg`Waiting for payment`,
  paid: msg`Paid`,
  rejected: msg`Rejected`,
};

export const withdrawalStatusText = (i18n: I18n, status: WithdrawalStatus | "review") =>
  WITHDRAWAL_STATUS_TEXT[status] ? i18n._(WITHDRAWAL_STATUS_TEXT[status]) : status;

const BANK_STATUS_TEXT: Record<MemberBankStatus, MessageDescriptor> = {
  verified: msg`Verified`,
  mismatch: msg`Name does not match`,
  pending: msg`Waiting for verification`,
  rejected: msg`Rejected`,
};

export const bankStatusText = (i18n: I18n, status: MemberBankStatus) =>
  BANK_STATUS_TEXT[status] ? i18n._(BANK_STATUS_TEXT[status]) : status;

const CHANNEL_TEXT: Record<DepositChannel, MessageDescriptor> = {
  fast: msg`Fast bank transfer`,
  qrcode: msg`QR PromptPay`,
  normal: msg`Normal bank transfer`,
  truemoney: msg`TrueMoney gift voucher`,
  crypto: msg`Crypto (USDT)`,
};

export const channelName = (i18n: I18n, channel: DepositChannel) =>
  CHANNEL_TEXT[channel] ? i18n._(CHANNEL_TEXT[channel]) : channel;

/** Status badge colour classes shared by the lists. */
export function statusTone(status: string): "ok" | "wait" | "bad" | "off" {
  if (status === "approved" || status === "paid" || status === "verified") return "ok";
  if (status === "waiting" || status === "review" || status === "pending") return "wait";
  if (status === "rejected" || status === "mismatch") return "bad";
  return "off";
}
