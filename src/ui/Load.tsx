import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Loaded } from "../lib/load.ts";
import { type ErrorWording, errorText } from "../lib/messages.ts";
import { FormError } from "./form.tsx";

export function Loading({ children }: { children?: ReactNode }) {
  return (
    <p role="status" className="loading-text">
      {children ?? <Trans>Loading…</Trans>}
    </p>
  );
}

/** What loading a page's data came to so far: its error (in the feature's wording), or that it is still loading. */
export function LoadState({
  loaded,
  wording = errorText,
}: {
  loaded: Pick<Loaded<unknown>, "data" | "error" | "loading">;
  wording?: ErrorWording;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <FormError message={loaded.error ? wording(i18n, loaded.error) : null} />
      {loaded.loading && !loaded.data ? <Loading /> : null}
    </>
  );
}
