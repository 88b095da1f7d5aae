import { describe, expect, it } from "vitest";
import { isRoundActive, orderRounds } from "./ordering.ts";

const t = (hhmm: string) => new Date(`2025-01-15T${hhmm}:00+07:00`);
const round = (betType: string, close: string, active: boolean) => ({ betType, closeAt: t(close), active });

describe("round ordering (docs/rules.md 'Ordering')", () => {
  const rounds = [
    round("c", "10:00", true),
    round("a", "08:00", false),
    round("d", "09:00", true),
    round("b", "07:00", false),
    round("e", "09:00", true),
  ];

  it("yeekee, yeekee5min and ping-pong: close time ascending", () => {
    for (const family of ["yeekee", "yeekee5Min", "pingpong"] as const)
      expect(orderRounds(family, rounds).map((r) => r.betType)).toEqual(["b", "a", "d", "e", "c"]);
  });

  it("gov and stock: active first, then close time ascending", () => {
    for (const family of ["gov", "stock", "set4"] as const)
      expect(orderRounds(family, rounds).map((r) => r.betType)).toEqual(["d", "e", "c", "b", "a"]);
  });

  it("does not reorder its input", () => {
    const copy = [...rounds];
    orderRounds("stock", rounds);
    expect(rounds).toEqual(copy);
  });

  it("a round is active until its real close time passes", () => {
    expect(isRoundActive(t("10:00"), t("09:59"))).toBe(true);
    expect(isRoundActive(t("10:00"), t("10:00"))).toBe(false);
    expect(isRoundActive(t("10:00"), t("10:01"))).toBe(false);
  });
});
