import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../lib/store.ts";
import { closeSnackbar, SNACKBAR_DEFAULT_TIMEOUT_MS, showSnackbar, snackbarAtom } from "./snackbar.ts";

describe("snackbar", () => {
  // The throttle is module state: each test starts an hour after the last so windows never overlap.
  let clock = Date.UTC(2026, 0, 1);
  beforeEach(() => {
    vi.useFakeTimers();
    clock += 3_600_000;
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
  });

  it("opens green with the 1500 ms default timeout", () => {
    showSnackbar({ txt: "Saved" });
    expect(appStore.get(snackbarAtom)).toMatchObject({
      show: true,
      txt: "Saved",
      color: "success",
      isHtml: false,
      timeout: SNACKBAR_DEFAULT_TIMEOUT_MS,
    });
    expect(SNACKBAR_DEFAULT_TIMEOUT_MS).toBe(1500);
  });

  it("throttles opening to once per 500 ms, showing the latest message when the window ends", () => {
    vi.advanceTimersByTime(1000);
    showSnackbar({ txt: "first", color: "error" });
    showSnackbar({ txt: "second", color: "error" });
    showSnackbar({ txt: "third", color: "success" });
    expect(appStore.get(snackbarAtom).txt).toBe("first");
    expect(appStore.get(snackbarAtom).color).toBe("error");
    vi.advanceTimersByTime(500);
    expect(appStore.get(snackbarAtom)).toMatchObject({ txt: "third", color: "success" });
  });

  it("gives each opening a new sequence number so a repeated message restarts its timer", () => {
    vi.advanceTimersByTime(1000);
    showSnackbar({ txt: "same" });
    const first = appStore.get(snackbarAtom).seq;
    vi.advanceTimersByTime(600);
    showSnackbar({ txt: "same" });
    expect(appStore.get(snackbarAtom).seq).toBe(first + 1);
  });

  it("closes", () => {
    vi.advanceTimersByTime(1000);
    showSnackbar({ txt: "x" });
    closeSnackbar();
    expect(appStore.get(snackbarAtom).show).toBe(false);
  });
});
