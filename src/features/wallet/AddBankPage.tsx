import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { bankByCode, normalizeAccountNumber, THAI_BANKS, validateBankAccount } from "../../domain/banks.ts";
import { ApiError } from "../../lib/api.ts";
import { authAtom, refreshUserInfo } from "../../lib/auth.ts";
import { useLoad } from "../../lib/load.ts";
import { useAtomValue } from "../../lib/store.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FieldMessages, FormError, fieldDescribedBy, PasswordField, TextField } from "../../ui/form.tsx";
import { Page } from "../../ui/Page.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { isConfirmPinError } from "../auth/index.ts";
import { addBankErrorText } from "./messages.ts";
import { BankLogo, useBankName } from "./WalletUi.tsx";
import { addMemberBank } from "./walletApi.ts";

function NameFirst() {
  return (
    <section className="notice" aria-labelledby="name-first-title">
      <h2 id="name-first-title">
        <Trans>First, add your name</Trans>
      </h2>
      <p>
        <Trans>
          Your profile has no name yet. Enter your full name exactly as it is on your bank account, then come
          back here to add the account.
        </Trans>
      </p>
      <div className="actions">
        <Link to="/profile/edit" className="button button-primary">
          <Trans>Add my name</Trans>
        </Link>
      </div>
    </section>
  );
}

/** /bank/add: the bank (with logos), the account number checked per bank, then users-banks.create. */
export function AddBankPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const bankName = useBankName();
  const form = useSubmit<"bank" | "accountNumber" | "pin">({
    errorText: addBankErrorText,
    fieldOf: (error) => (isConfirmPinError(error) ? "pin" : null),
  });
  const { userInfo } = useAtomValue(authAtom);
  const [bankCode, setBankCode] = useState("");
  const [accountNumber, setAccountNumber] = useState("");
  // A new payout account is confirmed with the PIN: a stolen session alone cannot add one.
  const [pin, setPin] = useState("");
  const [nameMissing, setNameMissing] = useState(false);

  // The name is checked against fresh details: it may just have been set on /profile/edit.
  useLoad(refreshUserInfo);
  const name = userInfo?.name?.trim() ?? "";
  const chosen = bankByCode(bankCode);
  const digits = chosen ? chosen.accountDigits.join(" / ") : "";
  const chosenName = chosen ? bankName(chosen.code) : "";

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = validateBankAccount(bankCode, accountNumber);
    if (problem === "BANK_UNKNOWN") {
      form.fail({ fields: { bank: () => t`Please choose your bank.` } });
      return;
    }
    if (problem) {
      form.fail({
        fields: {
          accountNumber: () =>
            t`This account number is not valid for ${chosenName}. It must have ${digits} digits.`,
        },
      });
      return;
    }
    if (!pin) {
      form.fail({ fields: { pin: () => t`Please enter your PIN to confirm this change.` } });
      return;
    }
    await form.run(
      async () => {
        const added = await addMemberBank(
          bankCode,
          normalizeAccountNumber(accountNumber) ?? accountNumber,
          pin,
        );
        const text =
          added.status === "verified"
            ? t`Your bank account was added and verified. You can now withdraw to it.`
            : added.status === "mismatch"
              ? t`The account was added, but the bank reports another holder name, so it cannot receive withdrawals.`
              : t`Your bank account was added. Staff will verify it shortly.`;
        await navigate({ to: "/bank/status" });
        showSnackbar({ txt: text, color: added.status === "mismatch" ? "error" : "success", timeout: 5000 });
      },
      {
        failed: (error) => {
          if (error instanceof ApiError && error.code === "NAME_REQUIRED") setNameMissing(true);
          if (isConfirmPinError(error)) setPin("");
          return false;
        },
      },
    );
  };

  return (
    <Page title={t`Add bank account`}>
      {userInfo && (!name || nameMissing) ? (
        <NameFirst />
      ) : (
        <form onSubmit={submit} noValidate className="form">
          <p className="notice-inline">
            <Trans>
              The account holder name must match the name on your profile: <strong>{name}</strong>.
              Withdrawals are paid only to accounts in your own name.
            </Trans>
          </p>
          <fieldset
            className={`field bank-choices ${form.fieldErrors.bank ? "field-invalid" : ""}`}
            aria-describedby={fieldDescribedBy("bank", null, form.fieldError("bank"))}
          >
            <legend>
              <Trans>Your bank</Trans>
            </legend>
            <div className="bank-grid">
              {THAI_BANKS.map((bank) => (
                <label key={bank.code} className="bank-choice">
                  <input
                    type="radio"
                    name="bankCode"
                    value={bank.code}
                    checked={bankCode === bank.code}
                    onChange={() => {
                      setBankCode(bank.code);
                      form.clear();
                    }}
                  />
                  <BankLogo code={bank.code} size={32} />
                  <span>{bankName(bank.code)}</span>
                </label>
              ))}
            </div>
            <FieldMessages id="bank" error={form.fieldError("bank")} />
          </fieldset>
          <TextField
            label={t`Account number`}
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            value={accountNumber}
            onChange={(e) => setAccountNumber(e.target.value)}
            error={form.fieldError("accountNumber")}
            hint={chosen ? t`${digits} digits, without dashes or with them.` : t`Choose your bank first.`}
          />
          <PasswordField
            label={t`Your PIN`}
            name="pin"
            autoComplete="current-password"
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            error={form.fieldError("pin")}
            hint={t`Adding a bank account needs your PIN.`}
          />
          <FormError message={form.error?.() ?? null} />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={form.pending}>
              {form.pending ? t`Checking with the bank…` : t`Add bank account`}
            </button>
            <Link to="/bank/status" className="button">
              <Trans>Cancel</Trans>
            </Link>
          </div>
        </form>
      )}
    </Page>
  );
}
