import { bahtToSatang } from "./money.ts";

/** Wallet limits shared by the app (to warn early) and the server (to enforce). Amounts in satang. */
export const DEPOSIT_MIN = 100_00n;
export const DEPOSIT_MAX = 500_000_00n;
/** Fast and QR requests: the unique amount must stay readable and below the bank's instant-transfer cap. */
export const UNIQUE_DEPOSIT_MAX = 49_999_99n;
export const UNIQUE_AMOUNT_TTL_MS = 15 * 60 * 1000;
export const WITHDRAW_MIN = 100_00n;
/** docs/rules.md "Money". */
export const WITHDRAW_MAX_PER_TIME = 49_000_00n;
export const WITHDRAW_MAX_PER_DAY = 200_000_00n;
export const WITHDRAW_MAX_COUNT_PER_DAY = 5;
export const MEMBER_BANKS_MAX = 3;

export type DepositChannel = "normal" | "fast" | "qrcode" | "truemoney" | "crypto";
export const DEPOSIT_CHANNELS: readonly DepositChannel[] = [
  "fast",
  "qrcode",
  "normal",
  "truemoney",
  "crypto",
];
export type DepositStatus = "waiting" | "review" | "approved" | "rejected" | "expired" | "cancelled";
export type WithdrawalStatus = "waiting" | "paid" | "rejected";
export type MemberBankStatus = "pending" | "verified" | "mismatch" | "rejected";

/** An amount from a form or a request body: a baht string or number with at most two decimals. */
export function parseAmount(input: unknown): bigint | null {
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) return null;
    const text = String(input);
    if (/e/i.test(text)) return null;
    return bahtToSatang(text);
  }
  if (typeof input === "string") return bahtToSatang(input);
  return null;
}

export type WithdrawRefusal =
  | "WITHDRAW_MIN"
  | "WITHDRAW_MAX_PER_TIME"
  | "WITHDRAW_MAX_PER_DAY"
  | "WITHDRAW_MAX_COUNT"
  | "WITHDRAW_PENDING";

/**
 * The withdrawal limits (docs/rules.md "Money") for one request, given what the member already withdrew today
 * (requested and not rejected, Asia/Bangkok day). Null when the request is within every limit.
 */
export function withdrawRefusal(
  amount: bigint,
  today: { total: bigint; count: number; pending: boolean },
): WithdrawRefusal | null {
  if (today.pending) return "WITHDRAW_PENDING";
  if (amount < WITHDRAW_MIN) return "WITHDRAW_MIN";
  if (amount > WITHDRAW_MAX_PER_TIME) return "WITHDRAW_MAX_PER_TIME";
  if (today.count >= WITHDRAW_MAX_COUNT_PER_DAY) return "WITHDRAW_MAX_COUNT";
  if (today.total + amount > WITHDRAW_MAX_PER_DAY) return "WITHDRAW_MAX_PER_DAY";
  return null;
}

/**
 * docs/rules.md "Unique amounts": the amount to transfer for a fast or QR request of `requested` satang (whole
 * baht), so that it differs from every amount still waiting on the same receiving account. Satang .01-.99 are
 * tried in a spread order (never .00, so an unadjusted transfer is never mistaken for a request); when all 99
 * are taken the next baht up is tried. Null when nothing is free within 5 baht.
 */
export function allocateUniqueAmount(requested: bigint, taken: ReadonlySet<bigint>, seed = 0): bigint | null {
  const base = requested - (requested % 100n);
  // Any seed (negative, fractional, huge, NaN) maps to a start 0..98; `%` alone keeps the sign, so a negative
  // seed would give satang 0 (.00) or below (the baht before).
  const start = Number.isFinite(seed) ? ((Math.trunc(seed) % 99) + 99) % 99 : 0;
  for (let baht = 0n; baht < 5n; baht++) {
    for (let i = 0; i < 99; i++) {
      // 37 is coprime with 99, so the walk visits every satang 1..99 once, starting from the seed.
      const satang = BigInt(((start + i * 37) % 99) + 1);
      const candidate = base + baht * 100n + satang;
      if (!taken.has(candidate)) return candidate;
    }
  }
  return null;
}
