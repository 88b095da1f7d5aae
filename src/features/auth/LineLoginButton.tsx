import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { FormError } from "../../ui/form.tsx";
import { appConfigAtom } from "../site/site.ts";
import { startLineLogin } from "./accountActions.ts";
import { errorText } from "./messages.ts";

/** Shown only when the server is configured for LINE login. `connect` links LINE to the logged-in member. */
export function LineLoginButton({
  afSlug,
  connect = false,
}: {
  afSlug?: string | undefined;
  connect?: boolean;
}) {
  const { i18n } = useLingui();
  const config = useAtomValue(appConfigAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!config?.lineLogin) return null;
  return (
    <div className="line-login">
      <button
        type="button"
        className="button button-line button-block"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await startLineLogin(afSlug);
          } catch (err) {
            setError(errorText(i18n, err));
            setBusy(false);
          }
        }}
      >
        {connect ? <Trans>Connect LINE</Trans> : <Trans>Log in with LINE</Trans>}
      </button>
      <FormError message={error} />
    </div>
  );
}
