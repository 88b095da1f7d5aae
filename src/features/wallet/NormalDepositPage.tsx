import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { DEPOSIT_MAX, DEPOSIT_MIN } from "../../domain/wallet.ts";
import { authAtom } from "../../lib/auth.ts";
import {
  amountProblem,
  bangkokDateTimeLocalToIso,
  formatBaht,
  formatLimit,
  toBangkokDateTimeLocal,
  wireAmount,
} from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { useAtomValue } from "../../lib/store.ts";
import { type Text, useSubmit } from "../../lib/submit.ts";
import { AmountField } from "../../ui/AmountField.tsx";
import { FieldMessages, FormError, FormSubmit, fieldDescribedBy } from "../../ui/form.tsx";
import { Loading } from "../../ui/Load.tsx";
import { Outcome } from "../../ui/Outcome.tsx";
import { useAmountProblemText } from "./DepositAmountForm.tsx";
import { walletErrorText } from "./messages.ts";
import { AccountChoices, AddBankActions, chosenAccount, DepositPage, StatusPageLink } from "./WalletUi.tsx";
import { createNormalDeposit, type Deposit, fetchDepositChannels, fetchMemberBanks } from "./walletApi.ts";

/** How the member sent the money; staff see the English name. */
const HOW = [
  { channel: "mobile_banking", channelName: "Mobile banking app" },
  { channel: "internet_banking", channelName: "Internet banking" },
  { channel: "atm", channelName: "ATM" },
  { channel: "counter", channelName: "Bank counter" },
] as const;

const THREE_DAYS_MS = 3 * 24 * 3_600_000;

function Sent({ deposit }: { deposit: Deposit }) {
  const amount = formatBaht(deposit.amount);
  return (
    <Outcome
      tone="wait"
      title={<Trans>Thank you, we have your deposit notice</Trans>}
      actions={<StatusPageLink />}
    >
      <p>
        <Trans>
          Staff will check your transfer of {amount} and add it to your balance, usually within 15 minutes.
          You can follow it on the deposit and withdrawal status page.
        </Trans>
      </p>
    </Outcome>
  );
}

