import { appStore, atom } from "./store.ts";

/** docs/rules.md "Timings": the bar appears only for work slower than the throttle, and runs for about 5 s. */
export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 5000;
export const LOADING_HIDE_DELAY_MS = 500;

export type LoadingBarPhase = "idle" | "running" | "finishing";

export interface LoadingBarState {
  phase: LoadingBarPhase;
  failed: boolean;
}

export const loadingBarAtom = atom<LoadingBarState>({ phase: "idle", failed: false });

/**
 * Counts work in flight (API calls, route loads). Work shorter than the throttle never shows the bar; when
 * the last piece ends the bar completes (red if any piece failed) and hides after the delay.
 */
export class LoadingBarController {
  private inFlight = 0;
  private failed = false;
  private showTimer: ReturnType<typeof setTimeout> | null = null;
  private hideTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly set: (state: LoadingBarState) => void;
  private readonly get: () => LoadingBarState;

  constructor(get: () => LoadingBarState, set: (state: LoadingBarState) => void) {
    this.get = get;
    this.set = set;
  }

  start(): void {
    this.inFlight += 1;
    if (this.inFlight > 1) return;
    this.failed = false;
    if (this.hideTimer) {
      clearTimeout(this.hideTimer);
      this.hideTimer = null;
      this.set({ phase: "running", failed: false });
      return;
    }
    this.showTimer = setTimeout(() => {
      this.showTimer = null;
      this.set({ phase: "running", failed: false });
    }, LOADING_THROTTLE_MS);
  }

  finish(ok = true): void {
    if (this.inFlight === 0) return;
    this.inFlight -= 1;
    if (!ok) this.failed = true;
    if (this.inFlight > 0) return;
    if (this.showTimer) {
      // Finished before the throttle: fast work shows no bar, unless it failed.
      clearTimeout(this.showTimer);
      this.showTimer = null;
      if (!this.failed) return;
    }
    this.set({ phase: "finishing", failed: this.failed });
    this.hideTimer = setTimeout(() => {
      this.hideTimer = null;
      this.set({ phase: "idle", failed: this.get().failed });
    }, LOADING_HIDE_DELAY_MS);
  }
}

export const loadingBar = new LoadingBarController(
  () => appStore.get(loadingBarAtom),
  (state) => appStore.set(loadingBarAtom, state),
);
