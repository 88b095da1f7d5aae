import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { authAtom, forgetSession } from "../lib/auth.ts";
import { errorScreenFor } from "../lib/routeErrors.ts";
import { useAtomValue } from "../lib/store.ts";
import { usePageTitle } from "./usePageTitle.ts";

function ErrorLayout({ code, title, children }: { code: string; title: string; children: React.ReactNode }) {
  usePageTitle(title);
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-title">{title}</h1>
      {children}
    </section>
  );
}

export function NotFoundScreen() {
  const { t } = useLingui();
  return (
    <ErrorLayout code="404" title={t`Page Not Found`}>
      <p>
        <Trans>This page could not be found</Trans>
      </p>
      <div className="actions">
        <Link to="/" className="button button-primary">
          <Trans>Back to Home</Trans>
        </Link>
      </div>
    </ErrorLayout>
  );
}

export function NotAllowDomainScreen() {
  const { t } = useLingui();
  return (
    <ErrorLayout code="400" title={t`Not Allow Domain`}>
      <p>
        <Trans>
          This address is not an official LOTTOUP domain. To keep your account and money safe, open LOTTOUP
          only from the address your agent or our call center gave you.
        </Trans>
      </p>
    </ErrorLayout>
  );
}

/** A page the member's status closes (or the server refused for it): the member stays logged in. */
export function ForbiddenScreen() {
  const { t } = useLingui();
  const { session } = useAtomValue(authAtom);
  return (
    <ErrorLayout code="403" title={t`Sorry, access denied.`}>
      <p>
        <Trans>
          Your account cannot use this page. Please contact the call center if you think this is a mistake.
        </Trans>
      </p>
      <div className="actions">
        <Link to={session ? "/main" : "/"} className="button button-primary">
          <Trans>Go Home</Trans>
        </Link>
      </div>
    </ErrorLayout>
  );
}

export function UnauthorizedScreen() {
  const { t } = useLingui();
  useEffect(() => {
    forgetSession();
  }, []);
  return (
    <ErrorLayout code="401" title={t`Unauthorized`}>
      <p>
        <Trans>Your session has ended. Please log in again.</Trans>
      </p>
      <div className="actions">
        <Link to="/" className="button button-primary">
          <Trans>Back to Home</Trans>
        </Link>
      </div>
    </ErrorLayout>
  );
}

export function ServerErrorScreen({ onRetry }: { onRetry?: () => void }) {
  const { t } = useLingui();
  return (
    <ErrorLayout code="500" title={t`Something went wrong`}>
      <p>
        <Trans>Oops! Something went wrong. Please try again later.</Trans>
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => window.history.back()}>
          <Trans>Back</Trans>
        </button>
        <Link to="/" className="button">
          <Trans>Back to Home</Trans>
        </Link>
        <button
          type="button"
          className="button button-primary"
          onClick={onRetry ?? (() => window.location.reload())}
        >
          <Trans>Refresh</Trans>
        </button>
      </div>
    </ErrorLayout>
  );
}

/** The spec's screen for an error the router caught (src/ui/screens.tsx reloads for a stale chunk first). */
export function ErrorScreenFor({ error }: { error: unknown }) {
  const router = useRouter();
  switch (errorScreenFor(error)) {
    case "not-found":
      return <NotFoundScreen />;
    case "not-allow-domain":
      return <NotAllowDomainScreen />;
    case "unauthorized":
      return <UnauthorizedScreen />;
    case "forbidden":
      return <ForbiddenScreen />;
    default:
      return <ServerErrorScreen onRetry={() => void router.invalidate()} />;
  }
}
