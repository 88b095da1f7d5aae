import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ApiError } from "../../lib/api.ts";

/** Server error codes (SPEC.md section 8 texts where the spec gives one). */
const SERVER_TEXT: Record<string, MessageDescriptor> = {
  INVALID_CREDENTIALS: msg`Invalid username or password.`,
  LOGIN_LOCKED: msg`Login Attempt Count Reach Limit, Please contact call center.`,
  USERNAME_TAKEN: msg`This username is already taken. Please choose another one.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a few minutes and try again.`,
  DATA_IS_NULL: msg`data is null`,
  OLD_PASSWORD_WRONG: msg`Your current PIN is not correct.`,
  OTP_INVALID: msg`The code is wrong or has expired. Please request a new one.`,
  ACCOUNT_SUSPENDED: msg`Sorry, access denied.`,
  UNAUTHORIZED: msg`Your session has ended. Please log in again.`,
  RECAPTCHA: msg`cannot confirm reCaptcha with Google`,
  NETWORK: msg`No connection. Check your internet and try again.`,
};

const DEFAULT_TEXT = msg`Oops! Something went wrong. Please try again later.`;

/** SPEC.md section 8: an automatic login refused with 401 shows the locale's 'unauthorised' message. */
export function sessionEndedText(i18n: I18n): string {
  return i18n._(SERVER_TEXT.UNAUTHORIZED as MessageDescriptor);
}

/** An API error as text for the player (server codes; validation keys are in accountMessages.ts). */
export function errorText(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    const own = SERVER_TEXT[error.code];
    if (own) return i18n._(own);
  }
  return i18n._(DEFAULT_TEXT);
}
