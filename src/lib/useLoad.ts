import { useCallback, useEffect, useRef, useState } from "react";

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
