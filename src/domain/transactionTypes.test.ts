import { describe, expect, it } from "vitest";
import { isTransactionType, TRANSACTION_TYPES, transactionGroup } from "./transactionTypes.ts";

describe("transaction groups (docs/rules.md 'Transaction types')", () => {
  it("puts each spec type in its statement group", () => {
    for (const t of [
      "PREDEPOSIT",
      "DEPOSIT",
      "ADMIN_INCREASE",
      "ABORT_POY",
      "ACHIVEMENT_ADDMONEY",
      "YING_WIN",
      "ADMIN_MOVE_INCREASE",
      "MOVE_AF_TO_MONEY",
    ] as const) {
      expect(transactionGroup(t), t).toBe("deposit");
    }
    for (const t of ["WITHDRAW", "ADMIN_DECREASE", "ADMIN_MOVE_DECREASE"] as const)
      expect(transactionGroup(t), t).toBe("withdraw");
    for (const t of [
      "BET_GOV",
      "BET_YEEKEE",
      "BET_STOCK",
      "BET_SET_4",
      "WIN_GOV",
      "WIN_YEEKEE",
      "WIN_STOCK",
      "WIN_SET_4",
    ] as const) {
      expect(transactionGroup(t), t).toBe("lotto");
    }
    for (const t of [
      "BET_GAME",
      "WIN_GAME",
      "ABORT_GAME",
      "REFUND_GAME",
      "GAME_ADD",
      "GAME_DEDUCT",
      "CREATE_GAME",
      "DRAW_GAME",
      "BONUS_GAME",
    ] as const) {
      expect(transactionGroup(t), t).toBe("games");
    }
  });

  it("knows exactly the spec's types", () => {
    expect(TRANSACTION_TYPES).toHaveLength(28);
    expect(new Set(TRANSACTION_TYPES).size).toBe(28);
    expect(isTransactionType("DEPOSIT")).toBe(true);
    expect(isTransactionType("FREE_MONEY")).toBe(false);
  });
});
