import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import * as v from "valibot";
import {
  type AccountMessageKey,
  firstIssueKey,
  PasswordSchema,
  PhoneNumberSchema,
  passwordsMatch,
  UsernameSchema,
} from "../../domain/account.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError, TextField } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { attributionContext, signup } from "./accountActions.ts";
import { accountErrorText, fieldMessages } from "./accountMessages.ts";
import { LineLoginButton } from "./LineLoginButton.tsx";
import { NewPinFields } from "./NewPinFields.tsx";

type Field = "userName" | "password" | "confirmation" | "phoneNumber";

function fieldOfCode(code: string): Field | null {
  if (code.startsWith("username") || code === "USERNAME_TAKEN") return "userName";
  if (code.startsWith("password")) return "password";
  if (code.startsWith("phoneNumber")) return "phoneNumber";
  return null;
}

export function RegisterPage({ afSlug }: { afSlug?: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Register`);
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    userName: "",
    password: "",
    confirmation: "",
    phoneNumber: "",
  });
  const form = useSubmit<Field>({ errorText: accountErrorText, fieldOf: (error) => fieldOfCode(error.code) });

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });

  const validate = () => {
    const found: Partial<Record<Field, AccountMessageKey | null>> = {
      userName: firstIssueKey(v.safeParse(UsernameSchema, values.userName)),
      password: firstIssueKey(v.safeParse(PasswordSchema, values.password)),
      confirmation: passwordsMatch(values.password, values.confirmation),
      phoneNumber: firstIssueKey(v.safeParse(PhoneNumberSchema, values.phoneNumber)),
    };
    return fieldMessages(i18n, found);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validate();
    if (Object.keys(found).length > 0) {
      form.fail({ fields: found });
      return;
    }
    await form.run(async () => {
      await signup({
        userName: values.userName,
        password: values.password,
        phoneNumber: values.phoneNumber,
        ...attributionContext(afSlug),
      });
      await navigate({ to: "/main" });
    });
  };

  return (
    <div className="page narrow">
      <h1>
        <Trans>Register</Trans>
      </h1>
      {afSlug ? (
        <p className="notice-inline">
          <Trans>
            You were invited by a LOTTOUP member. Their invitation is applied to your new account.
          </Trans>
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="form">
        <TextField
          label={t`Username`}
          name="userName"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.userName}
          onChange={set("userName")}
          error={form.fieldError("userName")}
          hint={t`6 to 30 lowercase English letters (a-z) and digits (0-9).`}
        />
        <NewPinFields
          pinLabel={t`PIN`}
          confirmationLabel={t`Confirm PIN`}
          pinName="password"
          pin={values.password}
          confirmation={values.confirmation}
          onPinChange={set("password")}
          onConfirmationChange={set("confirmation")}
          pinError={form.fieldError("password")}
          confirmationError={form.fieldError("confirmation")}
        />
        <TextField
          label={t`Phone number`}
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={values.phoneNumber}
          onChange={set("phoneNumber")}
          error={form.fieldError("phoneNumber")}
          hint={t`Your Thai mobile number. It is used to reset your PIN by SMS.`}
        />
        <p className="form-note">
          <Trans>
            By registering you confirm that you are 18 or older. We use your phone number only to secure your
            account and to reset your PIN.
          </Trans>
        </p>
        <FormError message={form.error?.() ?? null} />
        <button type="submit" className="button button-primary button-block" disabled={form.pending}>
          {form.pending ? t`Creating your account…` : t`Register`}
        </button>
      </form>
      <LineLoginButton afSlug={afSlug} />
      <p className="form-footer">
        <Trans>Already a member?</Trans> <Link to="/">{t`Log in`}</Link>
      </p>
    </div>
  );
}
