import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { bankByCode, normalizeAccountNumber, THAI_BANKS, validateBankAccount } from "../../domain/banks.ts";
import { ApiError } from "../../lib/api.ts";
import { FormError, TextField } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { refreshUserInfo } from "../auth/accountActions.ts";
import { authAtom } from "../auth/auth.ts";
import { later, type Text } from "./hooks.ts";
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
  const { t, i18n } = useLingui();
  usePageTitle(t`Add bank account`);
  const navigate = useNavigate();
  const bankName = useBankName();
  const { userInfo } = useAtomValue(authAtom);
  const [bankCode, setBankCode] = useState("");
  const [accountNumber, setAccountNumber] = useState("");
  const [errors, setErrors] = useState<{ bank?: Text; accountNumber?: Text }>({});
  const [formError, setFormError] = useState<Text | null>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  // The name is checked against fresh details: it may just have been set on /profile/edit.
  useEffect(() => {
    void refreshUserInfo().catch(() => undefined);
  }, []);
  const name = userInfo?.name?.trim() ?? "";
  const chosen = bankByCode(bankCode);
  const digits = chosen ? chosen.accountDigits.join(" / ") : "";
  const chosenName = chosen ? bankName(chosen.code) : "";

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problem = validateBankAccount(bankCode, accountNumber);
    if (problem === "BANK_UNKNOWN") {
      setErrors({ bank: () => t`Please choose your bank.` });
      return;
    }
    if (problem) {
      setErrors({
        accountNumber: () =>
          t`This account number is not valid for ${chosenName}. It must have ${digits} digits.`,
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const added = await addMemberBank(bankCode, normalizeAccountNumber(accountNumber) ?? accountNumber);
      const text =
        added.status === "verified"
          ? t`Your bank account was added and verified. You can now withdraw to it.`
          : added.status === "mismatch"
            ? t`The account was added, but the bank reports another holder name, so it cannot receive withdrawals.`
            : t`Your bank account was added. Staff will verify it shortly.`;
      await navigate({ to: "/bank/status" });
      showSnackbar({ txt: text, color: added.status === "mismatch" ? "error" : "success", timeout: 5000 });
    } catch (error) {
      if (error instanceof ApiError && error.code === "NAME_REQUIRED") setNameMissing(true);
      setFormError(later(() => addBankErrorText(i18n, error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page narrow">
      <h1>
        <Trans>Add bank account</Trans>
      </h1>
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
            className={`field bank-choices ${errors.bank ? "field-invalid" : ""}`}
            aria-describedby={errors.bank ? "bank-error" : undefined}
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
                      setErrors({});
                    }}
                  />
                  <BankLogo code={bank.code} size={32} />
                  <span>{bankName(bank.code)}</span>
                </label>
              ))}
            </div>
            {errors.bank ? (
              <p id="bank-error" className="field-error" role="alert">
                {errors.bank()}
              </p>
            ) : null}
          </fieldset>
          <TextField
            label={t`Account number`}
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            value={accountNumber}
            onChange={(e) => setAccountNumber(e.target.value)}
            error={errors.accountNumber?.()}
            hint={chosen ? t`${digits} digits, without dashes or with them.` : t`Choose your bank first.`}
          />
          <FormError message={formError?.() ?? null} />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? t`Checking with the bank…` : t`Add bank account`}
            </button>
            <Link to="/bank/status" className="button">
              <Trans>Cancel</Trans>
            </Link>
          </div>
        </form>
      )}
    </div>
  );
}
