/** A TrueMoney gift-voucher link as players copy it from the app: https://gift.truemoney.com/campaign/?v=CODE */
const VOUCHER_URL = /^https:\/\/gift\.truemoney\.com\/campaign\/?\?v=([A-Za-z0-9]{8,64})$/;

/** The voucher link cleaned of surrounding spaces, or null when it is not a gift-voucher link. */
export function voucherLink(input: string): string | null {
  const text = input.trim();
  return VOUCHER_URL.test(text) ? text : null;
}
