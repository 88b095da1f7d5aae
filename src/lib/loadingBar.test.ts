import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  LOADING_HIDE_DELAY_MS,
  LOADING_THROTTLE_MS,
  LoadingBarController,
  type LoadingBarState,
} from "./loadingBar.ts";

function harness() {
  let state: LoadingBarState = { phase: "idle", failed: false };
  const seen: LoadingBarState[] = [];
  const bar = new LoadingBarController(
    () => state,
    (s) => {
      state = s;
      seen.push(s);
    },
  );
  return { bar, seen, current: () => state };
}

describe("LoadingBarController", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows nothing for work that ends within the 200 ms throttle", () => {
    const { bar, seen } = harness();
    bar.start();
    vi.advanceTimersByTime(LOADING_THROTTLE_MS - 1);
    bar.finish();
    vi.advanceTimersByTime(2000);
    expect(seen).toEqual([]);
  });

  it("starts after the throttle, completes green, hides 500 ms after finishing", () => {
    const { bar, current } = harness();
    bar.start();
    vi.advanceTimersByTime(LOADING_THROTTLE_MS);
    expect(current()).toEqual({ phase: "running", failed: false });
    bar.finish(true);
    expect(current()).toEqual({ phase: "finishing", failed: false });
    vi.advanceTimersByTime(LOADING_HIDE_DELAY_MS - 1);
    expect(current().phase).toBe("finishing");
    vi.advanceTimersByTime(1);
    expect(current().phase).toBe("idle");
  });

  it("turns red when any overlapping piece of work failed, and waits for the last one", () => {
    const { bar, current } = harness();
    bar.start();
    bar.start();
    vi.advanceTimersByTime(LOADING_THROTTLE_MS);
    bar.finish(false);
    expect(current().phase).toBe("running");
    bar.finish(true);
    expect(current()).toEqual({ phase: "finishing", failed: true });
  });

  it("shows a failure even when it came before the throttle", () => {
    const { bar, current } = harness();
    bar.start();
    bar.finish(false);
    expect(current()).toEqual({ phase: "finishing", failed: true });
  });

  it("ignores an unmatched finish", () => {
    const { bar, seen } = harness();
    bar.finish(false);
    expect(seen).toEqual([]);
  });
});
