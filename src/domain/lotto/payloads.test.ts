import { describe, expect, it } from "vitest";
import { parseResultPayload, payloadFields } from "./payloads.ts";

describe("result payloads", () => {
  it("reads a government result: 3-top from the first prize, fronts, backs and 2-bottom", () => {
    const { payload, outcome } = parseResultPayload("gov", "gov", {
      first: " 820866 ",
      front3: ["266", "481"],
      back3: ["587", "775"],
      bottom2: "06",
      extra: "dropped",
    });
    expect(payload).toEqual({
      first: "820866",
      front3: ["266", "481"],
      back3: ["587", "775"],
      bottom2: "06",
    });
    expect(outcome).toEqual({
      top3: "866",
      bottom2: "06",
      front3: ["266", "481"],
      back3: ["587", "775"],
      four: null,
    });
  });

  it("reads yeekee and ping-pong from the 5-digit number (docs/rules.md: 16014 → 014 and 16)", () => {
    expect(parseResultPayload("yeekee", "yeekee", { number: "16014" }).outcome).toMatchObject({
      top3: "014",
      bottom2: "16",
    });
    expect(parseResultPayload("pingpong", "pingpong", { number: "00007" }).outcome.top3).toBe("007");
  });

  it("reads a stock close and change", () => {
    expect(
      parseResultPayload("stock", "nikkei_am", { close: "38,654.42", change: "-123.76" }).outcome,
    ).toMatchObject({ top3: "442", bottom2: "76" });
  });

  it("reads each 4-digit lottery by its betName", () => {
    expect(parseResultPayload("set4", "lao", { draw: "564693" }).outcome).toMatchObject({
      four: "4693",
      top3: "693",
      bottom2: "46",
    });
    expect(parseResultPayload("set4", "lao-super", { draw: "123456" }).outcome.four).toBe("3456");
    expect(parseResultPayload("set4", "hanoy", { special: "12345", first: "67890" }).outcome).toMatchObject({
      four: "2345",
      bottom2: "90",
    });
    expect(parseResultPayload("set4", "malay", { first: "0420" }).outcome.four).toBe("0420");
  });

  it("refuses a wrong or missing field with a RangeError", () => {
    expect(() =>
      parseResultPayload("gov", "gov", { first: "12345", front3: ["1", "2"], back3: [], bottom2: "1" }),
    ).toThrow(RangeError);
    expect(() =>
      parseResultPayload("gov", "gov", {
        first: "123456",
        front3: ["123"],
        back3: ["456", "789"],
        bottom2: "12",
      }),
    ).toThrow(/front3/);
    expect(() => parseResultPayload("yeekee", "yeekee", {})).toThrow(/number/);
    expect(() => parseResultPayload("set4", "lao", { draw: 564693 })).toThrow(RangeError);
    expect(() => parseResultPayload("set4", "unknown", { draw: "564693" })).toThrow(/unknown/);
  });

  it("lists the fields a form asks for, per family and lottery", () => {
    expect(payloadFields("gov", "gov").map((f) => f.key)).toEqual(["first", "front3", "back3", "bottom2"]);
    expect(payloadFields("set4", "hanoy").map((f) => f.key)).toEqual(["special", "first"]);
    expect(payloadFields("set4", "malay")).toEqual([{ key: "first", digits: 4 }]);
    expect(payloadFields("set4", "lao")).toEqual([{ key: "draw", digits: 6 }]);
    expect(payloadFields("stock", "downjone").map((f) => f.key)).toEqual(["close", "change"]);
  });
});
