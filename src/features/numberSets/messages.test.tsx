// A .tsx test: the wordings import the lotto entry, which carries its pages (the app project compiles JSX).
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { NUMBER_SET_LIMITS, SLIP_LINES_MAX } from "../../domain/contracts/lotto.ts";
import { ApiError } from "../../lib/api.ts";
import { lottoErrorText } from "../lotto/index.ts";
import { numberSetErrorText } from "./messages.ts";

// The refusals name the limits the contract sets (src/domain/contracts/lotto.ts), never a copy of them: a limit
// changed there changes what the player reads.

const i18n = setupI18n({ locale: "en", messages: { en: {} } });
const refused = (code: string) => new ApiError(400, code, code);

describe("limits in the wording", () => {
  it("number sets: the name's length, the lines and the sets a member may keep", () => {
    expect(numberSetErrorText(i18n, refused("NUMBER_SET_NAME_INVALID"))).toBe(
      `Give the number set a name of 1 to ${NUMBER_SET_LIMITS.name} characters.`,
    );
    expect(numberSetErrorText(i18n, refused("NUMBER_SET_TOO_LONG"))).toBe(
      `A number set can have at most ${NUMBER_SET_LIMITS.lines.toLocaleString("en-US")} lines.`,
    );
    expect(numberSetErrorText(i18n, refused("NUMBER_SET_LIMIT"))).toContain(
      `at most ${NUMBER_SET_LIMITS.sets} number sets`,
    );
  });

  it("a slip's lines", () => {
    expect(lottoErrorText(i18n, refused("SLIP_TOO_LONG"))).toBe(
      `A slip can have at most ${SLIP_LINES_MAX.toLocaleString("en-US")} lines. Please split it.`,
    );
  });
});
