import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { autoplayRounds, runAutoplay } from "./autoplay.ts";

// Autoplay's stopping rules: at most the game's maximum rounds, one after the other; it stops on the first error,
// when the balance no longer covers the stake (before asking, or when the wallet says so), and on Stop.

const base = { max: 100, stake: 100n, stopRequested: () => false };

describe("autoplay", () => {
  it("keeps the number of rounds within 1 and the game's maximum", () => {
    expect(autoplayRounds(10, 100)).toBe(10);
    expect(autoplayRounds(1000, 100)).toBe(100);
    expect(autoplayRounds(0, 100)).toBe(1);
    expect(autoplayRounds(Number.NaN, 100)).toBe(1);
    expect(autoplayRounds(2.7, 100)).toBe(2);
  });

  it("plays the rounds asked, never more than the maximum, one at a time", async () => {
    let inFlight = 0;
    let most = 0;
    const play = vi.fn(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await Promise.resolve();
      inFlight -= 1;
      return 1_000_000n;
    });
    expect(await runAutoplay({ ...base, rounds: 500, balance: 1_000_000n, play })).toEqual({
      played: 100,
      end: "done",
    });
    expect(play).toHaveBeenCalledTimes(100);
    expect(most).toBe(1);
  });

  it("stops on the first error and reports it", async () => {
    const error = new ApiError(503, "BET_NOT_CONFIRMED", "not confirmed");
    const play = vi.fn().mockResolvedValueOnce(900n).mockRejectedValueOnce(error).mockResolvedValue(800n);
    expect(await runAutoplay({ ...base, rounds: 10, balance: 1000n, play })).toEqual({
      played: 1,
      end: "error",
      error,
    });
    expect(play).toHaveBeenCalledTimes(2);
  });

  it("stops when the balance no longer covers the stake, before sending", async () => {
    const play = vi.fn().mockResolvedValueOnce(150n).mockResolvedValueOnce(50n);
    expect(await runAutoplay({ ...base, rounds: 10, balance: 250n, play })).toEqual({
      played: 2,
      end: "funds",
    });
    expect(play).toHaveBeenCalledTimes(2);
    const never = vi.fn();
    expect(await runAutoplay({ ...base, rounds: 10, balance: 99n, play: never })).toEqual({
      played: 0,
      end: "funds",
    });
    expect(never).not.toHaveBeenCalled();
  });

  it("treats the wallet's NOT_ENOUGH_MONEY as running out of money", async () => {
    const error = new ApiError(409, "NOT_ENOUGH_MONEY", "no", { balance: "20" });
    const play = vi.fn().mockRejectedValue(error);
    expect(await runAutoplay({ ...base, rounds: 10, balance: 1000n, play })).toEqual({
      played: 0,
      end: "funds",
      error,
    });
  });

  it("stops when the player taps Stop, after the round in flight", async () => {
    let stop = false;
    const play = vi.fn(async () => {
      if (play.mock.calls.length === 3) stop = true;
      return 10_000n;
    });
    expect(
      await runAutoplay({ ...base, rounds: 50, balance: 10_000n, play, stopRequested: () => stop }),
    ).toEqual({
      played: 3,
      end: "stopped",
    });
  });
});
