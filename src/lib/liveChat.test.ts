import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_CHAT_INTERVAL_MS, LIVE_CHAT_TRIES, waitUntilReady } from "./liveChat.ts";

describe("waiting for the live-chat widget", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("resolves as soon as the widget is ready", async () => {
    let ready = false;
    const done = waitUntilReady(() => ready);
    vi.advanceTimersByTime(LIVE_CHAT_INTERVAL_MS * 3);
    ready = true;
    vi.advanceTimersByTime(LIVE_CHAT_INTERVAL_MS);
    await expect(done).resolves.toBe(true);
  });

  it("gives up after 80 tries, 250 ms apart (about 20 s)", async () => {
    const isReady = vi.fn(() => false);
    const done = waitUntilReady(isReady);
    vi.advanceTimersByTime(LIVE_CHAT_INTERVAL_MS * (LIVE_CHAT_TRIES - 2));
    expect(isReady).toHaveBeenCalledTimes(LIVE_CHAT_TRIES - 1);
    vi.advanceTimersByTime(LIVE_CHAT_INTERVAL_MS);
    await expect(done).resolves.toBe(false);
    expect(isReady).toHaveBeenCalledTimes(LIVE_CHAT_TRIES);
    expect(LIVE_CHAT_TRIES).toBe(80);
    expect(LIVE_CHAT_INTERVAL_MS).toBe(250);
  });
});
