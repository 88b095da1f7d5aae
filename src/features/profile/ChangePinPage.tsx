import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import * as v from "valibot";
import {
  type AccountMessageKey,
  firstIssueKey,
  PasswordSchema,
  passwordsMatch,
} from "../../domain/account.ts";
import { ApiError } from "../../lib/api.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError, PasswordField } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { accountErrorText, fieldMessages, NewPinFields } from "../auth/index.ts";
import { changePin } from "./profile.ts";

type Field = "oldPassword" | "newPassword" | "confirmation";

function fieldOfCode(code: string): Field | null {
  if (code === "OLD_PASSWORD_WRONG" || code === "passwordRequired") return "oldPassword";
  if (code.startsWith("password")) return "newPassword";
  return null;
}

/** users.change-password: the current PIN, a new one meeting every rule, and optionally sign out elsewhere. */
export function ChangePinPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Change PIN`);
  const navigate = useNavigate();
  const hintId = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: "",
    newPassword: "",
    confirmation: "",
  });
  const [signOutOthers, setSignOutOthers] = useState(true);
  const form = useSubmit<Field>({ errorText: accountErrorText, fieldOf: (error) => fieldOfCode(error.code) });

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });

  const validate = () => {
    const found: Partial<Record<Field, AccountMessageKey | null>> = {
      oldPassword: values.oldPassword ? null : "pinRequired",
      newPassword: firstIssueKey(v.safeParse(PasswordSchema, values.newPassword)),
      confirmation: passwordsMatch(values.newPassword, values.confirmation),
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
    await form.run(
      async () => {
        const { signedOut } = await changePin({
          oldPassword: values.oldPassword,
          newPassword: values.newPassword,
          signOutOthers,
        });
        const changed =
          signedOut > 0
            ? t`Your PIN has been changed. ${plural(signedOut, {
                one: "# other device was signed out.",
                other: "# other devices were signed out.",
              })}`
            : t`Your PIN has been changed.`;
        // After the navigation: the router closes the snackbar when the path changes.
        await navigate({ to: "/profile" });
        showSnackbar({ txt: changed, color: "success" });
      },
      {
        failed: (error) => {
          if (error instanceof ApiError && fieldOfCode(error.code) === "oldPassword")
            setValues({ ...values, oldPassword: "" });
          return false;
        },
      },
    );
  };

  return (
    <div className="page narrow">
      <h1>
        <Trans>Change PIN</Trans>
      </h1>
      <form onSubmit={submit} noValidate className="form">
        <PasswordField
          label={t`Current PIN`}
          name="oldPassword"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set("oldPassword")}
          error={form.fieldError("oldPassword")}
        />
        <NewPinFields
          pinLabel={t`New PIN`}
          confirmationLabel={t`Confirm new PIN`}
          pinName="newPassword"
          pin={values.newPassword}
          confirmation={values.confirmation}
          onPinChange={set("newPassword")}
          onConfirmationChange={set("confirmation")}
          pinError={form.fieldError("newPassword")}
          confirmationError={form.fieldError("confirmation")}
        />
        <div className="field field-checkbox">
          <label>
            <input
              type="checkbox"
              name="signOutOthers"
              aria-describedby={hintId}
              checked={signOutOthers}
              onChange={(e) => setSignOutOthers(e.target.checked)}
            />{" "}
            <Trans>Sign out my other devices</Trans>
          </label>
          <p id={hintId} className="field-hint">
            <Trans>You stay signed in on this device.</Trans>
          </p>
        </div>
        <FormError message={form.error?.() ?? null} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={form.pending}>
            {form.pending ? t`Changing your PIN…` : t`Change PIN`}
          </button>
          <Link to="/profile" className="button">
            <Trans>Cancel</Trans>
          </Link>
        </div>
      </form>
      <p className="form-footer">
        <Trans>Forgot your current PIN?</Trans>{" "}
        <Link to="/forgot-pin">
          <Trans>Reset it by SMS</Trans>
        </Link>
      </p>
    </div>
  );
}
