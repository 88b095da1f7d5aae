// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { domHarness } from "../../test/dom.tsx";
import type { ResultRound, YingReceipt } from "./yeekeeApi.ts";

// The shoot form as a member uses it, in a DOM (happy-dom) with the English source texts: the pad, the 3-second
// wait after a shot (and the server's own wait on a 429), and shooting closing under the member's finger. The
// create call is replaced; the clock is fake so the waits are exact.

const shoot = vi.fn<(betId: number, yingNumber: string) => Promise<YingReceipt>>();
vi.mock("./yeekeeApi.ts", async (original) => ({
  ...(await original<typeof import("./yeekeeApi.ts")>()),
  shoot: (betId: number, yingNumber: string) => shoot(betId, yingNumber),
}));
const { ShootForm } = await import("./ShootForm.tsx");

const dom = domHarness();

const round = {
  betId: 7,
  betName: "yeekee5min",
  betGroup: "yeekee5Min",
  betType: "yeekee5min-2026-11-21-100",
  name: "ยี่กี 5 นาที รอบที่ 100",
  nameEn: "Yeekee 5 minutes round 100",
  dt: "2026-11-21",
  closeTime: "13:20",
  active: true,
  status: "open",
  roundNo: 100,
  market: null,
  flag: null,
  unixTimeStamp: { realCloseTime: 1_900_000_000, realResultTime: 1_900_000_120 },
  betOptions: ["teng_bon_3"],
} as ResultRound;

const receipt = (seq: number, yingNumber: string): YingReceipt => ({
  betId: 7,
  seq,
  yingNumber,
  hash: "a".repeat(64),
  prevHash: "b".repeat(64),
  createdAt: new Date().toISOString(),
});

const onShot = vi.fn();
const onClosed = vi.fn();

const render = (online = true) =>
  dom.render(<ShootForm round={round} online={online} onShot={onShot} onClosed={onClosed} />);
const host = () => dom.host();

const buttons = () => [...host().querySelectorAll("button")];
const button = (name: string | RegExp) =>
  buttons().find((b) => (typeof name === "string" ? b.textContent === name : name.test(b.textContent ?? "")));
const shootButton = () => host().querySelector<HTMLButtonElement>(".button-primary");
const text = dom.text;

async function press(name: string) {
  await act(async () => button(name)?.click());
}
async function type(digits: string) {
  for (const d of digits) await press(d);
}
async function fire() {
  await act(async () => shootButton()?.click());
}
async function wait(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "Date"] });
  shoot.mockReset();
  onShot.mockReset();
  onClosed.mockReset();
});

afterEach(async () => {
  await dom.unmount();
  vi.useRealTimers();
});

describe("the shoot form", () => {
  it("shoots the 5 digits typed on the pad and hands the receipt over", async () => {
    shoot.mockResolvedValueOnce(receipt(7, "12345"));
    await render();
    expect(shootButton()?.disabled).toBe(true);
    expect(text()).toContain("Type 5 digits or press Random.");
    await type("12345");
    expect(shootButton()?.textContent).toBe("Shoot 12345");
    expect(shootButton()?.disabled).toBe(false);
    await fire();
    expect(shoot).toHaveBeenCalledWith(7, "12345");
    expect(onShot).toHaveBeenCalledWith(expect.objectContaining({ seq: 7, yingNumber: "12345" }));
    expect(text()).toContain("Shot 12345 counted as #7.");
  });

  it("waits 3 seconds between shots, says so, and lets the next shot go exactly then", async () => {
    shoot.mockResolvedValueOnce(receipt(1, "11111"));
    await render();
    await type("11111");
    await fire();
    await type("22222");
    expect(shootButton()?.disabled).toBe(true);
    expect(text()).toContain("One shot every 3 seconds: next shot in 3 s.");
    await wait(1_000);
    expect(text()).toContain("next shot in 2 s.");
    await wait(2_100);
    expect(shootButton()?.disabled).toBe(false);
    expect(text()).not.toContain("One shot every 3 seconds");
  });

  it("keeps to the server's wait when it answers too fast (429)", async () => {
    shoot.mockRejectedValueOnce(new ApiError(429, "YING_TOO_FAST", "Too fast", { retryAfter: 2 }));
    await render();
    await type("33333");
    await fire();
    expect(text()).toContain("Too fast: one shot every 3 seconds. Try again in 2 s.");
    expect(shootButton()?.disabled).toBe(true);
    await wait(2_100);
    expect(shootButton()?.disabled).toBe(false);
    expect(onShot).not.toHaveBeenCalled();
  });

  it("tells the page when shooting closed under the member's finger", async () => {
    shoot.mockRejectedValueOnce(new ApiError(409, "SHOOTING_CLOSED", "closed"));
    await render();
    await type("44444");
    await fire();
    expect(onClosed).toHaveBeenCalledOnce();
    expect(text()).toContain("Shooting has closed for this round.");
  });

  it("fills a random 5-digit number and refuses to shoot offline", async () => {
    await render(false);
    await press("Random");
    const input = host().querySelector("input") as HTMLInputElement;
    expect(input.value).toMatch(/^\d{5}$/);
    expect(shootButton()?.disabled).toBe(true);
    expect(text()).toContain("You are offline. Shots can only be sent online.");
  });
});
