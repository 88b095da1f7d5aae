import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { bankByCode, normalizeAccountNumber, THAI_BANKS, validateBankAccount } from "../../domain/banks.ts";
import { ApiError } from "../../lib/api.ts";
import { FieldMessages, FormError, fieldDescribedBy, TextField } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { refreshUserInfo } from "../auth/accountActions.ts";
import { authAtom } from "../auth/auth.ts";
import { type Text, useSending } from "./hooks.ts";
import { addBankErrorText } from "./messages.ts";
import { BankLogo, useBankName, WalletPage } from "./WalletUi.tsx";
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
  const form = useSending(addBankErrorText);
  const { userInfo } = useAtomValue(authAtom);
  const [bankCode, setBankCode] = useState("");
  const [accountNumber, setAccountNumber] = useState("");
  const [errors, setErrors] = useState<{ bank?: Text; accountNumber?: Text }>({});
  const [nameMissing, setNameMissing] = useState(false);

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
    form.setError(null);
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
    await form.run(
      async () => {
        const added = await addMemberBank(bankCode, normalizeAccountNumber(accountNumber) ?? accountNumber);
        const text =
          added.status === "verified"
            ? t`Your bank account was added and verified. You can now withdraw to it.`
            : added.status === "mismatch"
              ? t`The account was added, but the bank reports another holder name, so it cannot receive withdrawals.`
              : t`Your bank account was added. Staff will verify it shortly.`;
        await navigate({ to: "/bank/status" });
        showSnackbar({ txt: text, color: added.status === "mismatch" ? "error" : "success", timeout: 5000 });
      },
      (error) => {
        if (error instanceof ApiError && error.code === "NAME_REQUIRED") setNameMissing(true);
        return false;
      },
    );
  };

  return (
    <WalletPage title={t`Add bank account`}>
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
            aria-describedby={fieldDescribedBy("bank", null, errors.bank?.())}
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
            <FieldMessages id="bank" error={errors.bank?.()} />
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
          <FormError message={form.error?.() ?? null} />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={form.busy}>
              {form.busy ? t`Checking with the bank…` : t`Add bank account`}
            </button>
            <Link to="/bank/status" className="button">
              <Trans>Cancel</Trans>
            </Link>
          </div>
        </form>
      )}
    </WalletPage>
  );
}
