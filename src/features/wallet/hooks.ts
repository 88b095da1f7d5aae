import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from "react";
import { createKeyKeeper, type KeyKeeper } from "./idempotency.ts";
import { moneyUpdatesAtom } from "./liveBalance.ts";
import { walletErrorText } from "./messages.ts";

// Loading lives in src/lib (no wallet imports), so pages outside the wallet use it without its code.
export { type Loaded, useLoad } from "../../lib/useLoad.ts";

/** Calls `reload` each time the member's money moves (a credit arriving, a staff decision), as the socket says. */
export function useReloadOnMoneyUpdate(reload: () => Promise<void>): void {
  const updates = useAtomValue(moneyUpdatesAtom);
  const seen = useRef(updates);
  useEffect(() => {
    if (updates === seen.current) return;
    seen.current = updates;
    void reload();
  }, [updates, reload]);
}

/** The current time, ticking every `intervalMs` while `active` (countdowns). */
export function useNow(intervalMs = 1000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}

/** One idempotency key per submitted form, kept across retries (see idempotency.ts). */
export function useKeyKeeper(): KeyKeeper {
  const keeper = useRef<KeyKeeper | null>(null);
  if (!keeper.current) keeper.current = createKeyKeeper();
  return keeper.current;
}

/**
 * A message kept in state as a function that writes it, so it follows a language switch instead of staying in
 * the language it was first written in. Store it with `setText(later(() => t\`…\`))`; show it with `text?.()`.
 */
export type Text = () => string;
export const later = (text: Text) => (): Text => text;

export interface Sending {
  busy: boolean;
  /** What went wrong, to show with `error?.()`. */
  error: Text | null;
  /** Sets the error like a state setter: store a message with `setError(later(() => t\`…\`))`. */
  setError: Dispatch<SetStateAction<Text | null>>;
  /**
   * Runs `work` busy and with no error shown; a failure becomes the error, unless `failed` deals with it itself
   * and answers true.
   */
  run: (work: () => Promise<unknown>, failed?: (err: unknown) => boolean | Promise<boolean>) => Promise<void>;
}

/** A form (or a button) that sends a request: busy while it runs, its failure written by `errorText`. */
export function useSending(errorText: (i18n: I18n, err: unknown) => string = walletErrorText): Sending {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Text | null>(null);
  const run: Sending["run"] = async (work, failed) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      if (!(await failed?.(err))) setError(later(() => errorText(i18n, err)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
