import { useCallback, useEffect, useRef, useState } from "react";

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
}

export interface LoadOptions {
  /** Asks again this often while the page shows (a queue waiting for money, a back-office list); null: never. */
  refreshMs?: number | null;
  /** False: nothing is asked (yet); the data stays as it was. */
  enabled?: boolean;
}

/**
 * The one way a page loads its data (docs/architecture.md "Submit, load, clock"): loads when the page opens and
 * when `deps` change, again on demand (`reload`) and, with `refreshMs`, on a timer. An answer that arrives after
 * the page moved on (or after a newer request) is dropped. Route loaders only load catalogs; a page's data is its
 * own, so a slow answer never holds the shell.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: readonly unknown[] = [],
  { refreshMs = null, enabled = true }: LoadOptions = {},
): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(enabled);
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
    if (enabled) void reload();
    return () => {
      live.current = false;
    };
  }, [reload, enabled]);

  useEffect(() => {
    if (!enabled || refreshMs === null) return;
    const timer = setInterval(() => void reload(), refreshMs);
    return () => clearInterval(timer);
  }, [reload, enabled, refreshMs]);

  return { data, error, loading, reload };
}
