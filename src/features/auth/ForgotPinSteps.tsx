import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { FormError, TextField } from "../../ui/form.tsx";
import { DemoSmsInbox } from "./DemoSmsInbox.tsx";
import { NewPinFields } from "./NewPinFields.tsx";
import type { ForgotPinFlow, SentCode } from "./useForgotPin.ts";

/** Step 1: the username and the phone number on the account. */
export function RequestCodeForm({ flow }: { flow: ForgotPinFlow }) {
  const { t } = useLingui();
  const { request, requestForm, busy } = flow;
  return (
    <form onSubmit={flow.submitRequest} noValidate className="form">
      <p className="form-note">
        <Trans>
          Enter your username and the phone number on your account. We will send you a code by SMS to set a
          new PIN.
        </Trans>
      </p>
      <TextField
        label={t`Username`}
        name="userName"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={request.userName}
        onChange={flow.setRequestField("userName")}
        error={requestForm.fieldError("userName")}
      />
      <TextField
        label={t`Phone number`}
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={request.phoneNumber}
        onChange={flow.setRequestField("phoneNumber")}
        error={requestForm.fieldError("phoneNumber")}
      />
      <FormError message={requestForm.error?.() ?? null} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? t`Sending the code…` : t`Send the code`}
      </button>
    </form>
  );
}

/** Where the code went, its reference and how long it lasts. */
function CodeSent({ sent, resent }: { sent: SentCode; resent: boolean }) {
  const refOtpCode = sent.refOtpCode;
  const minutes = Math.max(1, Math.round(sent.expiresInSeconds / 60));
  return (
    <div role="status">
      <p>
        <Trans>
          We sent a 6-digit code by SMS to the phone number on your account. Reference: {refOtpCode}
        </Trans>
      </p>
      <p className="form-note">
        <Plural value={minutes} one="The code expires in # minute." other="The code expires in # minutes." />
      </p>
      {resent ? (
        <p className="form-note">
          <Trans>A new code has been sent. Use the latest one.</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** Step 2: the code from the SMS and the new PIN; or a new code, or back to step 1. */
export function ResetPinForm({ flow, sent, demo }: { flow: ForgotPinFlow; sent: SentCode; demo: boolean }) {
  const { t } = useLingui();
  const { reset, resetForm, requestForm, busy } = flow;
  return (
    <>
      <CodeSent sent={sent} resent={flow.resent} />
      {demo ? <DemoSmsInbox key={sent.refOtpCode} phoneNumber={sent.phoneNumber} /> : null}
      <form onSubmit={flow.submitReset} noValidate className="form">
        <TextField
          label={t`Verification code`}
          name="otpCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          value={reset.otpCode}
          onChange={flow.setResetField("otpCode")}
          error={resetForm.fieldError("otpCode")}
        />
        <NewPinFields
          pinLabel={t`New PIN`}
          confirmationLabel={t`Confirm new PIN`}
          pinName="newPassword"
          pin={reset.newPassword}
          confirmation={reset.confirmation}
          onPinChange={flow.setResetField("newPassword")}
          onConfirmationChange={flow.setResetField("confirmation")}
          pinError={resetForm.fieldError("newPassword")}
          confirmationError={resetForm.fieldError("confirmation")}
        />
        <FormError message={(resetForm.error ?? requestForm.error)?.() ?? null} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t`Saving…` : t`Set new PIN`}
        </button>
      </form>
      <div className="actions">
        <button type="button" className="link-button" disabled={busy} onClick={flow.sendNewCode}>
          <Trans>Send a new code</Trans>
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={flow.backToRequest}>
          <Trans>Change username or phone number</Trans>
        </button>
      </div>
    </>
  );
}

/** Done: every device was signed out; log in with the new PIN. */
export function PinResetDone() {
  return (
    <section className="notice" role="status" aria-labelledby="reset-done-title">
      <h2 id="reset-done-title">
        <Trans>Your PIN has been reset</Trans>
      </h2>
      <p>
        <Trans>
          For your security, every device that was signed in to your account has been signed out. Log in with
          your new PIN.
        </Trans>
      </p>
      <Link to="/" className="button button-primary">
        <Trans>Log in</Trans>
      </Link>
    </section>
  );
}
