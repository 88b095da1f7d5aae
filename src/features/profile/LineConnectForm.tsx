import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { appConfigAtom } from "../../lib/site.ts";
import { useAtomValue } from "../../lib/store.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError, PasswordField } from "../../ui/form.tsx";
import { accountErrorText, isConfirmPinError, startLineLogin } from "../auth/index.ts";

/**
 * Connects LINE to the logged-in member's account: a new way to log in, so it needs the PIN (checked by the
 * server before the browser goes to LINE). Shown only when the server is configured for LINE login.
 */
export function LineConnectForm() {
  const { t } = useLingui();
  const config = useAtomValue(appConfigAtom);
  const [pin, setPin] = useState("");
  const form = useSubmit<"pin">({
    errorText: accountErrorText,
    fieldOf: (error) => (isConfirmPinError(error) ? "pin" : null),
  });
  if (!config?.lineLogin) return null;
  return (
    <form
      className="line-login"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!pin) {
          form.fail({ fields: { pin: () => t`Please enter your PIN to confirm this change.` } });
          return;
        }
        await form.run(
          async () => {
            await startLineLogin(undefined, pin);
            // The browser is on its way to LINE: the button stays busy until the page goes.
            await new Promise(() => undefined);
          },
          {
            failed: (error) => {
              if (isConfirmPinError(error)) setPin("");
              return false;
            },
          },
        );
      }}
    >
      <PasswordField
        label={t`Your PIN`}
        name="linePin"
        autoComplete="current-password"
        value={pin}
        onChange={(e) => setPin(e.target.value)}
        error={form.fieldError("pin")}
        hint={t`Connecting LINE adds a way to log in to your account, so it needs your PIN.`}
      />
      <FormError message={form.error?.() ?? null} />
      <button type="submit" className="button button-line button-block" disabled={form.pending}>
        <Trans>Connect LINE</Trans>
      </button>
    </form>
  );
}
