import {
  fiveDigitOutcome,
  govOutcome,
  hanoiOutcome,
  laoOutcome,
  malayOutcome,
  type Outcome,
  stockOutcome,
} from "./judge.ts";
import type { LottoFamily } from "./options.ts";

/**
 * A result as entered or published (docs/results-api.md "Result payloads"), per family and, for the 4-digit
 * lotteries, per lottery (the round's betName: hanoy, lao, lao-super, malay). The back office previews what it
 * enters with this and the server judges lines with the same function, so both always agree.
 */
export type ResultPayload =
  | { number: string }
  | { first: string; front3: string[]; back3: string[]; bottom2: string }
  | { close: string; change: string }
  | { draw: string }
  | { special: string; first: string }
  | { first: string };

/** The fields a payload has, in entry order (a form renders these). */
export type PayloadField =
  | { key: "number"; digits: 5 }
  | { key: "first"; digits: 6 | 4 | 5 }
  | { key: "front3" | "back3"; digits: 3; count: 2 }
  | { key: "bottom2"; digits: 2 }
  | { key: "close" | "change"; decimal: true }
  | { key: "draw"; digits: 6 }
  | { key: "special"; digits: 5 };

export function payloadFields(family: LottoFamily, betName: string): PayloadField[] {
  switch (family) {
    case "yeekee":
    case "yeekee5Min":
    case "pingpong":
      return [{ key: "number", digits: 5 }];
    case "gov":
      return [
        { key: "first", digits: 6 },
        { key: "front3", digits: 3, count: 2 },
        { key: "back3", digits: 3, count: 2 },
        { key: "bottom2", digits: 2 },
      ];
    case "stock":
      return [
        { key: "close", decimal: true },
        { key: "change", decimal: true },
      ];
    case "set4":
      if (betName === "hanoy")
        return [
          { key: "special", digits: 5 },
          { key: "first", digits: 5 },
        ];
      if (betName === "malay") return [{ key: "first", digits: 4 }];
      return [{ key: "draw", digits: 6 }];
    default:
      throw new RangeError(`unknown family ${JSON.stringify(family)}`);
  }
}

function text(payload: Record<string, unknown>, key: string): string {
  const value = payload[key];
  if (typeof value !== "string") throw new RangeError(`${key} is required`);
  return value.trim();
}

function pair(payload: Record<string, unknown>, key: string): [string, string] {
  const value = payload[key];
  if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === "string"))
    throw new RangeError(`${key} must be two numbers`);
  const [a, b] = value as [string, string];
  return [a.trim(), b.trim()];
}

/**
 * The payload reduced to exactly its fields (trimmed), and the outcome lines are judged on. Throws a RangeError
 * naming the first wrong field.
 */
export function parseResultPayload(
  family: LottoFamily,
  betName: string,
  payload: Record<string, unknown>,
): { payload: ResultPayload; outcome: Outcome } {
  switch (family) {
    case "yeekee":
    case "yeekee5Min":
    case "pingpong": {
      const clean = { number: text(payload, "number") };
      return { payload: clean, outcome: fiveDigitOutcome(clean.number) };
    }
    case "gov": {
      const clean = {
        first: text(payload, "first"),
        front3: pair(payload, "front3"),
        back3: pair(payload, "back3"),
        bottom2: text(payload, "bottom2"),
      };
      return { payload: clean, outcome: govOutcome(clean) };
    }
    case "stock": {
      const clean = { close: text(payload, "close"), change: text(payload, "change") };
      return { payload: clean, outcome: stockOutcome(clean.close, clean.change) };
    }
    case "set4": {
      if (betName === "hanoy") {
        const clean = { special: text(payload, "special"), first: text(payload, "first") };
        return { payload: clean, outcome: hanoiOutcome(clean) };
      }
      if (betName === "malay") {
        const clean = { first: text(payload, "first") };
        return { payload: clean, outcome: malayOutcome(clean.first) };
      }
      if (betName === "lao" || betName === "lao-super") {
        const clean = { draw: text(payload, "draw") };
        return { payload: clean, outcome: laoOutcome(clean.draw) };
      }
      throw new RangeError(`unknown 4-digit lottery ${JSON.stringify(betName)}`);
    }
    default:
      throw new RangeError(`unknown family ${JSON.stringify(family)}`);
  }
}

/** The numbers a result is shown with: 3-top, 2-top, 2-bottom, and the 4-digit draw where there is one. */
export function headlineOf(outcome: Outcome): {
  top3: string;
  top2: string;
  bottom2: string;
  four: string | null;
} {
  return { top3: outcome.top3, top2: outcome.top3.slice(1), bottom2: outcome.bottom2, four: outcome.four };
}
