import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { DEPOSIT_MAX, DEPOSIT_MIN } from "../../domain/wallet.ts";
import { FormError } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { authAtom } from "../auth/auth.ts";
import { useAmountProblemText } from "./DepositAmountForm.tsx";
import {
  amountProblem,
  bangkokDateTimeLocalToIso,
  formatBaht,
  formatLimit,
  toBangkokDateTimeLocal,
  wireAmount,
} from "./format.ts";
import { later, type Text, useKeyKeeper, useLoad } from "./hooks.ts";
import { walletErrorText } from "./messages.ts";
import { AccountCard, AmountField, Loading } from "./WalletUi.tsx";
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
    <section className="outcome outcome-wait" role="status">
      <h2>
        <Trans>Thank you, we have your deposit notice</Trans>
      </h2>
      <p>
        <Trans>
          Staff will check your transfer of {amount} and add it to your balance, usually within 15 minutes.
          You can follow it on the deposit and withdrawal status page.
        </Trans>
      </p>
      <div className="actions">
        <Link to="/credit/status" className="button button-primary">
          <Trans>See the status</Trans>
        </Link>
      </div>
    </section>
  );
}

/** /credit/deposit/normal: a manual transfer reported by the member (SPEC.md manual deposit), for staff. */
export function NormalDepositPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Normal bank transfer`);
  const problemText = useAmountProblemText();
  const keys = useKeyKeeper();
  const ids = { to: useId(), from: useId(), how: useId(), when: useId() };
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
  const [errors, setErrors] = useState<Partial<Record<"to" | "from" | "amount" | "when", Text>>>({});
  const [formError, setFormError] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Deposit | null>(null);

  const accounts = data.data?.accounts ?? [];
  const banks = data.data?.banks ?? [];
  const receiving = accounts.find((a) => a.id === toId) ?? (accounts.length === 1 ? accounts[0] : undefined);
  const from = banks.find((b) => b.id === fromId) ?? (banks.length === 1 ? banks[0] : undefined);
  const now = new Date();
  const minWhen = toBangkokDateTimeLocal(new Date(now.getTime() - THREE_DAYS_MS));
  const maxWhen = toBangkokDateTimeLocal(now);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: typeof errors = {};
    if (!receiving) found.to = () => t`Please choose the account you transferred to.`;
    if (!from) found.from = () => t`Please choose the account you transferred from.`;
    const problem = amountProblem(amount, DEPOSIT_MIN, DEPOSIT_MAX);
    if (problem) found.amount = () => problemText(problem, DEPOSIT_MIN, DEPOSIT_MAX);
    const depositAt = bangkokDateTimeLocalToIso(when);
    const at = depositAt ? Date.parse(depositAt) : Number.NaN;
    if (!depositAt || at > Date.now() + 60_000 || at < Date.now() - THREE_DAYS_MS) {
      found.when = () => t`Please enter when you transferred (within the last 3 days).`;
    }
    setErrors(found);
    const wire = wireAmount(amount);
    if (Object.keys(found).length > 0 || !receiving || !from || !wire || !depositAt) return;
    const method = HOW.find((h) => h.channel === how) ?? HOW[0];
    const fingerprint = [receiving.id, from.id, method.channel, wire, depositAt].join("|");
    setBusy(true);
    try {
      const deposit = await createNormalDeposit({
        bankId: receiving.id,
        channel: method.channel,
        channelName: method.channelName,
        bankCode: from.bankCode,
        bankAccountNumber: from.accountNumber,
        bankAccountName: from.accountName ?? userInfo?.name ?? "",
        amount: wire,
        depositAt,
        idempotencyKey: keys.keyFor(fingerprint),
      });
      keys.done();
      setSent(deposit);
    } catch (err) {
      setFormError(later(() => walletErrorText(i18n, err)));
    } finally {
      setBusy(false);
    }
  };

  const min = formatLimit(DEPOSIT_MIN);
  const max = formatLimit(DEPOSIT_MAX);

  return (
    <div className="page narrow">
      <p className="breadcrumb">
        <Link to="/credit/deposit">
          <Trans>Deposit</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Normal bank transfer</Trans>
      </h1>
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
          <div className="actions">
            <Link to="/bank/add" className="button button-primary">
              <Trans>Add bank account</Trans>
            </Link>
            <Link to="/bank/status" className="button">
              <Trans>My bank accounts</Trans>
            </Link>
          </div>
        </section>
      ) : (
        <form onSubmit={submit} noValidate className="form">
          <p className="lead">
            <Trans>
              1. Transfer any amount to one of our accounts below. 2. Fill in this form so staff can find your
              transfer.
            </Trans>
          </p>
          <fieldset
            className={`field choice-list ${errors.to ? "field-invalid" : ""}`}
            aria-describedby={ids.to}
          >
            <legend>
              <Trans>Our account you transferred to</Trans>
            </legend>
            {accounts.map((a) => (
              <AccountCard
                key={a.id}
                bankCode={a.bankCode}
                accountNumber={a.accountNumber}
                accountName={a.accountName}
                copy
                radio={{
                  name: "receiving",
                  value: a.id,
                  checked: receiving?.id === a.id,
                  onChange: () => setToId(a.id),
                }}
              />
            ))}
            {errors.to ? (
              <p id={ids.to} className="field-error" role="alert">
                {errors.to()}
              </p>
            ) : null}
          </fieldset>
          <fieldset
            className={`field choice-list ${errors.from ? "field-invalid" : ""}`}
            aria-describedby={ids.from}
          >
            <legend>
              <Trans>Your account you transferred from</Trans>
            </legend>
            {banks.map((b) => (
              <AccountCard
                key={b.id}
                bankCode={b.bankCode}
                accountNumber={b.accountNumber}
                accountName={b.accountName}
                radio={{
                  name: "from",
                  value: b.id,
                  checked: from?.id === b.id,
                  onChange: () => setFromId(b.id),
                }}
              />
            ))}
            {errors.from ? (
              <p id={ids.from} className="field-error" role="alert">
                {errors.from()}
              </p>
            ) : null}
          </fieldset>
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
            error={errors.amount?.()}
            hint={t`Exactly as on your slip, from ${min} to ${max}.`}
            choices={[]}
          />
          <div className={`field ${errors.when ? "field-invalid" : ""}`}>
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
              aria-invalid={errors.when ? true : undefined}
              aria-describedby={errors.when ? `${ids.when}-error` : undefined}
            />
            {errors.when ? (
              <p id={`${ids.when}-error`} className="field-error" role="alert">
                {errors.when()}
              </p>
            ) : null}
          </div>
          <FormError message={formError?.() ?? null} />
          <button type="submit" className="button button-primary button-block button-large" disabled={busy}>
            {busy ? t`Sending…` : t`Send deposit notice`}
          </button>
        </form>
      )}
    </div>
  );
}
