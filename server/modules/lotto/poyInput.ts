import type { ErrorCode } from "../../../src/domain/contracts/errors.ts";
import { SLIP_LINES_MAX, type SlipLineInput } from "../../../src/domain/contracts/lotto.ts";
import {
  type AnyOption,
  exposureKey,
  familyOffers,
  isOption,
  isWellFormedNumber,
  optionFromWire,
  optionWire,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { parseAmount } from "../../../src/domain/wallet.ts";
import { AppError } from "../../http/errors.ts";
import { betNameOf, familyOf, type RoundRow, roundLimit } from "./rounds.ts";

/**
 * A slip's input, checked against its round before anything is priced or stored (docs/lotto-api.md "Placing a
 * slip", docs/rules.md "Slips"): the call it came through, then every line's option, number and price. Pure: no
 * database, so a refusal costs nothing and stores nothing.
 */

/** One line as the request carries it (src/domain/contracts/lotto.ts SlipLineBody). */
export type LineInput = SlipLineInput;

/** Which create call the slip came through: poys.create (lotto families) or lotteries.{api}.create (set4). */
export type CreateVia = { kind: "poys" } | { kind: "lottery"; api: string };

/** A line that passed every check: its option, price in satang, the rate the member saw, its exposure key. */
export interface CheckedLine {
  index: number;
  option: AnyOption;
  number: string;
  price: bigint;
  /** The rate the member confirmed (checked against the rate now by pricing). */
  seen: string;
  add: number;
  key: string;
}

/** A refusal that names the line (its index, option and number) so the app can point at it. */
export const lineError = (
  status: number,
  code: ErrorCode,
  message: string,
  index: number,
  line: { option: string; number: string },
  extra: Record<string, unknown> = {},
) => new AppError(status, code, message, { line: index, option: line.option, number: line.number, ...extra });

/** Empty and over-long slips are refused before the round is even read. */
export function checkLineCount(lines: readonly unknown[]): void {
  if (lines.length === 0) throw new AppError(400, "SLIP_EMPTY", "The slip has no lines.");
  if (lines.length > SLIP_LINES_MAX) {
    throw new AppError(400, "SLIP_TOO_LONG", `A slip has at most ${SLIP_LINES_MAX} lines.`);
  }
}

/** A 4-digit lottery's slips come through its own call, every other family's through poys.create. */
export function checkRoute(round: RoundRow, via: CreateVia): void {
  const isSet4 = round.family === "set4";
  const ok = via.kind === "poys" ? !isSet4 : isSet4 && betNameOf(round) === via.api;
  if (!ok) {
    const where = isSet4 ? `lotteries.${betNameOf(round)}.create` : "poys.create";
    throw new AppError(400, "ROUND_MISMATCH", `This round takes slips through ${where}.`, {
      betName: betNameOf(round),
    });
  }
}

/** Shape, option, number and price of every line (the round's offer and limits); no rates yet. */
export function checkLines(round: RoundRow, lines: readonly LineInput[]): CheckedLine[] {
  const family = familyOf(round);
  const seen = new Set<string>();
  return lines.map((line, index) => {
    const option = optionFromWire(line.option) ?? (isOption(line.option) ? line.option : null);
    if (!option) throw lineError(400, "OPTION_UNKNOWN", "Unknown bet option.", index, line);
    const wire = { option: optionWire(option), number: line.number };
    const limit = roundLimit(round, option);
    if (!familyOffers(family, option) || round.rates[option] === undefined || !limit) {
      throw lineError(400, "OPTION_NOT_OFFERED", "This round does not offer this option.", index, wire);
    }
    if (!isWellFormedNumber(option, line.number)) {
      throw lineError(400, "NUMBER_INVALID", "The number does not fit this option.", index, wire);
    }
    const price = parseAmount(line.price);
    if (price === null) {
      throw lineError(
        400,
        "AMOUNT_INVALID",
        "Please enter an amount in baht with at most two decimals.",
        index,
        wire,
      );
    }
    if (price < limit.min || price > limit.max) {
      throw lineError(400, "PRICE_OUT_OF_RANGE", "The price is outside this option's limits.", index, wire, {
        betMin: satangToBaht(limit.min),
        betMax: satangToBaht(limit.max),
      });
    }
    const ref = `${option}:${line.number}`;
    if (seen.has(ref)) {
      throw lineError(400, "LINE_DUPLICATE", "The slip has this option and number twice.", index, wire);
    }
    seen.add(ref);
    return {
      index,
      option,
      number: line.number,
      price,
      seen: line.multiply,
      add: line.add ?? 1,
      key: exposureKey(option, line.number),
    };
  });
}
