import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useAtomValue } from "../lib/store.ts";
import { closeSnackbar, snackbarAtom } from "./snackbar.ts";

/** HTML messages are sanitised; DOMPurify loads only when such a message arrives. */
function SanitizedHtml({ html }: { html: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("dompurify").then(({ default: DOMPurify }) => {
      if (live) setClean(DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }));
    });
    return () => {
      live = false;
    };
  }, [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return clean === null ? null : <span dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The snackbar itself, loaded the first time one shows (SnackbarHost). */
export default function Snackbar() {
  const { t } = useLingui();
  const state = useAtomValue(snackbarAtom);
  // seq restarts the timer when the same message is shown again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: seq is the restart signal
  useEffect(() => {
    if (!state.show || state.timeout <= 0) return;
    const timer = setTimeout(closeSnackbar, state.timeout);
    return () => clearTimeout(timer);
  }, [state.show, state.timeout, state.seq]);
  if (!state.show) return null;
  return (
    <div className={`snackbar snackbar-${state.color}`} role={state.color === "error" ? "alert" : "status"}>
      <span className="snackbar-text">{state.isHtml ? <SanitizedHtml html={state.txt} /> : state.txt}</span>
      <button type="button" className="snackbar-close" aria-label={t`Close`} onClick={closeSnackbar}>
        ×
      </button>
    </div>
  );
}
