// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { domHarness } from "../../test/dom.tsx";
import { renderRouted } from "../../test/router.tsx";
import { ResultCard } from "./ResultCard.tsx";
import type { ResultView } from "./resultsApi.ts";

// One result as /results shows it, rendered in a DOM (happy-dom) with the English source texts, inside a router
// (the verify link is a router link). Results are shaped as the server sends them (docs/results-api.md).

const dom = domHarness();

function view(over: Partial<ResultView>): ResultView {
  return {
    betId: 7,
    betGroup: "gov",
    betType: "gov-2025-01-16",
    betName: "gov",
    name: "รัฐบาลไทย",
    nameEn: "Thai Government",
    roundNo: null,
    market: null,
    flag: null,
    dt: "2025-01-16",
    resultDt: "2025-01-16",
    status: "resulted",
    top3: "456",
    top2: "56",
    bottom2: "78",
    front3: ["111", "222"],
    back3: ["333", "444"],
    four: null,
    payload: { first: "123456", front3: ["111", "222"], back3: ["333", "444"], bottom2: "78" },
    source: "staff",
    version: 1,
    demo: false,
    verifiable: false,
    confirmedAt: "2025-01-16T09:40:00.000Z",
    ...over,
  };
}

function render(result: ResultView): Promise<HTMLElement> {
  return renderRouted(
    dom,
    () => (
      <ul>
        <ResultCard result={result} />
      </ul>
    ),
    { paths: ["/results/verify/$betId"] },
  );
}

const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
const cells = (card: Element) =>
  [...card.querySelectorAll(".result-cell")].map((c) => [
    text(c.querySelector("dt")),
    text(c.querySelector("dd")),
  ]);

describe("a result on /results", () => {
  it("government: the first prize large, 3 top, 2 top, 2 bottom, both 3 front and both 3 back", async () => {
    const card = await render(view({}));
    expect(text(card.querySelector("h4"))).toBe("Thai government lottery");
    expect(text(card.querySelector(".result-date"))).toBe("16/01/2025");
    expect(cells(card)).toEqual([
      ["First prize", "123456"],
      ["3 top", "456"],
      ["2 top", "56"],
      ["2 bottom", "78"],
      ["3 front", "111 · 222"],
      ["3 back", "333 · 444"],
    ]);
    expect(card.querySelector(".result-cell-big dd")?.textContent).toBe("123456");
    expect(card.querySelector("a")).toBeNull();
    expect(card.textContent).not.toContain("Demo result");
  });

  it("a demo-feed stock result is labelled demo, with its flag, digits and the index", async () => {
    const card = await render(
      view({
        betGroup: "stock",
        betName: "downjone",
        betType: "stock-downjone-2025-01-15",
        name: "ดาวโจนส์",
        nameEn: "Dow Jones",
        market: "downjone",
        flag: "us",
        front3: [],
        back3: [],
        top3: "442",
        top2: "42",
        bottom2: "76",
        payload: { close: "38,654.42", change: "+123.76" },
        source: "feed",
        demo: true,
      }),
    );
    const flag = card.querySelector("h4 img");
    expect(flag?.getAttribute("src")).toBe("/flags/us.svg");
    expect(flag?.getAttribute("alt")).toBe("");
    expect(text(card.querySelector("h4"))).toBe("Dow Jones");
    expect(text(card.querySelector(".badge"))).toBe("Demo result");
    expect(card.querySelector(".badge")?.getAttribute("title")).toBe(
      "Drawn by the demo results feed, not a real draw.",
    );
    expect(cells(card)).toEqual([
      ["3 top", "442"],
      ["2 top", "42"],
      ["2 bottom", "76"],
    ]);
    expect(text(card.querySelector(".result-source"))).toBe("Index close 38,654.42, change +123.76");
  });

  it("a 4-digit lottery: its 4 digits and the numbers its options are judged on", async () => {
    const card = await render(
      view({
        betGroup: "set4",
        betName: "lao",
        betType: "set4-lao-2025-01-15",
        nameEn: "Lao",
        flag: "la",
        front3: [],
        back3: [],
        top3: "693",
        top2: "93",
        bottom2: "46",
        four: "4693",
        payload: { draw: "564693" },
      }),
    );
    expect(cells(card)).toEqual([
      ["4 straight", "4693"],
      ["3 straight", "693"],
      ["3 front", "469"],
      ["2 front", "46"],
      ["2 back", "93"],
    ]);
    expect(text(card.querySelector(".result-source"))).toBe("Draw: 564693");
  });

  it("a yeekee result links to its verification page", async () => {
    const card = await render(
      view({
        betId: 42,
        betGroup: "yeekee",
        betName: "yeekee",
        betType: "yeekee-2025-01-15-012",
        roundNo: 12,
        front3: [],
        back3: [],
        top3: "014",
        top2: "14",
        bottom2: "16",
        payload: { number: "16014" },
        source: "yeekee",
        verifiable: true,
      }),
    );
    expect(text(card.querySelector("h4"))).toBe("Yeekee round 12");
    expect(text(card.querySelector(".result-source"))).toBe("Number drawn: 16014");
    const link = card.querySelector("a");
    expect(link?.getAttribute("href")).toBe("/results/verify/42");
    expect(link?.getAttribute("aria-label")).toBe("Verify the result of Yeekee round 12");
  });

  it("a cancelled round says so, with no digits and nothing to verify", async () => {
    const card = await render(
      view({
        betGroup: "pingpong",
        betName: "pingpong",
        betType: "pingpong-2025-01-15-003",
        roundNo: 3,
        status: "cancelled",
        top3: null,
        top2: null,
        bottom2: null,
        front3: [],
        back3: [],
        payload: null,
        source: null,
        version: null,
        verifiable: true,
      }),
    );
    expect(text(card.querySelector(".result-cancelled"))).toBe(
      "Cancelled This round was cancelled; every stake was refunded.",
    );
    expect(cells(card)).toEqual([]);
    expect(card.querySelector("a")).toBeNull();
  });
});
