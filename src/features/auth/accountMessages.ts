import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AccountMessageKey } from "../../domain/account.ts";
import { ApiError } from "../../lib/api.ts";
import type { Text } from "../../lib/submit.ts";
import { authErrorText } from "./messages.ts";

// In the "pages" catalog: these texts load with the sign-up, profile and PIN pages, not with the first paint.

/** The shared rules' message keys, in the player's language. */
const ACCOUNT_TEXT: Record<AccountMessageKey, MessageDescriptor> = {
  usernameRequired: msg`Username is required`,
  usernameFormat: msg`Username may contain only lowercase English letters (a-z) and digits (0-9).`,
  usernameMinLength: msg`Username must be at least 6 characters.`,
  usernameMaxLength: msg`Username must be at most 30 characters.`,
  usernameRepeat: msg`Username must not repeat the same character more than 4 times in a row.`,
  passwordRequired: msg`Password is required`,
  pinRequired: msg`Please enter your PIN`,
  passwordInvalid: msg`Password is invalid`,
  passwordMinLength: msg`Password must be at least 8 characters`,
  passwordMaxLength: msg`Password must not be greater than 30.`,
  passwordRules: msg`Password must be at least 1 special character, 1 uppercase, at least 1 number, minimum 8 digits and maximum 30 digits.`,
  passwordWeak: msg`Your password is too weak.`,
  passwordsMismatch: msg`Passwords do not match.`,
  emailRequired: msg`Email is required.`,
  emailInvalid: msg`Email is invalid.`,
  nameLength: msg`Name must be 2 to 30 characters.`,
  nameInvalid: msg`Name must not contain line breaks or control characters.`,
  phoneNumberRequired: msg`Phone number is required.`,
  phoneNumberInvalid: msg`Phone number is invalid. Enter a Thai mobile number: 10 digits starting with 06, 08 or 09.`,
  agentIdInvalid: msg`Agent ID is invalid.`,
  refUidInvalid: msg`Referrer ID is invalid.`,
  avatarInvalid: msg`Avatar is invalid.`,
  lineIdTooLong: msg`LINE ID must be at most 50 characters.`,
  valueTooLong: msg`This value is too long.`,
  textInvalid: msg`This text contains a character that is not allowed (a line break, a control or an invisible formatting character).`,
  otpCodeRequired: msg`Please enter the verification code.`,
  otpCodeInvalid: msg`The verification code must be 6 digits.`,
  otpRefInvalid: msg`The verification reference is invalid.`,
  requestInvalid: msg`The request is invalid.`,
};

export function accountMessage(i18n: I18n, key: AccountMessageKey): string {
  return i18n._(ACCOUNT_TEXT[key]);
}

/**
 * Per-field rule keys (null = fine) -> the messages to show under the fields that broke a rule (for `fail` of
 * lib/submit.ts: written at render, so they follow a language switch).
 */
export function fieldMessages<F extends string>(
  i18n: I18n,
  found: Partial<Record<F, AccountMessageKey | null>>,
): Partial<Record<F, Text>> {
  const messages: Partial<Record<F, Text>> = {};
  for (const [field, key] of Object.entries(found) as [F, AccountMessageKey | null][]) {
    if (key) messages[field] = () => accountMessage(i18n, key);
  }
  return messages;
}

const LINE_TEXT: Record<string, MessageDescriptor> = {
  LINE_LOGIN_FAILED: msg`LINE login could not be completed. Please try again.`,
  LINE_ALREADY_LINKED: msg`This LINE account is already connected to another member.`,
  LINE_OTHER_BROWSER: msg`This LINE login was started in another browser or has expired. Please start again from this page.`,
};

/** Account changes confirmed with the PIN (docs/security.md "Account takeover"). */
const CONFIRM_TEXT: Record<string, MessageDescriptor> = {
  PIN_REQUIRED: msg`Please enter your PIN to confirm this change.`,
  NAME_FROZEN: msg`Your name cannot be changed because it must match your verified bank account. Please contact support.`,
};

/** A wrong confirming PIN, with how many more wrong ones the account takes before it locks. */
function pinWrongText(i18n: I18n, error: ApiError): string {
  const left = error.details.attemptsLeft;
  return typeof left === "number"
    ? i18n._(msg`Your PIN is not correct. Wrong PINs left before the account locks: ${left}`)
    : i18n._(msg`Your PIN is not correct.`);
}

/** Whether an error is about the PIN the member typed to confirm a change (shown under the PIN field). */
export const isConfirmPinError = (error: unknown) =>
  error instanceof ApiError && (error.code === "PIN_REQUIRED" || error.code === "PIN_WRONG");

/** Any error from an account call: a validation key of the shared rules, else a server code. */
export function accountErrorText(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "PIN_WRONG") return pinWrongText(i18n, error);
    const confirm = CONFIRM_TEXT[error.code];
    if (confirm) return i18n._(confirm);
    const own = (ACCOUNT_TEXT as Record<string, MessageDescriptor>)[error.code] ?? LINE_TEXT[error.code];
    if (own) return i18n._(own);
  }
  return authErrorText(i18n, error);
}
