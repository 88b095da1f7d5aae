import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ApiError } from "./api.ts";

/**
 * The wording of errors any call can meet (no connection, a busy server, a refused session, a malformed amount or
 * text), in the player's language: one table the features' own wordings fall back on. A feature keeps only its own
 * codes (`wording`) and never repeats these. In the shell's catalog: the login form on the first page needs them.
 */
const GENERIC_TEXT: Record<string, MessageDescriptor> = {
  NETWORK: msg`No connection. Check your internet and try again.`,
  SERVER_BUSY: msg`The server is busy. Please try again in a moment.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a few minutes and try again.`,
  UNAUTHORIZED: msg`Your session has ended. Please log in again.`,
  ACCOUNT_SUSPENDED: msg`Sorry, access denied.`,
  FORBIDDEN: msg`Sorry, access denied.`,
  DATA_IS_NULL: msg`data is null`,
  AMOUNT_INVALID: msg`Please enter an amount in baht with at most two decimals.`,
  textInvalid: msg`This text contains a character that is not allowed (a line break, a control or an invisible formatting character).`,
  IDEMPOTENCY_CONFLICT: msg`This request was already sent with other details. Please submit the form again.`,
};

const DEFAULT_TEXT = msg`Oops! Something went wrong. Please try again later.`;

/** An error as text for the player: `(i18n, error) => string`, read at render so it follows a language switch. */
export type ErrorWording = (i18n: I18n, error: unknown) => string;

/** The generic wording of an error whose code is one of the generic ones; null for any other. */
export function knownErrorText(i18n: I18n, error: unknown): string | null {
  const own = error instanceof ApiError ? GENERIC_TEXT[error.code] : undefined;
  return own ? i18n._(own) : null;
}

/** The generic wording of an error: a known code, else "something went wrong". */
export const errorText: ErrorWording = (i18n, error) => knownErrorText(i18n, error) ?? i18n._(DEFAULT_TEXT);

/**
 * A feature's wording: its own codes first (`special` for those whose text carries the answer's details), then
 * `fallback` (by default the generic table above).
 */
export function wording(
  own: Readonly<Record<string, MessageDescriptor>>,
  options: { special?: (i18n: I18n, error: ApiError) => string | null; fallback?: ErrorWording } = {},
): ErrorWording {
  const { special, fallback = errorText } = options;
  return (i18n, error) => {
    if (error instanceof ApiError) {
      const specific = special?.(i18n, error);
      if (specific) return specific;
      const text = own[error.code];
      if (text) return i18n._(text);
    }
    return fallback(i18n, error);
  };
}

/** docs/rules.md "Guards and sessions": an automatic login refused with 401 shows the locale's 'unauthorised' message. */
export function sessionEndedText(i18n: I18n): string {
  return i18n._(GENERIC_TEXT.UNAUTHORIZED as MessageDescriptor);
}
