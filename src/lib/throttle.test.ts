import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttle } from "./throttle.ts";

describe("throttle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the first call at once and the latest of a burst when the window ends", () => {
    const calls: string[] = [];
    const show = throttle((s: string) => calls.push(s), 500);
    show("a");
    show("b");
    show("c");
    expect(calls).toEqual(["a"]);
    vi.advanceTimersByTime(499);
    expect(calls).toEqual(["a"]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(["a", "c"]);
  });

  it("runs again at once after a quiet window", () => {
    const calls: number[] = [];
    const show = throttle((n: number) => calls.push(n), 500);
    show(1);
    vi.advanceTimersByTime(1200);
    show(2);
    expect(calls).toEqual([1, 2]);
  });

  it("never runs more than once per window under a steady stream", () => {
    const calls: number[] = [];
    const show = throttle((n: number) => calls.push(n), 500);
    for (let i = 0; i < 20; i++) {
      show(i);
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(1000);
    // 2 s of calls every 100 ms -> one run per 500 ms window plus the trailing one.
    expect(calls.length).toBeLessThanOrEqual(6);
    expect(calls.at(-1)).toBe(19);
  });
});