/** /credit/deposit/normal: a manual transfer reported by the member (docs/rules.md "Money": deposit channels), for staff. */
export function NormalDepositPage() {
  const { t, i18n } = useLingui();
  const problemText = useAmountProblemText();
  const form = useSubmit<"to" | "from" | "amount" | "when">({ errorText: walletErrorText });
  const ids = { how: useId(), when: useId() };
  const { userInfo } = useAtomValue(authAtom);
  const data = useLoad(async () => {
    const [channels, banks] = await Promise.all([fetchDepositChannels(), fetchMemberBanks()]);
    return { accounts: channels.normal.accounts, banks: banks.filter((b) => b.status === "verified") };
  });
  const [toId, setToId] = useState("");
  const [fromId, setFromId] = useState("");
  const [how, setHow] = useState<string>(HOW[0].channel);
  const [amount, setAmount] = useState("");
  const [when, setWhen] = useState(() => toBangkokDateTimeLocal(new Date()));
  const [sent, setSent] = useState<Deposit | null>(null);

  const accounts = data.data?.accounts ?? [];
  const banks = data.data?.banks ?? [];
  const receiving = chosenAccount(accounts, toId);
  const from = chosenAccount(banks, fromId);
  const now = new Date();
  const minWhen = toBangkokDateTimeLocal(new Date(now.getTime() - THREE_DAYS_MS));
  const maxWhen = toBangkokDateTimeLocal(now);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<"to" | "from" | "amount" | "when", Text>> = {};
    if (!receiving) found.to = () => t`Please choose the account you transferred to.`;
    if (!from) found.from = () => t`Please choose the account you transferred from.`;
    const problem = amountProblem(amount, DEPOSIT_MIN, DEPOSIT_MAX);
    if (problem) found.amount = () => problemText(problem, DEPOSIT_MIN, DEPOSIT_MAX);
    const depositAt = bangkokDateTimeLocalToIso(when);
    const at = depositAt ? Date.parse(depositAt) : Number.NaN;
    if (!depositAt || at > Date.now() + 60_000 || at < Date.now() - THREE_DAYS_MS) {
      found.when = () => t`Please enter when you transferred (within the last 3 days).`;
    }
    const wire = wireAmount(amount);
    if (Object.keys(found).length > 0 || !receiving || !from || !wire || !depositAt) {
      form.fail({ fields: found });
      return;
    }
    const method = HOW.find((h) => h.channel === how) ?? HOW[0];
    const fingerprint = [receiving.id, from.id, method.channel, wire, depositAt].join("|");
    await form.run(
      async (idempotencyKey) => {
        const deposit = await createNormalDeposit({
          bankId: receiving.id,
          channel: method.channel,
          channelName: method.channelName,
          bankCode: from.bankCode,
          bankAccountNumber: from.accountNumber,
          bankAccountName: from.accountName ?? userInfo?.name ?? "",
          amount: wire,
          depositAt,
          idempotencyKey,
        });
        setSent(deposit);
      },
      { fingerprint },
    );
  };

  const min = formatLimit(DEPOSIT_MIN);
  const max = formatLimit(DEPOSIT_MAX);

  return (
    <DepositPage title={t`Normal bank transfer`}>
      {sent ? (
        <Sent deposit={sent} />
      ) : data.loading && !data.data ? (
        <Loading />
      ) : data.error ? (
        <FormError message={walletErrorText(i18n, data.error)} />
      ) : banks.length === 0 ? (
        <section className="notice">
          <p>
            <Trans>
              To report a transfer, you need a verified bank account in your name: we match the money to the
              account it came from.
            </Trans>
          </p>
          <AddBankActions />
        </section>
      ) : (
        <form onSubmit={submit} noValidate className="form">
          <p className="lead">
            <Trans>
              1. Transfer any amount to one of our accounts below. 2. Fill in this form so staff can find your
              transfer.
            </Trans>
          </p>
          <AccountChoices
            legend={<Trans>Our account you transferred to</Trans>}
            name="receiving"
            accounts={accounts}
            chosen={receiving}
            onChoose={setToId}
            copy
            error={form.fieldError("to")}
          />
          <AccountChoices
            legend={<Trans>Your account you transferred from</Trans>}
            name="from"
            accounts={banks}
            chosen={from}
            onChoose={setFromId}
            error={form.fieldError("from")}
          />
          <div className="field">
            <label htmlFor={ids.how}>
              <Trans>How did you transfer?</Trans>
            </label>
            <select id={ids.how} name="channel" value={how} onChange={(e) => setHow(e.target.value)}>
              <option value="mobile_banking">{t`Mobile banking app`}</option>
              <option value="internet_banking">{t`Internet banking`}</option>
              <option value="atm">{t`ATM`}</option>
              <option value="counter">{t`Bank counter`}</option>
            </select>
          </div>
          <AmountField
            label={t`Amount you transferred (baht)`}
            value={amount}
            onChange={setAmount}
            error={form.fieldError("amount")}
            hint={t`Exactly as on your slip, from ${min} to ${max}.`}
            choices={[]}
          />
          <div className={`field ${form.fieldErrors.when ? "field-invalid" : ""}`}>
            <label htmlFor={ids.when}>
              <Trans>Date and time of the transfer (Thailand time)</Trans>
            </label>
            <input
              id={ids.when}
              type="datetime-local"
              name="depositAt"
              value={when}
              min={minWhen}
              max={maxWhen}
              onChange={(e) => setWhen(e.target.value)}
              aria-invalid={form.fieldErrors.when ? true : undefined}
              aria-describedby={fieldDescribedBy(ids.when, null, form.fieldError("when"))}
            />
            <FieldMessages id={ids.when} error={form.fieldError("when")} />
          </div>
          <FormSubmit submit={form} label={t`Send deposit notice`} busyLabel={t`Sending…`} />
        </form>
      )}
    </DepositPage>
  );
}
