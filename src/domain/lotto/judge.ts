import { type AnyOption, isWellFormedNumber } from "./options.ts";

/**
 * Judging lines against a result (docs/rules.md "Options and how each wins"). Each family's result is first
 * reduced to an Outcome (the numbers the options are judged on); judgeLine then says whether a line won, i.e.
 * whether its multiplier applies. A line wins at most once: a run digit that appears twice still pays once.
 */

export interface Outcome {
  /** 3-top; 2-top is its last two digits. */
  top3: string;
  bottom2: string;
  /** Government only: the two 3-front and the two 3-back numbers. */
  front3: readonly string[];
  back3: readonly string[];
  /** 4-digit lotteries only: WXYZ. */
  four: string | null;
}

const digitsOf = (text: string, length: number) => text.length === length && /^[0-9]+$/.test(text);

function need(text: string, length: number, what: string): string {
  if (!digitsOf(text, length))
    throw new RangeError(`${what} must be ${length} digits: ${JSON.stringify(text)}`);
  return text;
}

export interface GovResult {
  /** The 6-digit first prize. */
  first: string;
  front3: readonly [string, string];
  back3: readonly [string, string];
  bottom2: string;
}

/** Government lottery: 3-top is the last 3 digits of the first prize. */
export function govOutcome(result: GovResult): Outcome {
  return {
    top3: need(result.first, 6, "first prize").slice(3),
    bottom2: need(result.bottom2, 2, "2-bottom"),
    front3: result.front3.map((n) => need(n, 3, "3-front")),
    back3: result.back3.map((n) => need(n, 3, "3-back")),
    four: null,
  };
}

/** Yeekee and ping-pong: from ABCDE, 3-top CDE, 2-bottom AB. */
export function fiveDigitOutcome(number: string): Outcome {
  need(number, 5, "result");
  return { top3: number.slice(2), bottom2: number.slice(0, 2), front3: [], back3: [], four: null };
}

const INDEX = /^(\d+)(?:\.(\d{1,2}))?$/;

function decimals(value: string, what: string): { units: string; cents: string } {
  const match = INDEX.exec(value.replace(/,/g, ""));
  if (!match)
    throw new RangeError(`${what} is not a decimal with at most 2 places: ${JSON.stringify(value)}`);
  const whole = match[1] as string;
  return { units: whole.slice(-1), cents: (match[2] ?? "").padEnd(2, "0") };
}

/**
 * Stock lotteries, from the index close and its change as published (strings, "38,654.42" and "+123.76"; one
 * decimal place means a trailing 0 was dropped). 3-top = units digit + 2 decimals of the close; 2-bottom = the 2
 * decimals of the change, whatever its sign (−123.76 gives 76, as +123.76 does).
 */
export function stockOutcome(close: string, change: string): Outcome {
  const c = decimals(close.trim(), "close");
  const d = decimals(change.trim().replace(/^[+\-−]/, ""), "change");
  return { top3: c.units + c.cents, bottom2: d.cents, front3: [], back3: [], four: null };
}

/**
 * 4-digit lotteries from WXYZ: 3-top XYZ (2-top YZ); 2-bottom WX by the Lao convention unless the lottery
 * publishes its own (Hanoi).
 */
export function fourDigitOutcome(four: string, bottom2?: string): Outcome {
  need(four, 4, "4-digit result");
  return {
    top3: four.slice(1),
    bottom2: bottom2 === undefined ? four.slice(0, 2) : need(bottom2, 2, "2-bottom"),
    front3: [],
    back3: [],
    four,
  };
}

/** Lao and Lao Super: the last 4 digits of the 6-digit draw (564693 → 4693 → 2-top 93, 2-bottom 46). */
export function laoOutcome(draw: string): Outcome {
  return fourDigitOutcome(need(draw, 6, "Lao draw").slice(2));
}

/**
 * Hanoi: WXYZ is the last 4 digits of the special prize (giải đặc biệt, 5 digits); 2-bottom is the last 2 digits
 * of the 1st prize (giải nhất, 5 digits).
 */
export function hanoiOutcome(result: { special: string; first: string }): Outcome {
  return fourDigitOutcome(
    need(result.special, 5, "special prize").slice(1),
    need(result.first, 5, "1st prize").slice(3),
  );
}

/** Malay (Magnum 4D style): the 4-digit first prize. */
export function malayOutcome(first: string): Outcome {
  return fourDigitOutcome(first);
}

const sortDigits = (n: string) => [...n].sort().join("");

/** Whether `number` on `option` wins on `outcome`. A malformed number never wins. */
export function judgeLine(option: AnyOption, number: string, outcome: Outcome): boolean {
  if (!isWellFormedNumber(option, number)) return false;
  const { top3, bottom2, four } = outcome;
  switch (option) {
    case "tengBon3":
      return number === top3;
    case "tode3":
      return sortDigits(number) === sortDigits(top3);
    case "tengBonNha3":
      return outcome.front3.includes(number);
    case "tengLang3":
      return outcome.back3.includes(number);
    case "tengBon2":
      return number === top3.slice(1);
    case "tengLang2":
      return number === bottom2;
    case "tengBon1":
      return top3.includes(number);
    case "tengLang1":
      return bottom2.includes(number);
    case "fourTop":
      return four !== null && number === four;
    case "fourTode":
      return four !== null && sortDigits(number) === sortDigits(four);
    case "threeTop":
      return four !== null && number === four.slice(1);
    case "threeTode":
      return four !== null && sortDigits(number) === sortDigits(four.slice(1));
    case "threeFront":
      return four !== null && number === four.slice(0, 3);
    case "twoFront":
      return four !== null && number === four.slice(0, 2);
    case "twoBack":
      return four !== null && number === four.slice(2);
  }
}

function permutations(digits: string): string[] {
  if (digits.length <= 1) return [digits];
  const out = new Set<string>();
  for (let i = 0; i < digits.length; i++)
    for (const rest of permutations(digits.slice(0, i) + digits.slice(i + 1))) out.add(digits[i] + rest);
  return [...out];
}

/**
 * Every winning number per option, sorted (for showing a result and settling a round). An option with nothing
 * to win on (3-front outside the government lottery, 4-digit options outside the 4-digit lotteries) gets [].
 */
export function winningNumbers(outcome: Outcome): Record<AnyOption, string[]> {
  const { top3, bottom2, four } = outcome;
  const sort = (numbers: Iterable<string>) => [...new Set(numbers)].sort();
  return {
    tengBon3: [top3],
    tode3: sort(permutations(top3)),
    tengBonNha3: sort(outcome.front3),
    tengLang3: sort(outcome.back3),
    tengBon2: [top3.slice(1)],
    tengLang2: [bottom2],
    tengBon1: sort(top3),
    tengLang1: sort(bottom2),
    fourTop: four ? [four] : [],
    fourTode: four ? sort(permutations(four)) : [],
    threeTop: four ? [four.slice(1)] : [],
    threeTode: four ? sort(permutations(four.slice(1))) : [],
    threeFront: four ? [four.slice(0, 3)] : [],
    twoFront: four ? [four.slice(0, 2)] : [],
    twoBack: four ? [four.slice(2)] : [],
  };
}
