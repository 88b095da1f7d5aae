// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { domHarness } from "../../test/dom.tsx";
import { BonusRule, BonusWinners } from "./ShooterBonus.tsx";
import type { ShooterBonus } from "./yeekeeApi.ts";

// The shooter bonus as the shooting screen states it (English source texts, in happy-dom): the rule with the
// configured amounts while shooting, then who got places #1 and #16 and what they were paid.

const dom = domHarness();
const { render, text } = dom;
const host = () => dom.host();

const bonus = (over: Partial<ShooterBonus>): ShooterBonus => ({
  place: 1,
  seq: 21,
  yingNumber: "12345",
  userName: "so***ai",
  amount: "50.00",
  mine: false,
  ...over,
});

describe("the shooter bonus rule", () => {
  it("states the configured amounts", async () => {
    await render(<BonusRule rule={{ first: "50.00", sixteenth: "50.00" }} />);
    expect(text()).toMatch(
      /^Shooters at places #1 and #16 get a ฿50 bonus each when they have a slip in this round\. Place #1 is the last shot/,
    );
  });

  it("names each place's amount when they differ, or the one place that has a bonus", async () => {
    await render(<BonusRule rule={{ first: "1000.00", sixteenth: "20.00" }} />);
    expect(text()).toContain("place #1 gets a ฿1,000 bonus and the one at place #16 a ฿20 bonus");
    await render(<BonusRule rule={{ first: "0.00", sixteenth: "30.00" }} />);
    expect(text()).toContain("The shooter at place #16 gets a ฿30 bonus when they have a slip");
    expect(text()).not.toContain("place #1 gets");
  });

  it("is not shown when both bonuses are off, or the server does not say", async () => {
    await render(<BonusRule rule={{ first: "0.00", sixteenth: "0.00" }} />);
    expect(text()).toBe("");
    await render(<BonusRule rule={undefined} />);
    expect(text()).toBe("");
  });
});

describe("the shooter bonus result", () => {
  const rule = { first: "50.00", sixteenth: "50.00" };

  it("shows who got each place, with the amount paid or why nothing was", async () => {
    await render(
      <BonusWinners
        rule={rule}
        bonuses={[
          bonus({}),
          bonus({ place: 16, seq: 6, yingNumber: "00042", userName: "pl***01", amount: "0.00" }),
        ]}
      />,
    );
    const items = [...host().querySelectorAll("li")].map((li) => (li.textContent ?? "").replace(/\s+/g, " "));
    expect(items).toEqual([
      "Place #1 shot #21 12345 so***aiBonus paid: ฿50.00",
      "Place #16 shot #6 00042 pl***01No slip in this round, no bonus.",
    ]);
    expect(host().querySelector(".is-mine")).toBeNull();
  });

  it("congratulates the member on their own place, and says why when they had no slip", async () => {
    await render(
      <BonusWinners
        rule={rule}
        bonuses={[bonus({ mine: true }), bonus({ place: 16, seq: 6, amount: "0.00", mine: true })]}
      />,
    );
    const mine = [...host().querySelectorAll("li.is-mine")];
    expect(mine).toHaveLength(2);
    expect(mine[0]?.querySelector("[role=status]")?.textContent).toBe(
      "You won the ฿50 shooter bonus for place #1.",
    );
    expect(mine[1]?.querySelector("[role=status]")?.textContent).toBe(
      "Your shot took place #16, but you have no slip in this round: no bonus.",
    );
    expect(text()).not.toContain("so***ai");
  });

  it("leaves out a place whose bonus is off, and the whole box when nothing is offered or drawn", async () => {
    await render(
      <BonusWinners
        rule={{ first: "50.00", sixteenth: "0.00" }}
        bonuses={[bonus({}), bonus({ place: 16, seq: 6, amount: "0.00" })]}
      />,
    );
    expect(host().querySelectorAll("li")).toHaveLength(1);
    await render(
      <BonusWinners
        rule={{ first: "0.00", sixteenth: "0.00" }}
        bonuses={[bonus({ amount: "0.00" }), bonus({ place: 16, seq: 6, amount: "0.00" })]}
      />,
    );
    expect(text()).toBe("");
    await render(<BonusWinners rule={rule} bonuses={[]} />);
    expect(text()).toBe("");
  });
});
