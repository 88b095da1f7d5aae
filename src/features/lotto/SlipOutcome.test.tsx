// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { domHarness } from "../../test/dom.tsx";
import type { Poy } from "./lottoApi.ts";
import { PoyCard, type PoyToolsProps } from "./PoyPage.tsx";
import { totalWon } from "./SlipOutcome.tsx";

// The slip card of /poy as a member sees it once the round is settled, rendered in a DOM (happy-dom) with the
// English source texts. The slip views are shaped as the server sends them (docs/lotto-api.md "The slip" plus
// docs/results-api.md "Slips after the result").

const dom = domHarness();

/** A government slip on the draw first 123456, front 111/222, back 333/444, bottom 78 (docs/rules.md "Options and how each wins"). */
const govResult = {
  top3: "456",
  top2: "56",
  bottom2: "78",
  front3: ["111", "222"],
  back3: ["333", "444"],
  four: null,
};

function govSlip(over: Partial<Poy> = {}): Poy {
  return {
    id: "42",
    betId: 7,
    betGroup: "gov",
    betType: "gov-2025-01-16",
    betName: "gov",
    roundNo: null,
    roundName: "รัฐบาลไทย",
    roundNameEn: "Thai Government",
    status: "won",
    total: "35.00",
    potentialWin: "13950.00",
    lineCount: 4,
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
      {
        option: "teng_lang_3",
        number: "444",
        price: "5.00",
        multiply: "450",
        status: "won",
        potentialWin: "2250.00",
        payout: "2250.00",
      },
      {
        option: "teng_bon_2",
        number: "65",
        price: "10.00",
        multiply: "90",
        status: "lost",
        potentialWin: "900.00",
        payout: null,
      },
      {
        option: "teng_lang_2",
        number: "87",
        price: "10.00",
        multiply: "180",
        status: "lost",
        potentialWin: "1800.00",
        payout: null,
      },
    ],
    cancellable: false,
    cancelUntil: "2025-01-16T08:00:00.000Z",
    createdAt: "2025-01-15T03:00:00.000Z",
    payout: "11250.00",
    result: govResult,
    ...over,
  };
}

/** What the card handed to the tools the route puts under it (number sets: save the slip as one). */
let handed: PoyToolsProps | null = null;
function Tools(props: PoyToolsProps) {
  handed = props;
  return null;
}
const render = (poy: Poy) =>
  dom.render(<PoyCard poy={poy} onChanged={async () => {}} focused={false} PoyTools={Tools} />);

const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
const lineItems = (card: HTMLElement) => [...card.querySelectorAll(".poy-lines li")];
/** The value of a "label: value" row of the slip's totals. */
function total(card: HTMLElement, label: string): string | null {
  const dts = [...card.querySelectorAll(".slip-totals dt")];
  const dt = dts.find((d) => text(d) === label);
  return dt ? text(dt.nextElementSibling) : null;
}
function resultCells(card: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...card.querySelectorAll(".poy-result .result-cell")].map((cell) => [
      text(cell.querySelector("dt")),
      text(cell.querySelector("dd")),
    ]),
  );
}

