import { Trans } from "@lingui/react/macro";
import { useSubmit } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { startLineLogin } from "./accountActions.ts";
import { authErrorText } from "./messages.ts";

/** "Log in with LINE": starts LINE's login and leaves for it (LineLoginButton shows it where LINE is set up). */
export default function LineLoginAction({ afSlug }: { afSlug?: string | undefined }) {
  const submit = useSubmit({ errorText: authErrorText });
  return (
    <div className="line-login">
      <button
        type="button"
        className="button button-line button-block"
        disabled={submit.pending}
        onClick={() =>
          submit.run(async () => {
            await startLineLogin(afSlug);
            // The browser is on its way to LINE: the button stays busy until the page goes.
            await new Promise(() => undefined);
          })
        }
      >
        <Trans>Log in with LINE</Trans>
      </button>
      <FormError message={submit.error?.() ?? null} />
    </div>
  );
}
