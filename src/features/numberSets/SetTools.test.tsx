// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { domHarness } from "../../test/dom.tsx";
import { type Poy, PoyCard } from "../lotto/index.ts";
import { PoySetTools } from "./SetTools.tsx";

// The /poy card as the routes compose it (src/routes/_member/poy.tsx): lotto's slip with this feature's tools.

const dom = domHarness();

const won: Poy = {
  id: "42",
  betId: 7,
  betGroup: "gov",
  betType: "gov-2025-01-16",
  betName: "gov",
  roundNo: null,
  roundName: "รัฐบาลไทย",
  roundNameEn: "Thai Government",
  status: "won",
  total: "10.00",
  potentialWin: "9000.00",
  lineCount: 1,
  lines: [
    {
      option: "teng_bon_3",
      number: "456",
      price: "10.00",
      multiply: "900",
      status: "won",
      potentialWin: "9000.00",
      payout: "9000.00",
    },
  ],
  cancellable: false,
  cancelUntil: null,
  createdAt: "2025-01-16T08:00:00Z",
  payout: "9000.00",
  result: null,
};

describe("a placed slip with the number-set tools", () => {
  it("offers to keep a won slip's lines as a number set", async () => {
    const card = await dom.render(
      <PoyCard poy={won} onChanged={async () => {}} focused={false} PoyTools={PoySetTools} />,
    );
    const buttons = [...card.querySelectorAll("button")].map((b) => b.textContent?.trim());
    expect(buttons).not.toContain("Cancel slip");
    expect(buttons).toContain("Save as number set");
  });
});