describe("a slip's outcome on /poy", () => {
  it("a won slip: each line won or not with its amount, the total won and the result digits", async () => {
    const card = await render(govSlip());
    expect(text(card.querySelector(".poy-head .badge"))).toBe("Won");
    expect(total(card, "Stake")).toBe("฿35.00");
    expect(total(card, "Total won")).toBe("฿11,250.00");
    // Decided: what it might have won is no longer shown.
    expect(total(card, "Potential win")).toBeNull();

    expect(resultCells(card)).toEqual({
      "3 top": "456",
      "2 top": "56",
      "2 bottom": "78",
      "3 front": "111 · 222",
      "3 back": "333 · 444",
    });
    expect(text(card.querySelector("summary"))).toBe("4 lines · 2 won");

    const lines = lineItems(card).map(text);
    expect(lines).toEqual([
      "456 3 top ×900 · ฿10.00 Won ฿9,000.00",
      "444 3 back ×450 · ฿5.00 Won ฿2,250.00",
      "65 2 top ×90 · ฿10.00 Not won",
      "87 2 bottom ×180 · ฿10.00 Not won",
    ]);
    expect(lineItems(card).map((li) => li.className)).toEqual([
      "poy-line-won",
      "poy-line-won",
      "poy-line-lost",
      "poy-line-lost",
    ]);
    // A won slip cannot be cancelled, and its lines go to the tools under it (saved as a number set there:
    // src/features/numberSets/SetTools.test.tsx).
    const buttons = [...card.querySelectorAll("button")].map(text);
    expect(buttons).not.toContain("Cancel slip");
    expect(handed?.lines).toHaveLength(4);
    expect(handed?.suggestedName).toMatch(/slip #/);
  });

  it("a lost slip shows a total won of nothing and every line not won", async () => {
    const lost = govSlip({
      status: "lost",
      payout: "0.00",
      lines: govSlip().lines.map((l) => ({ ...l, status: "lost", payout: null })),
    });
    const card = await render(lost);
    expect(text(card.querySelector(".poy-head .badge"))).toBe("Not won");
    expect(total(card, "Total won")).toBe("฿0.00");
    expect(text(card.querySelector("summary"))).toBe("4 lines");
    expect(lineItems(card).every((li) => text(li).endsWith("Not won"))).toBe(true);
  });

  it("a waiting slip is unchanged: potential win, no result, no outcome per line", async () => {
    const waiting = govSlip({
      status: "waiting",
      payout: null,
      result: null,
      cancellable: true,
      cancelUntil: "2999-01-01T00:00:00.000Z",
      lines: govSlip().lines.map((l) => ({ ...l, status: "waiting", payout: null })),
    });
    const card = await render(waiting);
    expect(text(card.querySelector(".poy-head .badge"))).toBe("Waiting for the result");
    expect(total(card, "Potential win")).toBe("฿13,950.00");
    expect(total(card, "Total won")).toBeNull();
    expect(card.querySelector(".poy-result")).toBeNull();
    expect(lineItems(card).map(text)[0]).toBe("456 3 top ×900 · ฿10.00");
    expect([...card.querySelectorAll("button")].map(text)).toContain("Cancel slip");
  });

  it("a refunded slip says the round was cancelled and the stake came back", async () => {
    const refunded = govSlip({
      status: "refunded",
      payout: null,
      result: null,
      lines: govSlip().lines.map((l) => ({ ...l, status: "refunded", payout: null })),
    });
    const card = await render(refunded);
    expect(text(card.querySelector(".poy-head .badge"))).toBe("Refunded");
    expect(total(card, "Refunded")).toBe("฿35.00");
    expect(total(card, "Potential win")).toBeNull();
    expect(text(card.querySelector("[role=note]"))).toBe(
      "This round was cancelled, so your stake was refunded to your balance.",
    );
    expect(lineItems(card).some((li) => /Won|Not won/.test(text(li)))).toBe(false);
  });

  it("a 4-digit slip shows its 4 digits as the result", async () => {
    const lao = govSlip({
      betGroup: "set4",
      betType: "set4-lao-2025-01-15",
      betName: "lao",
      roundName: "ลาว",
      roundNameEn: "Lao",
      status: "won",
      payout: "8000.00",
      result: { top3: "693", top2: "93", bottom2: "46", front3: [], back3: [], four: "4693" },
      lines: [
        {
          option: "four_top",
          number: "4693",
          price: "1.00",
          multiply: "8000",
          status: "won",
          potentialWin: "8000.00",
          payout: "8000.00",
        },
      ],
      lineCount: 1,
    });
    const card = await render(lao);
    expect(resultCells(card)).toEqual({ "4 straight": "4693" });
    expect(lineItems(card).map(text)).toEqual(["4693 4 straight ×8000 · ฿1.00 Won ฿8,000.00"]);
  });

  it("adds up the lines when a slip view has no total", () => {
    expect(totalWon(govSlip({ payout: undefined }))).toBe("฿11,250.00");
    expect(totalWon(govSlip({ payout: null }))).toBe("฿11,250.00");
    expect(totalWon(govSlip())).toBe("฿11,250.00");
  });
});
