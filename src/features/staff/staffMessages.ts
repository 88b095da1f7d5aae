import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ApiError } from "../../lib/api.ts";
import { errorText, knownErrorText, wording } from "../../lib/messages.ts";

/** The back office's own server codes, in the staff member's language (others show the server's English text). */
const STAFF_SERVER_TEXT: Record<string, MessageDescriptor> = {
  FOUR_EYES: msg`You proposed this yourself: a second staff member must confirm it.`,
  PROPOSAL_WAITING: msg`A proposal for this is already waiting for a second staff member.`,
  PROPOSAL_DECIDED: msg`This proposal has already been decided.`,
  DEPOSIT_EXPIRED: msg`This request has expired. Approve it as an override with a reason; a second staff member confirms it.`,
  REASON_REQUIRED: msg`An amount other than the request's needs a reason; a second staff member confirms it.`,
  BANK_HOLDER_MISMATCH: msg`The holder name does not match the member's name on their profile.`,
  INSUFFICIENT_FUNDS: msg`The member's balance is lower than this amount.`,
  FORBIDDEN: msg`Your role may not do this.`,
};

/**
 * A back-office error in the staff member's language: the back office's own codes, then the generic ones
 * (src/lib/messages.ts), then the server's own English message, which staff read as it is.
 */
export const staffErrorText = wording(STAFF_SERVER_TEXT, {
  fallback: (i18n: I18n, error: unknown) =>
    knownErrorText(i18n, error) ??
    (error instanceof ApiError && error.message ? error.message : errorText(i18n, error)),
});

/** An action answered 202: recorded as a proposal, nothing has moved yet. */
export function isProposal(result: unknown): boolean {
  return (result as { status?: string } | null)?.status === "proposed";
}
