import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { NUMBER_SET_LIMITS } from "../../domain/contracts/lotto.ts";
import { wording } from "../../lib/messages.ts";
import { lottoErrorText, wireOptionText } from "../lotto/index.ts";
import type { SkippedLine, SkipReason } from "./load.ts";

// In the "pages" catalog: these texts load with the lotto pages.

const nameMax = NUMBER_SET_LIMITS.name;
const linesMax = NUMBER_SET_LIMITS.lines.toLocaleString("en-US");
const setsMax = NUMBER_SET_LIMITS.sets;

/** docs/results-api.md "Number sets" error codes; the slip's own codes (options, numbers) are lotto's. */
const NUMBER_SET_TEXT: Record<string, MessageDescriptor> = {
  NUMBER_SET_NAME_INVALID: msg`Give the number set a name of 1 to ${nameMax} characters.`,
  NUMBER_SET_EMPTY: msg`There are no lines to save. Add numbers first.`,
  NUMBER_SET_TOO_LONG: msg`A number set can have at most ${linesMax} lines.`,
  NUMBER_SET_NAME_TAKEN: msg`You already have a number set with this name. Choose another name.`,
  NUMBER_SET_LIMIT: msg`You can keep at most ${setsMax} number sets. Delete one you no longer use first.`,
  NUMBER_SET_NOT_FOUND: msg`This number set was not found. It may have been deleted.`,
  PRICE_INVALID: msg`One of the prices is not a valid amount.`,
};

/** A number-set call's error: its own codes, then lotto's (the slip's options and numbers), then the generic ones. */
export const numberSetErrorText = wording(NUMBER_SET_TEXT, { fallback: lottoErrorText });

const SKIP_TEXT: Record<SkipReason, MessageDescriptor> = {
  notOffered: msg`not offered in this round`,
  closed: msg`closed in this round`,
  duplicate: msg`already on the slip`,
};

/** "3 front 123 (not offered in this round), 2 top 12 (closed in this round)". */
export function skippedText(i18n: I18n, skipped: readonly SkippedLine[]): string {
  return skipped
    .map((s) => `${wireOptionText(i18n, s.option)} ${s.number} (${i18n._(SKIP_TEXT[s.reason])})`)
    .join(", ");
}
