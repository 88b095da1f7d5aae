import { parseAmount } from "../../domain/wallet.ts";

/** Baht -> units at `rate` baht per unit, rounded up to 6 decimals (as the server does), for the preview. */
export function cryptoPreview(baht: string, rate: string | null | undefined): string | null {
  const amount = parseAmount(baht);
  const perUnit = rate ? parseAmount(rate) : null;
  if (amount === null || amount <= 0n || !perUnit) return null;
  const micro = (amount * 1_000_000n + perUnit - 1n) / perUnit;
  return `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, "0")}`;
}
