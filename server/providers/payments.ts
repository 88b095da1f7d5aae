import { createHash } from "node:crypto";

/**
 * Outside payment services behind small interfaces. Each has an embedded demo implementation, used only in
 * demo mode (production refuses to start with them, see config.ts), so `npm start` works with no accounts.
 */

/** Asks the bank who holds an account (Thai banks answer this through a transfer pre-check). */
export interface BankAccountVerifier {
  /** The holder's name, or null when the bank could not be asked (the account then waits for staff). */
  holderName(input: { bankCode: string; accountNumber: string; memberName: string }): Promise<string | null>;
}

export const DEMO_OTHER_HOLDER = "DEMO OTHER PERSON";

/** Demo: every account is the member's own, except numbers ending in 9999 (to show a name mismatch). */
export const demoBankVerifier: BankAccountVerifier = {
  async holderName({ accountNumber, memberName }) {
    return accountNumber.endsWith("9999") ? DEMO_OTHER_HOLDER : memberName;
  },
};

/** Staff verify every account by hand (production without a verification service). */
export const manualBankVerifier: BankAccountVerifier = {
  async holderName() {
    return null;
  },
};

export type VoucherResult =
  | { ok: true; amount: bigint }
  | { ok: false; reason: "used" | "expired" | "invalid" | "unavailable" };

/** Redeems TrueMoney gift vouchers into the site's wallet. */
export interface TrueMoneyProvider {
  readonly enabled: boolean;
  redeem(voucherCode: string, receiverPhone: string): Promise<VoucherResult>;
}

/** Demo: any voucher redeems 100.00 baht once, except codes ending in "0000" (an expired voucher). */
export const demoTrueMoney: TrueMoneyProvider = {
  enabled: true,
  async redeem(voucherCode) {
    if (voucherCode.endsWith("0000")) return { ok: false, reason: "expired" };
    return { ok: true, amount: 100_00n };
  },
};

export const disabledTrueMoney: TrueMoneyProvider = {
  enabled: false,
  async redeem() {
    return { ok: false, reason: "unavailable" };
  },
};

/** Crypto deposits: an address per member, an exchange rate, and confirmations reported back. */
export interface CryptoProvider {
  readonly enabled: boolean;
  readonly currency: string;
  readonly network: string;
  /** Baht per unit, in satang (36.50 baht -> 3650n). */
  rateSatang(): Promise<bigint>;
  depositAddress(memberUuid: string): Promise<string>;
}

export const demoCrypto: CryptoProvider = {
  enabled: true,
  currency: "USDT",
  network: "TRC20",
  async rateSatang() {
    return 36_50n;
  },
  async depositAddress(memberUuid) {
    // Shaped like a TRON address so the page looks right; it is not one and must never receive real funds.
    const digest = createHash("sha256").update(`demo:${memberUuid}`).digest("hex");
    return `TDEMO${digest.slice(0, 29)}`;
  },
};

export const disabledCrypto: CryptoProvider = {
  enabled: false,
  currency: "USDT",
  network: "TRC20",
  async rateSatang() {
    return 0n;
  },
  async depositAddress() {
    throw new Error("crypto deposits are not configured");
  },
};

export interface PaymentProviders {
  bankVerifier: BankAccountVerifier;
  trueMoney: TrueMoneyProvider;
  crypto: CryptoProvider;
}

export function defaultPaymentProviders(mode: "demo" | "production"): PaymentProviders {
  return mode === "demo"
    ? { bankVerifier: demoBankVerifier, trueMoney: demoTrueMoney, crypto: demoCrypto }
    : { bankVerifier: manualBankVerifier, trueMoney: disabledTrueMoney, crypto: disabledCrypto };
}
