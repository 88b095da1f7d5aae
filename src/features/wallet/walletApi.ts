import type {
  DepositChannel,
  DepositStatus,
  MemberBankStatus,
  WithdrawalStatus,
} from "../../domain/wallet.ts";
import { api, getJson, postJson } from "../../lib/api.ts";

// The calls of docs/wallet-api.md. Money on the wire is a baht string with two decimals ("100.37").

export interface MemberBank {
  id: string;
  bankCode: string;
  accountNumber: string;
  accountName: string | null;
  status: MemberBankStatus;
  createdAt: string;
}

export interface ReceivingAccount {
  id: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  promptpayId?: string | null;
}

export interface DepositChannels {
  normal: { accounts: ReceivingAccount[] };
  fast: { accounts: ReceivingAccount[] };
  qrcode: { accounts: ReceivingAccount[] };
  truemoney: { enabled: boolean };
  crypto: { enabled: boolean; currency: string; network: string; rate: string | null };
  /** The demo bank and demo chain buttons may show. */
  demo: boolean;
}

export interface Deposit {
  id: string;
  channel: DepositChannel;
  bankId: string | null;
  receiving: ReceivingAccount | null;
  amount: string;
  prepareAmount: string;
  /** What was credited once approved (staff may approve another amount). */
  creditedAmount?: string | null;
  prepareIndex: number | null;
  prepareTotal: number | null;
  status: DepositStatus;
  referTransferId: string | null;
  reason: string | null;
  qrPayload?: string | null;
  crypto?: { address: string; currency: string; network: string; cryptoAmount: string } | null;
  voucher?: string | null;
  depositAt?: string | null;
  createdAt: string;
  expiresAt: string | null;
}

export interface Withdrawal {
  id: string;
  bankId: string;
  bank: MemberBank;
  amount: string;
  status: WithdrawalStatus;
  /** "required": the first withdrawal to this account, waiting for staff review; "done": reviewed. */
  review: "required" | "done" | null;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface WithdrawLimits {
  perTime: string;
  perDay: string;
  countPerDay: number;
  usedToday: string;
  countToday: number;
  pending: boolean;
}

export interface Transaction {
  id: string;
  transactionType: string;
  group: string;
  amount: string;
  direction: "in" | "out";
  balanceAfter: string | null;
  reference: string | null;
  createdAt: string;
}

export interface TrueWalletHistoryItem {
  id: string;
  /** Null until the voucher is redeemed. */
  amount: string | null;
  reason?: string | null;
  status: DepositStatus;
  voucher: string | null;
  transferTime: string;
}

export type TurnoverPeriod = "today" | "7d" | "30d";

export interface Turnover {
  period: TurnoverPeriod;
  from: string;
  to: string;
  turnover: string;
  byGroup: { lotto: string; games: string };
}

const post = async <T>(path: string, body: unknown): Promise<T> => (await postJson<T>(api, path, body)).data;

export const fetchCash = () => getJson<{ money: string }>(api, "cashs");
export const fetchAfCash = () => getJson<{ afMoney: string }>(api, "af-cashs");

export const fetchMemberBanks = async () =>
  (await getJson<{ banks: MemberBank[] }>(api, "users-banks")).banks;
/** users-banks.create: the member's PIN confirms the new account. */
export const addMemberBank = (bankCode: string, bankAccountNumber: string, pin: string) =>
  post<MemberBank>("users-banks.create", { bankCode, bankAccountNumber, pin });

export const fetchDepositChannels = () => getJson<DepositChannels>(api, "deposit-channels");
export const fetchDeposit = (id: string) =>
  getJson<Deposit>(api, `deposits.one?${new URLSearchParams({ id }).toString()}`);
export const createFastDeposit = (amount: string, idempotencyKey: string) =>
  post<Deposit>("deposits.fast", { amount, idempotencyKey });
export const createQrDeposit = (amount: string, idempotencyKey: string) =>
  post<Deposit>("deposits.qrcode", { amount, idempotencyKey });
export const createCryptoDeposit = (amount: string, idempotencyKey: string) =>
  post<Deposit>("deposits.crypto", { amount, idempotencyKey });
export const createTrueMoneyDeposit = (voucherUrl: string, idempotencyKey: string) =>
  post<Deposit>("deposits.truemoney", { voucherUrl, idempotencyKey });

export interface NormalDepositBody {
  /** The receiving account. */
  bankId: string;
  channel: string;
  channelName: string;
  /** The member's own account the money came from. */
  bankCode: string;
  bankAccountNumber: string;
  bankAccountName: string;
  amount: string;
  depositAt: string;
  idempotencyKey: string;
}
export const createNormalDeposit = (body: NormalDepositBody) => post<Deposit>("deposits.normal", body);
export const cancelDeposit = (id: string) => post<Deposit>("deposits.cancel", { id });

export const fetchBankTransactions = () =>
  post<{ deposits: Deposit[]; withdrawals: Withdrawal[] }>("transactions.bank", {});
export const fetchTrueWalletHistory = async () =>
  (await post<{ items: TrueWalletHistoryItem[] }>("true.wallet.history", {})).items;

export const demoBankTransfer = (depositId: string) => post<unknown>("demo-bank/transfer", { depositId });
export const demoChainConfirm = (depositId: string) => post<unknown>("demo-chain/confirm", { depositId });

export const createWithdrawal = (bankId: string, amount: string, idempotencyKey: string) =>
  post<Withdrawal>("withdrawals.create", { bankId, amount, idempotencyKey });
export const fetchWithdrawLimits = () => getJson<WithdrawLimits>(api, "withdrawals.limits");

export const fetchTransactions = async (startedDate: string, endedDate: string, group?: string) =>
  (
    await post<{ items: Transaction[] }>("transactions.all", {
      startedDate,
      endedDate,
      ...(group ? { group } : {}),
    })
  ).items;
export const fetchAfTransactions = async (startedDate: string, endedDate: string) =>
  (await post<{ items: Transaction[] }>("af-cashs.transaction.all", { startedDate, endedDate })).items;

export const fetchTurnover = (period: TurnoverPeriod) =>
  getJson<Turnover>(api, `turnover?${new URLSearchParams({ period }).toString()}`);
