import { atom, useAtomValue } from "jotai";

/**
 * One 1-second ticker for every countdown on screen: mounted while a component reads it, stopped when none does.
 */
export const nowAtom = atom(Date.now());
nowAtom.onMount = (set) => {
  set(Date.now());
  const timer = setInterval(() => set(Date.now()), 1000);
  return () => clearInterval(timer);
};

export function useTicker(): number {
  return useAtomValue(nowAtom);
}
