import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { maskAccountNumber } from "../../domain/banks.ts";
import { parseAmount, WITHDRAW_MAX_PER_TIME, WITHDRAW_MIN, withdrawRefusal } from "../../domain/wallet.ts";
import { amountProblem, formatBaht, formatLimit, satangOf, wireAmount } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { balanceMoved, liveBalanceAtom } from "../../lib/realtime.ts";
import { useAtomValue } from "../../lib/store.ts";
import { useSubmit } from "../../lib/submit.ts";
import { AmountField } from "../../ui/AmountField.tsx";
import { FormError, FormSubmit } from "../../ui/form.tsx";
import { Loading } from "../../ui/Load.tsx";
import { Outcome } from "../../ui/Outcome.tsx";
import { Page } from "../../ui/Page.tsx";
import { useAmountProblemText } from "./DepositAmountForm.tsx";
import { refusalText, walletErrorText } from "./messages.ts";
import {
  AccountChoices,
  AddBankActions,
  chosenAccount,
  StatusPageLink,
  useBankName,
  WalletNav,
} from "./WalletUi.tsx";
import {
  createWithdrawal,
  fetchMemberBanks,
  fetchWithdrawLimits,
  type Withdrawal,
  type WithdrawLimits,
} from "./walletApi.ts";

function Limits({ limits }: { limits: WithdrawLimits }) {
  const used = formatLimit(satangOf(limits.usedToday));
  const perDay = formatLimit(satangOf(limits.perDay));
  const count = limits.countToday;
  const countMax = limits.countPerDay;
  const perTime = formatLimit(satangOf(limits.perTime));
  const share = Math.min(
    1,
    Number(satangOf(limits.usedToday)) / Math.max(1, Number(satangOf(limits.perDay))),
  );
  return (
    <section className="limits" aria-labelledby="limits-title">
      <h2 id="limits-title">
        <Trans>Today's limits</Trans>
      </h2>
      <p>
        <Trans>
          Used {used} of {perDay} baht today, {count} of {countMax} withdrawals.
        </Trans>
      </p>
      <div className="meter" aria-hidden="true">
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="form-note">
        <Trans>At most {perTime} baht per withdrawal. Limits reset at midnight, Thailand time.</Trans>
      </p>
    </section>
  );
}

function Requested({ withdrawal }: { withdrawal: Withdrawal }) {
  const bankName = useBankName();
  const amount = formatBaht(withdrawal.amount);
  const to = `${bankName(withdrawal.bank.bankCode)} ${maskAccountNumber(withdrawal.bank.accountNumber)}`;
  return (
    <Outcome tone="ok" title={<Trans>Withdrawal requested</Trans>} actions={<StatusPageLink />}>
      <p>
        <Trans>
          {amount} will be paid to {to}. The amount has been taken from your balance; staff usually pay within
          15 minutes. If it is rejected, the money comes back to your balance.
        </Trans>
      </p>
      {withdrawal.review === "required" ? (
        <p>
          <Trans>
            This is the first withdrawal to this bank account, so staff review it before paying, whatever the
            amount. This protects your money if someone else added the account.
          </Trans>
        </p>
      ) : null}
    </Outcome>
  );
}

/** /credit/withdraw: to one of the member's verified accounts, within the limits of docs/rules.md "Money". */
export function WithdrawPage() {
  const { t, i18n } = useLingui();
  const problemText = useAmountProblemText();
  const form = useSubmit<"amount">({ errorText: walletErrorText });
  const { balance } = useAtomValue(liveBalanceAtom);
  const banks = useLoad(async () => (await fetchMemberBanks()).filter((b) => b.status === "verified"));
  const limits = useLoad(fetchWithdrawLimits);
  const [bankId, setBankId] = useState("");
  const [amount, setAmount] = useState("");
  const [done, setDone] = useState<Withdrawal | null>(null);

  const verified = banks.data ?? [];
  const chosen = chosenAccount(verified, bankId);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      form.fail({ form: () => t`Please choose the account to receive the money.` });
      return;
    }
    const problem = amountProblem(amount, 1n, 10n ** 15n);
    const value = parseAmount(amount);
    const wire = wireAmount(amount);
    if (problem || value === null || !wire) {
      form.fail({
        fields: { amount: () => problemText(problem ?? "invalid", WITHDRAW_MIN, WITHDRAW_MAX_PER_TIME) },
      });
      return;
    }
    const l = limits.data;
    const refusal = l
      ? withdrawRefusal(value, { total: satangOf(l.usedToday), count: l.countToday, pending: l.pending })
      : value < WITHDRAW_MIN
        ? "WITHDRAW_MIN"
        : value > WITHDRAW_MAX_PER_TIME
          ? "WITHDRAW_MAX_PER_TIME"
          : null;
    if (refusal) {
      form.fail({ fields: { amount: () => refusalText(i18n, refusal) } });
      return;
    }
    if (balance !== null && value > satangOf(balance)) {
      form.fail({ fields: { amount: () => refusalText(i18n, "INSUFFICIENT_FUNDS") } });
      return;
    }
    await form.run(
      async (idempotencyKey) => {
        const withdrawal = await createWithdrawal(chosen.id, wire, idempotencyKey);
        setDone(withdrawal);
        setAmount("");
        void balanceMoved();
      },
      { fingerprint: `${chosen.id}|${wire}` },
    );
    void limits.reload();
  };

  const loading = (banks.loading && !banks.data) || (limits.loading && !limits.data);
  const loadError = banks.error ?? limits.error;

  return (
    <Page title={t`Withdraw`} top={<WalletNav />}>
      <section className="balance-box" aria-labelledby="available-title">
        <h2 id="available-title">
          <Trans>Available balance</Trans>
        </h2>
        <p className="balance-box-value">{balance === null ? "—" : formatBaht(balance)}</p>
      </section>
      {done ? <Requested withdrawal={done} /> : null}
      <FormError message={loadError ? walletErrorText(i18n, loadError) : null} />
      {loading ? (
        <Loading />
      ) : verified.length === 0 && !banks.error ? (
        <section className="notice">
          <h2>
            <Trans>Add a bank account to withdraw</Trans>
          </h2>
          <p>
            <Trans>
              We pay only to a verified bank account in your own name. Add one, or check the status of the
              accounts you added.
            </Trans>
          </p>
          <AddBankActions />
        </section>
      ) : (
        <>
          {limits.data ? <Limits limits={limits.data} /> : null}
          {limits.data?.pending ? (
            <p className="notice-inline" role="status">
              {refusalText(i18n, "WITHDRAW_PENDING")}
            </p>
          ) : null}
          <form onSubmit={submit} noValidate className="form">
            <AccountChoices
              legend={<Trans>Pay to</Trans>}
              name="bankId"
              accounts={verified}
              chosen={chosen}
              onChoose={setBankId}
            />
            <AmountField
              label={t`Amount to withdraw (baht)`}
              value={amount}
              onChange={setAmount}
              error={form.fieldError("amount")}
              choices={[100, 500, 1000, 5000, 10000]}
            />
            <p className="form-note">
              <Trans>A withdrawal request cannot be cancelled once it is sent.</Trans>
            </p>
            <FormSubmit submit={form} label={t`Withdraw now`} busyLabel={t`Sending…`} />
          </form>
        </>
      )}
    </Page>
  );
}
