/** docs/rules.md "Transaction types": transaction types and the groups the statements show them in. */
export const DEPOSIT_TYPES = [
  "PREDEPOSIT",
  "DEPOSIT",
  "ADMIN_INCREASE",
  "ABORT_POY",
  "ACHIVEMENT_ADDMONEY",
  "YING_WIN",
  "ADMIN_MOVE_INCREASE",
  "MOVE_AF_TO_MONEY",
] as const;
export const WITHDRAW_TYPES = ["WITHDRAW", "ADMIN_DECREASE", "ADMIN_MOVE_DECREASE"] as const;
export const LOTTO_TYPES = [
  "BET_GOV",
  "BET_YEEKEE",
  "BET_STOCK",
  "BET_SET_4",
  "WIN_GOV",
  "WIN_YEEKEE",
  "WIN_STOCK",
  "WIN_SET_4",
] as const;
export const GAME_TYPES = [
  "BET_GAME",
  "WIN_GAME",
  "ABORT_GAME",
  "REFUND_GAME",
  "GAME_ADD",
  "GAME_DEDUCT",
  "CREATE_GAME",
  "DRAW_GAME",
  "BONUS_GAME",
] as const;

export const TRANSACTION_TYPES = [
  ...DEPOSIT_TYPES,
  ...WITHDRAW_TYPES,
  ...LOTTO_TYPES,
  ...GAME_TYPES,
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export type TransactionGroup = "deposit" | "withdraw" | "lotto" | "games";

export function transactionGroup(type: TransactionType): TransactionGroup {
  if ((DEPOSIT_TYPES as readonly string[]).includes(type)) return "deposit";
  if ((WITHDRAW_TYPES as readonly string[]).includes(type)) return "withdraw";
  if ((LOTTO_TYPES as readonly string[]).includes(type)) return "lotto";
  return "games";
}

export function isTransactionType(value: string): value is TransactionType {
  return (TRANSACTION_TYPES as readonly string[]).includes(value);
}
