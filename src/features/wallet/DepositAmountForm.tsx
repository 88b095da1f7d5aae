import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { DEPOSIT_MIN, UNIQUE_AMOUNT_TTL_MS, UNIQUE_DEPOSIT_MAX } from "../../domain/wallet.ts";
import { ApiError } from "../../lib/api.ts";
import {
  type AmountProblem,
  amountProblem,
  formatLimit,
  formatSatang,
  wireAmount,
} from "../../lib/format.ts";
import { useSubmit } from "../../lib/submit.ts";
import { AmountField } from "../../ui/AmountField.tsx";
import { FormSubmit } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { depositPage, findWaitingDeposit } from "./DepositTracker.tsx";
import { walletErrorText } from "./messages.ts";
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

/** The most a fast or QR request takes in whole baht: the satang the server adds keep it within the limit. */
export const UNIQUE_BAHT_MAX = UNIQUE_DEPOSIT_MAX - 99n;

/** How long a fast or QR request waits for the transfer. */
export const UNIQUE_MINUTES = UNIQUE_AMOUNT_TTL_MS / 60_000;

/**
 * The amount step of the fast, QR and crypto deposits: checks the limits, creates the request with one
 * idempotency key per amount (a retry after a lost answer returns the same request), and goes on to the page
 * that follows it. A request already waiting is opened instead of making a second one.
 */
export function DepositAmountForm({
  max: limit,
  wholeBaht,
  create,
  replace,
  submitLabel,
  preview,
}: {
  max: bigint;
  wholeBaht: boolean;
  create: (amount: string, key: string) => Promise<Deposit>;
  /** The page that follows the request takes this one's place in the history (the QR page is both). */
  replace?: boolean;
  submitLabel: string;
  /** Shown under the amount as it is typed (the crypto page's conversion). */
  preview?: (amount: string) => React.ReactNode;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const problemText = useAmountProblemText();
  const form = useSubmit<"amount">({ errorText: walletErrorText });
  const [amount, setAmount] = useState("");
  const min = formatLimit(DEPOSIT_MIN);
  const max = formatLimit(limit);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let problem = amountProblem(amount, DEPOSIT_MIN, limit);
    const wire = wireAmount(amount);
    if (!problem && wholeBaht && wire && !wire.endsWith(".00")) problem = "invalid";
    if (problem || !wire) {
      form.fail({
        fields: { amount: () => problemText(problem ?? "invalid", DEPOSIT_MIN, limit, wholeBaht) },
      });
      return;
    }
    await form.run(
      async (idempotencyKey) => {
        const deposit = await create(wire, idempotencyKey);
        await navigate({ ...depositPage(deposit), replace });
      },
      {
        // One request per amount: a retry after a lost answer returns the same request.
        fingerprint: wire,
        failed: async (err) => {
          if (!(err instanceof ApiError && err.code === "DEPOSIT_WAITING")) return false;
          const waiting = await findWaitingDeposit().catch(() => null);
          if (!waiting) return false;
          await navigate(depositPage(waiting));
          showSnackbar({ txt: walletErrorText(i18n, err), color: "info", timeout: 5000 });
          return true;
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="form">
      <AmountField
        label={t`Amount (baht)`}
        value={amount}
        onChange={setAmount}
        error={form.fieldError("amount")}
        wholeBaht={wholeBaht}
        hint={wholeBaht ? t`Whole baht from ${min} to ${max}.` : t`From ${min} to ${max} baht.`}
      />
      {preview ? preview(amount) : null}
      <FormSubmit submit={form} label={submitLabel} busyLabel={<Trans>Please wait…</Trans>} />
    </form>
  );
}
