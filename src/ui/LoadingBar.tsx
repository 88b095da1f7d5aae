import { useLingui } from "@lingui/react/macro";
import { LOADING_DURATION_MS, loadingBarAtom } from "../lib/loadingBar.ts";
import { useAtomValue } from "../lib/store.ts";

export function LoadingBar() {
  const { t } = useLingui();
  const { phase, failed } = useAtomValue(loadingBarAtom);
  if (phase === "idle") return null;
  return (
    <div
      className={`loading-bar ${failed ? "loading-bar-failed" : ""} loading-bar-${phase}`}
      style={{ ["--loading-duration" as string]: `${LOADING_DURATION_MS}ms` }}
      role="progressbar"
      aria-label={t`Loading…`}
      aria-busy={phase === "running"}
    />
  );
}
