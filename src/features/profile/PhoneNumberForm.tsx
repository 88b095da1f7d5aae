import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import * as v from "valibot";
import { firstIssueKey, PhoneNumberSchema } from "../../domain/account.ts";
import { ApiError } from "../../lib/api.ts";
import { refreshUserInfo } from "../../lib/auth.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError, PasswordField, TextField } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { accountErrorText, fieldMessages, isConfirmPinError } from "../auth/index.ts";
import { updatePhoneNumber } from "./profile.ts";

/** What the server answers when there is nothing to change; shown without calling it. */
export const nothingChanged = () => new ApiError(400, "DATA_IS_NULL", "data is null");
/** What the server answers to a change that needs the PIN without one; shown without calling it. */
export const pinMissing = () =>
  new ApiError(400, "PIN_REQUIRED", "Please enter your PIN to confirm this change.");

/** A new phone number, confirmed with the PIN (the old number is told by SMS). */
export function PhoneNumberForm({ current }: { current: string }) {
  const { t, i18n } = useLingui();
  const [value, setValue] = useState("");
  const [pin, setPin] = useState("");
  const form = useSubmit<"phoneNumber" | "pin">({
    errorText: accountErrorText,
    fieldOf: (error) =>
      error.code.startsWith("phoneNumber") || error.code === "DATA_IS_NULL"
        ? "phoneNumber"
        : isConfirmPinError(error)
          ? "pin"
          : null,
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = v.safeParse(PhoneNumberSchema, value);
    if (!result.success) {
      const found = fieldMessages(i18n, { phoneNumber: firstIssueKey(result) });
      form.fail({ fields: found });
      return;
    }
    if (result.output === current) {
      form.fail({ form: () => accountErrorText(i18n, nothingChanged()) });
      return;
    }
    if (!pin) {
      form.fail({ fields: { pin: () => accountErrorText(i18n, pinMissing()) } });
      return;
    }
    await form.run(
      async () => {
        await updatePhoneNumber(result.output, pin);
        showSnackbar({ txt: t`Your phone number has been updated.`, color: "success" });
        setValue("");
        setPin("");
        await refreshUserInfo().catch(() => undefined);
      },
      {
        failed: (error) => {
          if (isConfirmPinError(error)) setPin("");
          return false;
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="form" aria-labelledby="phone-form-title">
      <h2 id="phone-form-title">
        <Trans>Phone number</Trans>
      </h2>
      <p className="form-note">
        <Trans>
          Your current number is {current}. It receives the SMS code when you reset your PIN, so keep it up to
          date.
        </Trans>
      </p>
      <TextField
        label={t`New phone number`}
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={form.fieldError("phoneNumber")}
        hint={t`A Thai mobile number: 10 digits starting with 06, 08 or 09.`}
      />
      <PasswordField
        label={t`Your PIN`}
        name="phonePin"
        autoComplete="current-password"
        value={pin}
        onChange={(e) => setPin(e.target.value)}
        error={form.fieldError("pin")}
        hint={t`Changing your phone number needs your PIN. We also tell your current number by SMS.`}
      />
      <FormError message={form.error?.() ?? null} />
      <button type="submit" className="button button-primary button-block" disabled={form.pending}>
        {form.pending ? t`Saving…` : t`Change phone number`}
      </button>
    </form>
  );
}
