import { useState } from "react";
import { atom, useAtomValue } from "./store.ts";

/**
 * The one clock of the app's countdowns: a single 1-second ticker, running while at least one component reads it
 * and stopped when none does, so every countdown on screen changes on the same beat.
 */
const tickAtom = atom(Date.now());
tickAtom.onMount = (set) => {
  set(Date.now());
  const timer = setInterval(() => set(Date.now()), 1000);
  return () => clearInterval(timer);
};
/** Read instead of the ticker by a component that is not counting down now (nothing to re-render for). */
const idleAtom = atom(0);

/** The current time in milliseconds, ticking every second while `active` (a countdown on screen). */
export function useNow(active = true): number {
  const [mounted] = useState(Date.now);
  const tick = useAtomValue(active ? tickAtom : idleAtom);
  return active ? tick : mounted;
}
