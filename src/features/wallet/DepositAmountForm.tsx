import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { DEPOSIT_MIN } from "../../domain/wallet.ts";
import { ApiError } from "../../lib/api.ts";
import { FormError } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { depositPage, findWaitingDeposit } from "./DepositTracker.tsx";
import { type AmountProblem, amountProblem, formatSatang, wireAmount } from "./format.ts";
import { later, type Text, useKeyKeeper } from "./hooks.ts";
import { walletErrorText } from "./messages.ts";
import { AmountField } from "./WalletUi.tsx";
import type { Deposit } from "./walletApi.ts";

export function useAmountProblemText() {
  const { t } = useLingui();
  return (problem: AmountProblem, min: bigint, max: bigint, wholeBaht = false): string => {
    const minText = formatSatang(min);
    const maxText = formatSatang(max);
    switch (problem) {
      case "required":
        return t`Please enter an amount.`;
      case "invalid":
        return wholeBaht
          ? t`Please enter whole baht; we add the satang for you.`
          : t`Please enter an amount in baht with at most two decimals.`;
      case "min":
        return t`The smallest amount is ${minText}.`;
      case "max":
        return t`The largest amount is ${maxText}.`;
    }
  };
}

/**
 * The amount step of the fast, QR and crypto deposits: checks the limits, creates the request with one
 * idempotency key per amount (a retry after a lost answer returns the same request), and goes on to the page
 * that follows it. A request already waiting is opened instead of making a second one.
 */
export function DepositAmountForm({
  max,
  wholeBaht,
  create,
  onCreated,
  submitLabel,
  hint,
  preview,
}: {
  max: bigint;
  wholeBaht: boolean;
  create: (amount: string, key: string) => Promise<Deposit>;
  onCreated: (deposit: Deposit) => void | Promise<void>;
  submitLabel: string;
  hint?: string;
  /** Shown under the amount as it is typed (the crypto page's conversion). */
  preview?: (amount: string) => React.ReactNode;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const problemText = useAmountProblemText();
  const keys = useKeyKeeper();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<Text | null>(null);
  const [formError, setFormError] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    let problem = amountProblem(amount, DEPOSIT_MIN, max);
    const wire = wireAmount(amount);
    if (!problem && wholeBaht && wire && !wire.endsWith(".00")) problem = "invalid";
    if (problem || !wire) {
      setError(later(() => problemText(problem ?? "invalid", DEPOSIT_MIN, max, wholeBaht)));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const deposit = await create(wire, keys.keyFor(wire));
      keys.done();
      await onCreated(deposit);
    } catch (err) {
      if (err instanceof ApiError && err.code === "DEPOSIT_WAITING") {
        const waiting = await findWaitingDeposit().catch(() => null);
        if (waiting) {
          await navigate(depositPage(waiting));
          showSnackbar({ txt: walletErrorText(i18n, err), color: "info", timeout: 5000 });
          return;
        }
      }
      setFormError(later(() => walletErrorText(i18n, err)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="form">
      <AmountField
        label={t`Amount (baht)`}
        value={amount}
        onChange={setAmount}
        error={error?.()}
        wholeBaht={wholeBaht}
        hint={hint}
      />
      {preview ? preview(amount) : null}
      <FormError message={formError?.() ?? null} />
      <button type="submit" className="button button-primary button-block button-large" disabled={busy}>
        {busy ? <Trans>Please wait…</Trans> : submitLabel}
      </button>
    </form>
  );
}
