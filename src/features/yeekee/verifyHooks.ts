import { useEffect, useState } from "react";
import "./yeekee.css";

/** Not published yet, or a check still waiting for the draw: asked again this often. */
export const RECHECK_MS = 10_000;

/** Asks again while something is still waiting for the draw. */
export function useRecheck(pending: boolean, onRecheck: () => Promise<void>) {
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void onRecheck(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [pending, onRecheck]);
}

export function useReport<P, R>(
  publication: P,
  run: (p: P) => Promise<R>,
): { report: R | null; failed: boolean } {
  const [state, setState] = useState<{ for: P; report: R | null; failed: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    run(publication).then(
      (report) => {
        if (live) setState({ for: publication, report, failed: false });
      },
      () => {
        if (live) setState({ for: publication, report: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [publication, run]);
  return state && state.for === publication ? state : { report: null, failed: false };
}
