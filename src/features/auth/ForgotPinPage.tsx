import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { appConfigAtom } from "../../lib/site.ts";
import { useAtomValue } from "../../lib/store.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { PinResetDone, RequestCodeForm, ResetPinForm } from "./ForgotPinSteps.tsx";
import { useForgotPin } from "./useForgotPin.ts";

/** Forgotten PIN: username and phone number -> a 6-digit code by SMS -> the code and a new PIN. */
export function ForgotPinPage() {
  const { t } = useLingui();
  usePageTitle(t`Forgot PIN`);
  const config = useAtomValue(appConfigAtom);
  const flow = useForgotPin();
  return (
    <div className="page narrow">
      <h1>
        <Trans>Forgot PIN</Trans>
      </h1>
      {flow.step === "request" ? (
        <RequestCodeForm flow={flow} />
      ) : flow.step === "reset" && flow.sent ? (
        <ResetPinForm flow={flow} sent={flow.sent} demo={config?.mode === "demo"} />
      ) : (
        <PinResetDone />
      )}
      {flow.step !== "done" ? (
        <p className="form-footer">
          <Trans>Remembered your PIN?</Trans> <Link to="/">{t`Log in`}</Link>
        </p>
      ) : null}
    </div>
  );
}
