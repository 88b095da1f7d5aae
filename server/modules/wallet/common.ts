import { parseAmount } from "../../../src/domain/wallet.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import type { PaymentProviders } from "../../providers/payments.ts";

/** What every part of the wallet module needs. */
export interface WalletDeps {
  config: Config;
  database: Database;
  payments: PaymentProviders;
}

/** A request field holding baht: refused with AMOUNT_INVALID unless a positive amount with at most 2 decimals. */
export function amountOf(input: unknown): bigint {
  const amount = parseAmount(input);
  if (amount === null || amount <= 0n) {
    throw new AppError(400, "AMOUNT_INVALID", "Please enter an amount in baht with at most two decimals.");
  }
  return amount;
}
