import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fiveDigitOutcome,
  fourDigitOutcome,
  govOutcome,
  hanoiOutcome,
  judgeLine,
  laoOutcome,
  malayOutcome,
  type Outcome,
  stockOutcome,
  winningNumbers,
} from "./judge.ts";
import { ALL_OPTIONS, FOUR_DIGIT_OPTIONS, optionDigits } from "./options.ts";

const sorted = (n: string) => [...n].sort().join("");

describe("government lottery", () => {
  // docs/rules.md: first 123456, front {111, 222}, back {333, 444}, bottom 78 → 3-top 456, tode {456, 465, 546, 564,
  // 645, 654}, 2-top 56, 2-bottom 78, run-top {4,5,6}, run-bottom {7,8}.
  const outcome = govOutcome({
    first: "123456",
    front3: ["111", "222"],
    back3: ["333", "444"],
    bottom2: "78",
  });

  it("gives docs/rules.md's winning sets", () => {
    expect(winningNumbers(outcome)).toMatchObject({
      tengBon3: ["456"],
      tode3: ["456", "465", "546", "564", "645", "654"],
      tengBonNha3: ["111", "222"],
      tengLang3: ["333", "444"],
      tengBon2: ["56"],
      tengLang2: ["78"],
      tengBon1: ["4", "5", "6"],
      tengLang1: ["7", "8"],
    });
  });

  it("judges lines against it", () => {
    expect(judgeLine("tengBon3", "456", outcome)).toBe(true);
    expect(judgeLine("tengBon3", "123", outcome)).toBe(false); // the first 3 digits are not 3-top
    expect(judgeLine("tode3", "654", outcome)).toBe(true);
    expect(judgeLine("tode3", "455", outcome)).toBe(false);
    expect(judgeLine("tengBonNha3", "222", outcome)).toBe(true);
    expect(judgeLine("tengBonNha3", "333", outcome)).toBe(false);
    expect(judgeLine("tengLang3", "444", outcome)).toBe(true);
    expect(judgeLine("tengLang3", "111", outcome)).toBe(false);
    expect(judgeLine("tengBon2", "56", outcome)).toBe(true);
    expect(judgeLine("tengBon2", "45", outcome)).toBe(false);
    expect(judgeLine("tengLang2", "78", outcome)).toBe(true);
    expect(judgeLine("tengLang2", "87", outcome)).toBe(false);
    expect(judgeLine("tengBon1", "5", outcome)).toBe(true);
    expect(judgeLine("tengBon1", "1", outcome)).toBe(false);
    expect(judgeLine("tengLang1", "7", outcome)).toBe(true);
    expect(judgeLine("tengLang1", "6", outcome)).toBe(false);
  });

  it("refuses a malformed result", () => {
    expect(() =>
      govOutcome({ first: "12345", front3: ["111", "222"], back3: ["333", "444"], bottom2: "78" }),
    ).toThrow(RangeError);
    expect(() =>
      govOutcome({ first: "123456", front3: ["111", "22"], back3: ["333", "444"], bottom2: "78" }),
    ).toThrow(RangeError);
  });
});

describe("tode and runs", () => {
  it("tode 112 wins on 112, 121, 211", () => {
    for (const top of ["112", "121", "211"])
      expect(judgeLine("tode3", "112", fiveDigitOutcome(`00${top}`))).toBe(true);
    expect(judgeLine("tode3", "112", fiveDigitOutcome("00122"))).toBe(false);
    expect(winningNumbers(fiveDigitOutcome("00112")).tode3).toEqual(["112", "121", "211"]);
  });

  it("a run digit that appears twice pays once", () => {
    const outcome = fiveDigitOutcome("44445"); // 3-top 445, 2-bottom 44
    expect(judgeLine("tengBon1", "4", outcome)).toBe(true);
    expect(winningNumbers(outcome).tengBon1).toEqual(["4", "5"]);
    expect(winningNumbers(outcome).tengLang1).toEqual(["4"]);
  });

  it("tode wins iff the sorted digits are equal", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{3}$/), fc.stringMatching(/^[0-9]{5}$/), (number, result) => {
        const outcome = fiveDigitOutcome(result);
        return judgeLine("tode3", number, outcome) === (sorted(number) === sorted(result.slice(2)));
      }),
    );
    // Also on draws built to win: any shuffle of 3-top.
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{5}$/), fc.integer({ min: 0, max: 5 }), (result, k) => {
        const [a, b, c] = [...result.slice(2)] as [string, string, string];
        const orders = [a + b + c, a + c + b, b + a + c, b + c + a, c + a + b, c + b + a];
        return judgeLine("tode3", orders[k] as string, fiveDigitOutcome(result));
      }),
    );
  });

  it("4-tode wins iff the sorted digits are equal", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{4}$/),
        fc.stringMatching(/^[0-9]{4}$/),
        (number, four) =>
          judgeLine("fourTode", number, fourDigitOutcome(four)) === (sorted(number) === sorted(four)),
      ),
    );
    expect(winningNumbers(fourDigitOutcome("1234")).fourTode).toHaveLength(24);
    expect(winningNumbers(fourDigitOutcome("1123")).fourTode).toHaveLength(12);
  });

  it("a run wins iff its digit is in the number", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]$/), fc.stringMatching(/^[0-9]{5}$/), (d, result) => {
        const o = fiveDigitOutcome(result);
        return (
          judgeLine("tengBon1", d, o) === result.slice(2).includes(d) &&
          judgeLine("tengLang1", d, o) === result.slice(0, 2).includes(d)
        );
      }),
    );
  });
});

