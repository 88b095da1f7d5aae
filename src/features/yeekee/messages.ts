import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ApiError } from "../../lib/api.ts";
import { wording } from "../../lib/messages.ts";
import { lottoErrorText } from "../lotto/index.ts";

// In the "pages" catalog: these texts load with the shooting and verification pages.

/** docs/results-api.md's shooting and verification error codes. */
const YEEKEE_TEXT: Record<string, MessageDescriptor> = {
  YING_INVALID: msg`A shot is exactly 5 digits, 00000 to 99999.`,
  NOT_YEEKEE: msg`Only yeekee rounds have shooting.`,
  SHOOTING_CLOSED: msg`Shooting has closed for this round.`,
  NOT_YET_PUBLISHED: msg`The full list is published when the round is drawn, just after shooting closes.`,
};

/** The refusals whose text names the answer's figures: how long to wait, how many shots a member has. */
function withFigures(i18n: I18n, error: ApiError): string | null {
  if (error.code === "YING_TOO_FAST") {
    const seconds = Math.max(1, Math.ceil(Number(error.details.retryAfter) || 1));
    return i18n._(msg`Too fast: one shot every 3 seconds. Try again in ${seconds} s.`);
  }
  if (error.code === "YING_LIMIT") {
    const limit = Number(error.details.limit) || 10;
    return i18n._(msg`You have fired the ${limit} shots a member may fire in this round.`);
  }
  return null;
}

/** Any error of a shooting or verification call, in the player's language (then lotto's, then the generic). */
export const yeekeeErrorText = wording(YEEKEE_TEXT, { special: withFigures, fallback: lottoErrorText });
