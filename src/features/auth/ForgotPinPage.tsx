import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useState } from "react";
import * as v from "valibot";
import {
  ForgotPasswordRequestSchema,
  ForgotPasswordResetSchema,
  firstIssueKey,
  PasswordSchema,
  PhoneNumberSchema,
  passwordsMatch,
} from "../../domain/account.ts";
import { ApiError } from "../../lib/api.ts";
import { FormError, TextField } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { appConfigAtom } from "../site/site.ts";
import { accountErrorText, fieldMessages } from "./accountMessages.ts";
import { authAtom, forgetSession } from "./auth.ts";
import { type DemoSms, demoSmsOutbox, requestPinResetCode, resetPin } from "./forgotPin.ts";
import { NewPinFields } from "./NewPinFields.tsx";

type RequestField = "userName" | "phoneNumber";
type ResetField = "otpCode" | "newPassword" | "confirmation";

/** The account named in step 1 (normalised as the server reads it) and the code's reference. */
interface SentCode {
  userName: string;
  phoneNumber: string;
  refOtpCode: string;
  expiresInSeconds: number;
}

function resetFieldOfCode(code: string): ResetField | null {
  if (code === "OTP_INVALID" || code.startsWith("otp")) return "otpCode";
  if (code.startsWith("password")) return "newPassword";
  return null;
}

