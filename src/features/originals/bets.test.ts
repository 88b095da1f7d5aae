import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { baccaratBets, diceProblem, hundredths, slotProblem, stakeOf, targetOf } from "./bets.ts";
import { originalsErrorText, PROBLEM_TEXT } from "./messages.ts";

// The checks before a bet is sent (the engines' own), and how a refusal reads: BET_INVALID's problem, the balance of
// NOT_ENOUGH_MONEY, the ended game session.

const i18n = setupI18n({ locale: "en", messages: { en: {} } });

describe("bet checks", () => {
  it("reads typed amounts", () => {
    expect(stakeOf("1,000")).toBe(100_000n);
    expect(stakeOf("12.5")).toBe(1250n);
    expect(stakeOf("12.345")).toBeNull();
    expect(stakeOf("")).toBeNull();
    expect(stakeOf("0")).toBeNull();
  });

  it("checks a baccarat slip and names the bet at fault", () => {
    expect(baccaratBets({})).toEqual({ problem: "empty", kind: null });
    expect(baccaratBets({ player: "100", banker: "100" })).toEqual({ problem: "bothSides", kind: null });
    expect(baccaratBets({ player: "100", tie: "5" })).toEqual({ problem: "belowMinimum", kind: "tie" });
    expect(baccaratBets({ tie: "6000" })).toEqual({ problem: "aboveMaximum", kind: "tie" });
    expect(baccaratBets({ bankerPair: "1.234" })).toEqual({ problem: "amountInvalid", kind: "bankerPair" });
    expect(baccaratBets({ banker: "100", playerPair: "10" })).toEqual({
      problem: null,
      bets: [
        { kind: "banker", stakeSatang: 10_000n },
        { kind: "playerPair", stakeSatang: 1_000n },
      ],
    });
  });

  it("checks the slot's total bet and the dice bet", () => {
    expect(slotProblem(1000n)).toBeNull();
    expect(slotProblem(1005n)).toBe("notWholeLineBet");
    expect(slotProblem(50n)).toBe("belowMinimum");
    expect(slotProblem(100_010n)).toBe("aboveMaximum");
    expect(diceProblem({ stake: "10", direction: "under", targetHundredths: 5000 })).toBeNull();
    expect(diceProblem({ stake: "10", direction: "under", targetHundredths: 9600 })).toBe("targetInvalid");
    expect(diceProblem({ stake: "10", direction: "over", targetHundredths: 498 })).toBe("targetInvalid");
    expect(diceProblem({ stake: "0.5", direction: "over", targetHundredths: 5000 })).toBe("belowMinimum");
    expect(diceProblem({ stake: "abc", direction: "over", targetHundredths: 5000 })).toBe("amountInvalid");
  });

  it("reads and writes dice targets in hundredths", () => {
    expect(targetOf("50")).toBe(5000);
    expect(targetOf("49.99")).toBe(4999);
    expect(targetOf("4.9")).toBe(490);
    expect(targetOf("100")).toBeNull();
    expect(targetOf("5.001")).toBeNull();
    expect(hundredths(5000)).toBe("50.00");
    expect(hundredths(499)).toBe("4.99");
  });
});

describe("refusals as the player reads them", () => {
  it("words BET_INVALID by its problem, NOT_ENOUGH_MONEY with the balance, and an ended session", () => {
    expect(originalsErrorText(i18n, new ApiError(400, "BET_INVALID", "x", { problem: "bothSides" }))).toBe(
      i18n._(PROBLEM_TEXT.bothSides),
    );
    expect(originalsErrorText(i18n, new ApiError(400, "BET_INVALID", "x", { problem: "nonsense" }))).toBe(
      "This bet is not accepted.",
    );
    expect(originalsErrorText(i18n, new ApiError(409, "NOT_ENOUGH_MONEY", "x", { balance: "12345" }))).toBe(
      "Not enough money: your balance is ฿123.45.",
    );
    expect(originalsErrorText(i18n, new ApiError(401, "TOKEN_EXPIRED", "x"))).toBe(
      "This game session has ended. Go back to the lobby and open the game again.",
    );
    expect(originalsErrorText(i18n, new ApiError(503, "BET_NOT_CONFIRMED", "x"))).toMatch(
      /nothing was played, and your stake is being returned/,
    );
  });
});
