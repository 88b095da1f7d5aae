import { useCallback, useEffect, useRef, useState } from "react";
import { createKeyKeeper, type KeyKeeper } from "./idempotency.ts";

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Loads data for a page and reloads it on demand. An answer that arrives after the page moved on (or after a
 * newer request) is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[] = []): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);
  const live = useRef(true);

  const reload = useCallback(
    async () => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const value = await load();
        if (live.current && mine === seq.current) {
          setData(value);
          setError(null);
        }
      } catch (err) {
        if (live.current && mine === seq.current) setError(err);
      } finally {
        if (live.current && mine === seq.current) setLoading(false);
      }
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what its loader depends on
    deps,
  );

  useEffect(() => {
    live.current = true;
    void reload();
    return () => {
      live.current = false;
    };
  }, [reload]);

  return { data, error, loading, reload };
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
