import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ApiError } from "../../lib/api.ts";
import { wording } from "../../lib/messages.ts";

/** The account calls' own codes (the product's own texts where it gives one: docs/rules.md "Accounts"); the generic ones are lib's. */
const AUTH_TEXT: Record<string, MessageDescriptor> = {
  INVALID_CREDENTIALS: msg`Invalid username or password.`,
  LOGIN_LOCKED: msg`Login Attempt Count Reach Limit, Please contact call center.`,
  USERNAME_TAKEN: msg`This username is already taken. Please choose another one.`,
  OLD_PASSWORD_WRONG: msg`Your current PIN is not correct.`,
  OTP_INVALID: msg`The code is wrong or has expired. Please request a new one.`,
  RECAPTCHA: msg`cannot confirm reCaptcha with Google`,
};

/** The lock message, then when the lock ends, in the member's language and time zone (a lock ends by itself). */
function lockedText(i18n: I18n, error: ApiError): string | null {
  if (error.code !== "LOGIN_LOCKED") return null;
  const until = new Date(String(error.details.lockedUntil ?? ""));
  if (Number.isNaN(until.getTime())) return null;
  const time = i18n.date(until, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return i18n._(
    msg`Login Attempt Count Reach Limit, Please contact call center. You can try again after ${time}.`,
  );
}

/** An account call's error as text for the player (validation keys are in accountMessages.ts). */
export const authErrorText = wording(AUTH_TEXT, { special: lockedText });
