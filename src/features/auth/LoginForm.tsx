import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useSubmit } from "../../lib/submit.ts";
import { FormError, PasswordField, TextField } from "../../ui/form.tsx";
import { LineLoginButton } from "./LineLoginButton.tsx";
import { login } from "./login.ts";
import { authErrorText } from "./messages.ts";

/**
 * docs/rules.md "Pages": step 1 username, step 2 PIN. `next`: a path of this site to open once logged in
 * (validated by the route, `nextSearch`), else the member's home.
 */
export function LoginForm({ next }: { next?: string | undefined } = {}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [userName, setUserName] = useState("");
  const [password, setPassword] = useState("");
  const submit = useSubmit<"userName" | "password">({ errorText: authErrorText });

  const submitUserName = (event: React.FormEvent) => {
    event.preventDefault();
    if (!userName.trim()) {
      submit.fail({ fields: { userName: () => t`Username is required` } });
      return;
    }
    submit.clear();
    setStep(2);
  };

  const submitPin = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      submit.fail({ fields: { password: () => t`Please enter your PIN` } });
      return;
    }
    await submit.run(
      async () => {
        await login(userName.trim().toLowerCase(), password);
        await (next ? navigate({ href: next }) : navigate({ to: "/main" }));
      },
      {
        failed: () => {
          setPassword("");
          return false;
        },
      },
    );
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
            error={submit.fieldError("userName")}
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
                submit.clear();
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
            error={submit.fieldError("password")}
          />
          <FormError message={submit.error?.() ?? null} />
          <button type="submit" className="button button-primary button-block" disabled={submit.pending}>
            {submit.pending ? t`Logging in…` : t`Log in`}
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
