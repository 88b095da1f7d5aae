import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { FormError, PasswordField, TextField } from "../../ui/form.tsx";
import { login } from "./auth.ts";
import { LineLoginButton } from "./LineLoginButton.tsx";
import { errorText } from "./messages.ts";

/** SPEC.md section 2: step 1 username, step 2 PIN. */
export function LoginForm() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [userName, setUserName] = useState("");
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submitUserName = (event: React.FormEvent) => {
    event.preventDefault();
    if (!userName.trim()) {
      setFieldError(t`Username is required`);
      return;
    }
    setFieldError(null);
    setFormError(null);
    setStep(2);
  };

  const submitPin = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError(t`Please enter your PIN`);
      return;
    }
    setFieldError(null);
    setFormError(null);
    setBusy(true);
    try {
      await login(userName.trim().toLowerCase(), password);
      await navigate({ to: "/main" });
    } catch (error) {
      setFormError(errorText(i18n, error));
      setPassword("");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="login-card" aria-labelledby="login-title">
      <h2 id="login-title">
        <Trans>Log in</Trans>
      </h2>
      {step === 1 ? (
        <form onSubmit={submitUserName} noValidate>
          <TextField
            label={t`Username`}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
            error={fieldError}
          />
          <button type="submit" className="button button-primary button-block">
            <Trans>Next</Trans>
          </button>
        </form>
      ) : (
        <form onSubmit={submitPin} noValidate>
          <p className="login-user">
            <span>{userName.trim().toLowerCase()}</span>{" "}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setStep(1);
                setPassword("");
                setFormError(null);
              }}
            >
              <Trans>Change</Trans>
            </button>
          </p>
          <PasswordField
            label={t`PIN`}
            name="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError}
          />
          <FormError message={formError} />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? t`Logging in…` : t`Log in`}
          </button>
        </form>
      )}
      <LineLoginButton />
      <div className="login-links">
        <Link to="/forgot-pin">
          <Trans>Forgot PIN?</Trans>
        </Link>
        <Link to="/register">
          <Trans>Register</Trans>
        </Link>
      </div>
    </section>
  );
}