/** Demo mode: the SMS the player would have received, since the demo's SMS provider sends nothing. */
function DemoSmsInbox({ phoneNumber }: { phoneNumber: string }) {
  const { i18n } = useLingui();
  const [message, setMessage] = useState<DemoSms | "none" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async () => {
    setBusy(true);
    setError(null);
    try {
      const messages = await demoSmsOutbox(phoneNumber);
      setMessage(messages[0] ?? "none");
    } catch (failure) {
      setMessage(null);
      setError(accountErrorText(i18n, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="notice demo-sms" aria-labelledby="demo-sms-title">
      <h2 id="demo-sms-title">
        <Trans>Demo SMS inbox</Trans>
      </h2>
      <p>
        <Trans>In demo mode no SMS is sent; this is the message the player would receive.</Trans>
      </p>
      <button type="button" className="button" onClick={show} disabled={busy}>
        <Trans>Show the demo SMS</Trans>
      </button>
      <div aria-live="polite">
        {message === "none" ? (
          <p>
            <Trans>
              No SMS was sent to this number in the last hour. When the username and phone number do not match
              an account, no SMS is sent.
            </Trans>
          </p>
        ) : message ? (
          <blockquote className="demo-sms-message">
            <p>{message.body}</p>
            <footer>
              <time dateTime={message.createdAt}>
                {i18n.date(message.createdAt, { dateStyle: "medium", timeStyle: "short" })}
              </time>
            </footer>
          </blockquote>
        ) : null}
      </div>
      <FormError message={error} />
    </section>
  );
}

/** Forgotten PIN: username and phone number -> a 6-digit code by SMS -> the code and a new PIN. */
export function ForgotPinPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Forgot PIN`);
  const config = useAtomValue(appConfigAtom);
  const auth = useAtomValue(authAtom);
  const [step, setStep] = useState<"request" | "reset" | "done">("request");
  const [sent, setSent] = useState<SentCode | null>(null);
  const [resent, setResent] = useState(false);
  const [request, setRequest] = useState<Record<RequestField, string>>({ userName: "", phoneNumber: "" });
  const [reset, setReset] = useState<Record<ResetField, string>>({
    otpCode: "",
    newPassword: "",
    confirmation: "",
  });
  const [requestErrors, setRequestErrors] = useState<Partial<Record<RequestField, string>>>({});
  const [resetErrors, setResetErrors] = useState<Partial<Record<ResetField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setRequestField = (field: RequestField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setRequest({ ...request, [field]: event.target.value });
  const setResetField = (field: ResetField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setReset({ ...reset, [field]: event.target.value });

  /** Asks for a code; on success the page shows step 2 with the new reference. */
  const sendCode = async (userName: string, phoneNumber: string, again: boolean) => {
    setBusy(true);
    setFormError(null);
    try {
      const result = await requestPinResetCode(userName, phoneNumber);
      setSent({ userName, phoneNumber, ...result });
      setReset({ ...reset, otpCode: "" });
      setResetErrors({});
      setResent(again);
      setStep("reset");
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "";
      if (!again && code.startsWith("username"))
        setRequestErrors({ userName: accountErrorText(i18n, error) });
      else if (!again && code.startsWith("phoneNumber"))
        setRequestErrors({ phoneNumber: accountErrorText(i18n, error) });
      else setFormError(accountErrorText(i18n, error));
    } finally {
      setBusy(false);
    }
  };

  const submitRequest = async (event: React.FormEvent) => {
    event.preventDefault();
    const userName = v.safeParse(ForgotPasswordRequestSchema.entries.userName, request.userName);
    const phoneNumber = v.safeParse(PhoneNumberSchema, request.phoneNumber);
    const found = fieldMessages<RequestField>(i18n, {
      userName: firstIssueKey(userName),
      phoneNumber: firstIssueKey(phoneNumber),
    });
    setRequestErrors(found);
    setFormError(null);
    if (!userName.success || !phoneNumber.success) return;
    await sendCode(userName.output, phoneNumber.output, false);
  };

  const submitReset = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    const otpCode = v.safeParse(ForgotPasswordResetSchema.entries.otpCode, reset.otpCode);
    const found = fieldMessages<ResetField>(i18n, {
      otpCode: firstIssueKey(otpCode),
      newPassword: firstIssueKey(v.safeParse(PasswordSchema, reset.newPassword)),
      confirmation: passwordsMatch(reset.newPassword, reset.confirmation),
    });
    setResetErrors(found);
    setFormError(null);
    setResent(false);
    if (Object.keys(found).length > 0 || !otpCode.success) return;
    setBusy(true);
    try {
      await resetPin({
        userName: sent.userName,
        phoneNumber: sent.phoneNumber,
        otpCode: otpCode.output,
        refOtpCode: sent.refOtpCode,
        newPassword: reset.newPassword,
      });
      // The server signed the account out everywhere, this device included.
      if (auth.userInfo?.userName === sent.userName) forgetSession();
      setStep("done");
    } catch (error) {
      const field = error instanceof ApiError ? resetFieldOfCode(error.code) : null;
      if (field) setResetErrors({ [field]: accountErrorText(i18n, error) });
      else setFormError(accountErrorText(i18n, error));
    } finally {
      setBusy(false);
    }
  };

  const backToRequest = () => {
    setStep("request");
    setFormError(null);
    setResent(false);
    setResetErrors({});
  };

  const refOtpCode = sent?.refOtpCode ?? "";
  const minutes = Math.max(1, Math.round((sent?.expiresInSeconds ?? 300) / 60));

  return (
    <div className="page narrow">
      <h1>
        <Trans>Forgot PIN</Trans>
      </h1>
      {step === "request" ? (
        <form onSubmit={submitRequest} noValidate className="form">
          <p className="form-note">
            <Trans>
              Enter your username and the phone number on your account. We will send you a code by SMS to set
              a new PIN.
            </Trans>
          </p>
          <TextField
            label={t`Username`}
            name="userName"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={request.userName}
            onChange={setRequestField("userName")}
            error={requestErrors.userName}
          />
          <TextField
            label={t`Phone number`}
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={request.phoneNumber}
            onChange={setRequestField("phoneNumber")}
            error={requestErrors.phoneNumber}
          />
          <FormError message={formError} />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? t`Sending the code…` : t`Send the code`}
          </button>
        </form>
      ) : step === "reset" && sent ? (
        <>
          <div role="status">
            <p>
              <Trans>
                We sent a 6-digit code by SMS to the phone number on your account. Reference: {refOtpCode}
              </Trans>
            </p>
            <p className="form-note">
              <Plural
                value={minutes}
                one="The code expires in # minute."
                other="The code expires in # minutes."
              />
            </p>
            {resent ? (
              <p className="form-note">
                <Trans>A new code has been sent. Use the latest one.</Trans>
              </p>
            ) : null}
          </div>
          {config?.mode === "demo" ? (
            <DemoSmsInbox key={sent.refOtpCode} phoneNumber={sent.phoneNumber} />
          ) : null}
          <form onSubmit={submitReset} noValidate className="form">
            <TextField
              label={t`Verification code`}
              name="otpCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              value={reset.otpCode}
              onChange={setResetField("otpCode")}
              error={resetErrors.otpCode}
            />
            <NewPinFields
              pinLabel={t`New PIN`}
              confirmationLabel={t`Confirm new PIN`}
              pinName="newPassword"
              pin={reset.newPassword}
              confirmation={reset.confirmation}
              onPinChange={setResetField("newPassword")}
              onConfirmationChange={setResetField("confirmation")}
              pinError={resetErrors.newPassword}
              confirmationError={resetErrors.confirmation}
            />
            <FormError message={formError} />
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              {busy ? t`Saving…` : t`Set new PIN`}
            </button>
          </form>
          <div className="actions">
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() => void sendCode(sent.userName, sent.phoneNumber, true)}
            >
              <Trans>Send a new code</Trans>
            </button>
            <button type="button" className="link-button" disabled={busy} onClick={backToRequest}>
              <Trans>Change username or phone number</Trans>
            </button>
          </div>
        </>
      ) : (
        <section className="notice" role="status" aria-labelledby="reset-done-title">
          <h2 id="reset-done-title">
            <Trans>Your PIN has been reset</Trans>
          </h2>
          <p>
            <Trans>
              For your security, every device that was signed in to your account has been signed out. Log in
              with your new PIN.
            </Trans>
          </p>
          <Link to="/" className="button button-primary">
            <Trans>Log in</Trans>
          </Link>
        </section>
      )}
      {step !== "done" ? (
        <p className="form-footer">
          <Trans>Remembered your PIN?</Trans> <Link to="/">{t`Log in`}</Link>
        </p>
      ) : null}
    </div>
  );
}
