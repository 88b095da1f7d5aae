import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ApiError } from "../../lib/api.ts";
import { lottoErrorText } from "../lotto/messages.ts";

// In the "pages" catalog: these texts load with the shooting and verification pages.

/** docs/results-api.md's shooting and verification error codes. */
const YEEKEE_TEXT: Record<string, MessageDescriptor> = {
  YING_INVALID: msg`A shot is exactly 5 digits, 00000 to 99999.`,
  NOT_YEEKEE: msg`Only yeekee rounds have shooting.`,
  SHOOTING_CLOSED: msg`Shooting has closed for this round.`,
  NOT_YET_PUBLISHED: msg`The full list is published when shooting closes.`,
};

/** Any error of a shooting or verification call, in the player's language. */
export function yeekeeErrorText(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "YING_TOO_FAST") {
      const seconds = Math.max(1, Math.ceil(Number(error.details.retryAfter) || 1));
      return i18n._(msg`Too fast: one shot every 3 seconds. Try again in ${seconds} s.`);
    }
    const own = YEEKEE_TEXT[error.code];
    if (own) return i18n._(own);
  }
  return lottoErrorText(i18n, error);
}
