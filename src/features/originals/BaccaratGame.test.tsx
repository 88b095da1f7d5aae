// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BACCARAT_BET_KINDS } from "../../domain/games/index.ts";
import { domHarness } from "../../test/dom.tsx";
import type { BaccaratBetJson, BaccaratOutcome, BaccaratRules, PlayAnswer, SessionAnswer } from "./api.ts";

// The baccarat table as a player uses it, the Originals API replaced: chips onto a bet, the engine's slip check
// before sending (player and banker together), a dealt hand with named cards and each bet's return, a win still
// being paid, and the end of the shoe.

const dealBaccarat = vi.fn<(token: string, bets: { kind: string; stake: string }[]) => Promise<unknown>>();
vi.mock("./api.ts", async (original) => ({
  ...(await original<typeof import("./api.ts")>()),
  openSession: async (): Promise<SessionAnswer<BaccaratRules>> => ({
    game: "lottoup-baccarat",
    currency: "THB",
    balance: "100000",
    seed: { commitment: "c".repeat(64), clientSeed: "abc", shoePosition: 200, cardsRemaining: 216 },
    rules: {
      code: "lottoup-baccarat",
      rtpPercent: 98.94,
      maxAutoplayRounds: 100,
      betKinds: [...BACCARAT_BET_KINDS],
      limits: {
        player: { min: "1000", max: "5000000" },
        banker: { min: "1000", max: "5000000" },
        tie: { min: "1000", max: "500000" },
        playerPair: { min: "1000", max: "500000" },
        bankerPair: { min: "1000", max: "500000" },
      },
      paysToOne: { player: "1", banker: "0.95", tie: "8", playerPair: "11", bankerPair: "11" },
      rtpPercentByBet: { player: 98.76, banker: 98.94, tie: 85.64, playerPair: 89.64, bankerPair: 89.64 },
      shoe: { decks: 8, cards: 416, cutCardRemaining: 208, burnCards: 0 },
    },
  }),
  dealBaccarat: (token: string, bets: { kind: string; stake: string }[]) => dealBaccarat(token, bets),
  fetchRounds: async () => ({ rounds: [] }),
}));
const { BaccaratPage } = await import("./BaccaratGame.tsx");

const dom = domHarness();
const text = () => dom.text();
const host = () => dom.host();
const byName = (name: string) =>
  [...host().querySelectorAll("button")].find(
    (b) => b.getAttribute("aria-label") === name || b.textContent === name,
  ) as HTMLButtonElement;
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};

const hand: PlayAnswer<BaccaratOutcome, BaccaratBetJson> = {
  roundId: "r1",
  game: "lottoup-baccarat",
  state: "win_pending",
  winPending: true,
  message: "Your win is being paid. It will reach your balance shortly.",
  bet: { bets: [{ kind: "banker", stake: "2000" }] },
  outcome: {
    player: [
      { rank: 7, suit: 1 },
      { rank: 3, suit: 3 },
      { rank: 10, suit: 0 },
    ],
    banker: [
      { rank: 5, suit: 3 },
      { rank: 11, suit: 3 },
    ],
    playerTotal: 0,
    bankerTotal: 5,
    winner: "banker",
    playerPair: false,
    bankerPair: false,
    natural: false,
    position: 200,
    nextPosition: 205,
    cardsRemaining: 211,
    shoeOver: true,
    bets: [{ kind: "banker", stake: "2000", return: "3900" }],
  },
  stake: "2000",
  return: "3900",
  balance: "98000",
  fairness: { commitment: "c".repeat(64), clientSeed: "abc", shoePosition: 200, serverSeed: "d".repeat(64) },
  seed: { commitment: "e".repeat(64), clientSeed: "abc", shoePosition: 0, cardsRemaining: 416 },
  revealed: {
    commitment: "c".repeat(64),
    serverSeed: "d".repeat(64),
    clientSeed: "abc",
    shoeEndPosition: 205,
    revealedAt: "2026-11-28T04:00:00.000Z",
  },
};

afterEach(() => {
  vi.clearAllMocks();
});

describe("the baccarat table", () => {
  it("refuses player and banker together before sending, then deals the hand and says the shoe is finished", async () => {
    await dom.render(<BaccaratPage token="t0k" />);
    await settle();
    expect(text()).toContain("Shoe position 200 · 216 cards remaining");

    await click(byName("Add a 10 baht chip to Banker"));
    await click(byName("Add a 10 baht chip to Banker"));
    await click(byName("Add a 10 baht chip to Player"));
    expect(text()).toContain("Total stake ฿30.00");
    await click(byName("Deal"));
    expect(text()).toContain("Player and Banker cannot both be bet in the same hand.");
    expect(dealBaccarat).not.toHaveBeenCalled();

    await click(byName("Clear bets"));
    await click(byName("Add a 10 baht chip to Banker"));
    await click(byName("Add a 10 baht chip to Banker"));
    dealBaccarat.mockResolvedValue(hand);
    await click(byName("Deal"));
    expect(dealBaccarat).toHaveBeenCalledWith("t0k", [{ kind: "banker", stake: "2000" }]);
    const cards = [...host().querySelectorAll(".og-card")].map((card) => card.getAttribute("aria-label"));
    expect(cards).toEqual(["7 of hearts", "3 of clubs", "10 of spades", "5 of clubs", "Jack of clubs"]);
    expect(text()).toContain("Banker wins");
    expect(text()).toContain("Banker: stake ฿20.00, returns ฿39.00");
    expect(text()).toContain("Your win is being paid. It will reach your balance shortly.");
    expect(text()).toContain("The shoe is finished: a new shoe starts with a new seed pair.");
    expect(text()).toContain("Shoe position 0 · 416 cards remaining");
    expect(text()).toContain("Balance ฿980.00");
  });
});
