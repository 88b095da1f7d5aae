// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { domHarness } from "../../test/dom.tsx";
import type { DiceBetJson, DiceOutcome, DiceRules, PlayAnswer, RoundRecord, SessionAnswer } from "./api.ts";

// The dice page as a player uses it, in a DOM with the English source texts and the Originals API replaced: the
// session's balance and the engine's odds, one roll in flight at a time, refusals in words, an ended game session,
// and autoplay stopping when the balance runs out.

const openSession = vi.fn<() => Promise<SessionAnswer<DiceRules>>>();
const rollDice = vi.fn<(token: string, bet: DiceBetJson) => Promise<PlayAnswer<DiceOutcome, DiceBetJson>>>();
const fetchRounds = vi.fn<() => Promise<{ rounds: RoundRecord[] }>>();
vi.mock("./api.ts", async (original) => ({
  ...(await original<typeof import("./api.ts")>()),
  openSession: () => openSession(),
  rollDice: (token: string, bet: DiceBetJson) => rollDice(token, bet),
  fetchRounds: () => fetchRounds(),
}));
const { DicePage } = await import("./DiceGame.tsx");

const dom = domHarness();

const rules: DiceRules = {
  code: "lottoup-dice",
  rtpPercent: 99,
  maxAutoplayRounds: 100,
  limits: { minStake: "100", maxStake: "500000" },
  minChanceHundredths: 100,
  maxChanceHundredths: 9500,
  houseEdgePercent: 1,
};
const session = (balance: string): SessionAnswer<DiceRules> => ({
  game: "lottoup-dice",
  currency: "THB",
  balance,
  seed: { commitment: "c".repeat(64), clientSeed: "abc", nonce: 0 },
  rules,
});
const answer = (balance: string, win: boolean, nonce: number): PlayAnswer<DiceOutcome, DiceBetJson> => ({
  roundId: `r${nonce}`,
  game: "lottoup-dice",
  state: "settled",
  winPending: false,
  bet: { direction: "under", target: 5000, stake: "1000" },
  outcome: { rollHundredths: win ? 1234 : 8765, win, multiplierTenThousandths: 19800 },
  stake: "1000",
  return: win ? "1980" : "0",
  balance,
  fairness: { commitment: "c".repeat(64), clientSeed: "abc", nonce, serverSeed: null },
  seed: { commitment: "c".repeat(64), clientSeed: "abc", nonce: nonce + 1 },
});

const host = () => dom.host();
const text = () => dom.text();
const button = (name: string) =>
  [...host().querySelectorAll("button")].find((b) => b.textContent === name) as HTMLButtonElement;
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};
async function type(label: string, value: string) {
  const field = [...host().querySelectorAll("label")].find((l) => l.textContent === label);
  const input = host().querySelector<HTMLInputElement>(
    `#${CSS.escape(field?.htmlFor ?? "")}`,
  ) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

afterEach(() => {
  vi.clearAllMocks();
});

describe("the dice page", () => {
  it("opens with the balance and the engine's odds, and sends one roll at a time", async () => {
    openSession.mockResolvedValue(session("100000"));
    fetchRounds.mockResolvedValue({ rounds: [] });
    await dom.render(<DicePage token="t0k" />);
    await settle();
    expect(text()).toContain("Balance ฿1,000.00");
    expect(text()).toContain("Win chance50.00%");
    expect(text()).toContain("Multiplier1.9800×");

    let finish: (value: PlayAnswer<DiceOutcome, DiceBetJson>) => void = () => undefined;
    rollDice.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    await click(button("Roll"));
    expect(button("Rolling…").disabled).toBe(true);
    expect(button("Start autoplay").disabled).toBe(true);
    await click(button("Rolling…"));
    expect(rollDice).toHaveBeenCalledTimes(1);
    expect(rollDice).toHaveBeenCalledWith("t0k", { direction: "under", target: 5000, stake: "1000" });
    await act(async () => finish(answer("100980", true, 0)));
    await settle();
    expect(text()).toContain("Balance ฿1,009.80");
    expect(text()).toContain("Result 12.34 You win");
    expect(text()).toContain("You get back ฿19.80 (stake ฿10.00)");
    expect(button("Roll").disabled).toBe(false);
  });

  it("says what a refusal means, with the balance the wallet gave", async () => {
    openSession.mockResolvedValue(session("100000"));
    fetchRounds.mockResolvedValue({ rounds: [] });
    await dom.render(<DicePage token="t0k" />);
    await settle();
    rollDice.mockRejectedValueOnce(new ApiError(503, "BET_NOT_CONFIRMED", "x"));
    await click(button("Roll"));
    expect(text()).toContain("nothing was played, and your stake is being returned to your balance");
    rollDice.mockRejectedValueOnce(new ApiError(409, "NOT_ENOUGH_MONEY", "x", { balance: "500" }));
    await click(button("Roll"));
    expect(text()).toContain("Not enough money: your balance is ฿5.00.");
    expect(text()).toContain("Balance ฿5.00");
  });

  it("checks the target before sending", async () => {
    openSession.mockResolvedValue(session("100000"));
    fetchRounds.mockResolvedValue({ rounds: [] });
    await dom.render(<DicePage token="t0k" />);
    await settle();
    await type("Target (0.00–99.99)", "97");
    await click(button("Roll"));
    expect(text()).toContain("Pick a target with a win chance between 1% and 95%.");
    expect(rollDice).not.toHaveBeenCalled();
  });

  it("tells a player whose game session ended to open the game again from the lobby", async () => {
    openSession.mockRejectedValue(new ApiError(401, "TOKEN_EXPIRED", "x"));
    await dom.render(<DicePage token="old" />);
    await settle();
    expect(text()).toContain("This game session has ended");
    expect(text()).toContain("Go back to the lobby and open the game again.");
    expect(button("Roll")).toBeUndefined();
  });

  it("stops autoplay when the balance no longer covers the stake", async () => {
    openSession.mockResolvedValue(session("3000"));
    fetchRounds.mockResolvedValue({ rounds: [] });
    await dom.render(<DicePage token="t0k" />);
    await settle();
    rollDice
      .mockResolvedValueOnce(answer("2000", false, 0))
      .mockResolvedValueOnce(answer("1000", false, 1))
      .mockResolvedValueOnce(answer("0", false, 2));
    await click(button("Start autoplay"));
    for (let i = 0; i < 5; i++) await settle();
    expect(rollDice).toHaveBeenCalledTimes(3);
    expect(text()).toContain("Autoplay stopped: your balance does not cover another round.");
    expect(text()).toContain("Rounds played: 3");
    expect(text()).toContain("Balance ฿0.00");
  });
});
