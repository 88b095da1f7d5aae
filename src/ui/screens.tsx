import { Trans, useLingui } from "@lingui/react/macro";
import { type ComponentType, lazy, type ReactElement, Suspense, useEffect } from "react";
import { isChunkLoadError, reloadForChunkError } from "../lib/chunkReload.ts";
import { usePageTitle } from "./usePageTitle.ts";

/**
 * The error screens (ErrorScreens.tsx) load when one is shown, not with the first paint: most visits never see one
 * (the landing page's budget, scripts/size.ts). The service worker precaches their chunk, so they show offline too.
 * A stale chunk is the one error handled here, in the first load's code: it reloads the page instead.
 */
const screens = () => import("./ErrorScreens.tsx");

function deferred<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const NotFoundScreen = deferred(async () => (await screens()).NotFoundScreen);
export const NotAllowDomainScreen = deferred(async () => (await screens()).NotAllowDomainScreen);
export const ForbiddenScreen = deferred(async () => (await screens()).ForbiddenScreen);
export const UnauthorizedScreen = deferred(async () => (await screens()).UnauthorizedScreen);
const ErrorScreenFor = deferred(async () => (await screens()).ErrorScreenFor);

/**
 * The router's error boundary: the spec's screen for the error. A stale chunk (a new build replaced this one's
 * files) reloads the page, at most once a minute; until then, or when that reload was already spent, a Refresh
 * button from this file, since the screens' own chunk may be just as gone.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useLingui();
  const chunkError = isChunkLoadError(error);
  usePageTitle(chunkError ? t`Something went wrong` : null);
  useEffect(() => {
    if (chunkError) reloadForChunkError();
  }, [chunkError]);
  if (!chunkError) return <ErrorScreenFor error={error} />;
  return (
    <section className="error-screen">
      <p>
        <Trans>Oops! Something went wrong. Please try again later.</Trans>
      </p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        <Trans>Refresh</Trans>
      </button>
    </section>
  );
}
