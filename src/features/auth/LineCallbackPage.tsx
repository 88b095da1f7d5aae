import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { finishLineLogin } from "./accountActions.ts";
import { accountErrorText } from "./accountMessages.ts";

/** /login/line/auth: LINE sends the player back here with a code (or an error) to finish the login. */
export function LineCallbackPage({ code, state, error }: { code?: string; state?: string; error?: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`LINE login`);
  const navigate = useNavigate();
  // The reason, not its text: the text is rendered in whatever language is showing.
  const [failure, setFailure] = useState<{ cancelled: true } | { error: unknown } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The code is single-use: React's double effects in development must not send it twice.
    if (started.current) return;
    started.current = true;
    if (error || !code || !state) {
      setFailure({ cancelled: true });
      return;
    }
    finishLineLogin(code, state).then(
      ({ linked }) => navigate({ to: linked ? "/profile" : "/main", replace: true }),
      (err) => setFailure({ error: err }),
    );
  }, [code, state, error, navigate]);

  return (
    <div className="page narrow">
      <h1>
        <Trans>LINE login</Trans>
      </h1>
      {failure ? (
        <>
          <p className="form-error" role="alert">
            {"cancelled" in failure
              ? t`LINE login was cancelled or could not be completed.`
              : accountErrorText(i18n, failure.error)}
          </p>
          <Link to="/" className="button button-primary">
            <Trans>Back to login</Trans>
          </Link>
        </>
      ) : (
        <p role="status">
          <Trans>Logging you in with LINE…</Trans>
        </p>
      )}
    </div>
  );
}