describe("yeekee and ping-pong", () => {
  it("from ABCDE: 3-top CDE, 2-top DE, 2-bottom AB (16014 → 014, 14, 16)", () => {
    const outcome = fiveDigitOutcome("16014");
    expect(outcome).toEqual({ top3: "014", bottom2: "16", front3: [], back3: [], four: null });
    expect(judgeLine("tengBon3", "014", outcome)).toBe(true);
    expect(judgeLine("tengBon2", "14", outcome)).toBe(true);
    expect(judgeLine("tengLang2", "16", outcome)).toBe(true);
    expect(judgeLine("tengLang2", "14", outcome)).toBe(false);
    expect(judgeLine("tengBonNha3", "160", outcome)).toBe(false);
    expect(() => fiveDigitOutcome("1601")).toThrow(RangeError);
  });
});

describe("stock lotteries", () => {
  it("Dow close 38,654.42, change +123.76 → 3-top 442, 2-top 42, 2-bottom 76", () => {
    const outcome = stockOutcome("38,654.42", "+123.76");
    expect(outcome.top3).toBe("442");
    expect(outcome.bottom2).toBe("76");
    expect(judgeLine("tengBon3", "442", outcome)).toBe(true);
    expect(judgeLine("tengBon2", "42", outcome)).toBe(true);
    expect(judgeLine("tengLang2", "76", outcome)).toBe(true);
  });

  it("takes the change's decimals whatever its sign", () => {
    expect(stockOutcome("38654.42", "-123.76").bottom2).toBe("76");
    expect(stockOutcome("38654.42", "−0.05").bottom2).toBe("05"); // U+2212 minus
    expect(stockOutcome("38654.42", "0.00").bottom2).toBe("00");
  });

  it("reads a dropped trailing zero as 0 and refuses more than two decimals", () => {
    expect(stockOutcome("1234.5", "12.3")).toMatchObject({ top3: "450", bottom2: "30" });
    expect(stockOutcome("1230", "-7").top3).toBe("000");
    expect(() => stockOutcome("1234.567", "1.00")).toThrow(RangeError);
    expect(() => stockOutcome("abc", "1.00")).toThrow(RangeError);
    expect(() => stockOutcome("1.00", "+-1.00")).toThrow(RangeError);
  });
});

describe("4-digit lotteries", () => {
  it("Lao 564693 → 4693 → 2-top 93, 2-bottom 46", () => {
    const outcome = laoOutcome("564693");
    expect(outcome.four).toBe("4693");
    expect(judgeLine("tengBon2", "93", outcome)).toBe(true);
    expect(judgeLine("tengLang2", "46", outcome)).toBe(true);
    expect(winningNumbers(outcome)).toMatchObject({
      fourTop: ["4693"],
      threeTop: ["693"],
      threeTode: ["369", "396", "639", "693", "936", "963"],
      threeFront: ["469"],
      twoFront: ["46"],
      twoBack: ["93"],
    });
    expect(judgeLine("fourTode", "9346", outcome)).toBe(true);
    expect(judgeLine("fourTop", "9346", outcome)).toBe(false);
    expect(judgeLine("threeFront", "693", outcome)).toBe(false);
    expect(() => laoOutcome("4693")).toThrow(RangeError);
  });

  it("Hanoi 2-bottom = last 2 digits of its 1st prize", () => {
    const outcome = hanoiOutcome({ special: "12345", first: "67890" });
    expect(outcome.four).toBe("2345");
    expect(outcome.top3).toBe("345");
    expect(judgeLine("tengLang2", "90", outcome)).toBe(true);
    expect(judgeLine("tengLang2", "23", outcome)).toBe(false);
    // The 4-digit options are judged on the special prize alone.
    expect(judgeLine("twoFront", "23", outcome)).toBe(true);
  });

  it("Malay: the 4-digit first prize", () => {
    expect(winningNumbers(malayOutcome("0071")).fourTop).toEqual(["0071"]);
  });

  it("never pays a 4-digit option on another family's result", () => {
    const outcome = fiveDigitOutcome("12345");
    for (const option of FOUR_DIGIT_OPTIONS) {
      expect(winningNumbers(outcome)[option]).toEqual([]);
      expect(judgeLine(option, "2345".slice(-optionDigits(option)), outcome)).toBe(false);
    }
  });
});

describe("judgeLine and winningNumbers agree", () => {
  const three = fc.stringMatching(/^[0-9]{3}$/);
  const outcomes: fc.Arbitrary<Outcome> = fc.oneof(
    fc.stringMatching(/^[0-9]{5}$/).map(fiveDigitOutcome),
    fc.stringMatching(/^[0-9]{4}$/).map((f) => fourDigitOutcome(f)),
    fc
      .record({
        first: fc.stringMatching(/^[0-9]{6}$/),
        front3: fc.tuple(three, three),
        back3: fc.tuple(three, three),
        bottom2: fc.stringMatching(/^[0-9]{2}$/),
      })
      .map(govOutcome),
  );

  it("a number wins iff it is in the option's winning set", () => {
    fc.assert(
      fc.property(
        outcomes,
        fc.constantFrom(...ALL_OPTIONS),
        fc.stringMatching(/^[0-9]{1,4}$/),
        (outcome, option, n) => {
          const set = winningNumbers(outcome)[option];
          return (
            judgeLine(option, n, outcome) === set.includes(n) &&
            set.every((w) => judgeLine(option, w, outcome))
          );
        },
      ),
    );
  });

  it("a malformed number never wins", () => {
    const outcome = fiveDigitOutcome("12345");
    expect(judgeLine("tengBon2", "5", outcome)).toBe(false);
    expect(judgeLine("tengBon2", "045", outcome)).toBe(false);
    expect(judgeLine("tengBon1", "45", outcome)).toBe(false);
    expect(judgeLine("tode3", "34 5", outcome)).toBe(false);
  });
});
