import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { formatStatementTime } from "../../domain/statement.ts";
import { ApiError } from "../../lib/api.ts";
import { FormError, TextField } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { formatBaht } from "./format.ts";
import { later, type Text, useKeyKeeper, useLoad } from "./hooks.ts";
import { refreshBalance } from "./liveBalance.ts";
import { depositStatusText, walletErrorText } from "./messages.ts";
import { voucherLink } from "./voucher.ts";
import { Loading, StatusBadge } from "./WalletUi.tsx";
import { createTrueMoneyDeposit, type Deposit, fetchTrueWalletHistory } from "./walletApi.ts";

/** /credit/deposit/truemoney: redeem a TrueMoney gift-voucher link; the history of vouchers below. */
export function TrueMoneyPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`TrueMoney gift voucher`);
  const keys = useKeyKeeper();
  const history = useLoad(fetchTrueWalletHistory);
  const [link, setLink] = useState("");
  const [error, setError] = useState<Text | null>(null);
  const [formError, setFormError] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Deposit | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setDone(null);
    const url = voucherLink(link);
    if (!url) {
      setError(
        later(
          () =>
            t`Please paste a TrueMoney gift voucher link. It starts with https://gift.truemoney.com/campaign/?v=`,
        ),
      );
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const deposit = await createTrueMoneyDeposit(url, keys.keyFor(url));
      keys.done();
      if (deposit.status === "rejected") {
        setFormError(later(() => walletErrorText(i18n, new ApiError(400, "VOUCHER_REJECTED", ""))));
        return;
      }
      setDone(deposit);
      setLink("");
      void refreshBalance();
    } catch (err) {
      // A refusal is final for this voucher; only a lost answer is retried with the same key.
      if (!(err instanceof ApiError && err.isNetwork)) keys.done();
      setFormError(later(() => walletErrorText(i18n, err)));
    } finally {
      setBusy(false);
      void history.reload();
    }
  };

  const credited = done ? formatBaht(done.creditedAmount ?? done.amount) : "";

  return (
    <div className="page narrow">
      <p className="breadcrumb">
        <Link to="/credit/deposit">
          <Trans>Deposit</Trans>
        </Link>
      </p>
      <h1>
        <Trans>TrueMoney gift voucher</Trans>
      </h1>
      <ol className="steps">
        <li>
          <Trans>In the TrueMoney Wallet app, create a gift voucher (อั่งเปา) for the amount you want.</Trans>
        </li>
        <li>
          <Trans>Copy the voucher link and paste it here. Its value is added to your balance at once.</Trans>
        </li>
      </ol>
      {done?.status === "approved" ? (
        <section className="outcome outcome-ok" role="status">
          <h2>
            <Trans>Voucher redeemed</Trans>
          </h2>
          <p>
            <Trans>{credited} has been added to your balance.</Trans>
          </p>
        </section>
      ) : null}
      <form onSubmit={submit} noValidate className="form">
        <TextField
          label={t`Voucher link`}
          name="voucherUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://gift.truemoney.com/campaign/?v=…"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          error={error?.()}
        />
        <FormError message={formError?.() ?? null} />
        <button type="submit" className="button button-primary button-block button-large" disabled={busy}>
          {busy ? t`Redeeming…` : t`Redeem voucher`}
        </button>
      </form>
      <section aria-labelledby="vouchers-title">
        <h2 id="vouchers-title">
          <Trans>My vouchers</Trans>
        </h2>
        {history.loading && !history.data ? <Loading /> : null}
        {history.data && history.data.length === 0 ? (
          <p className="form-note">
            <Trans>No vouchers yet.</Trans>
          </p>
        ) : null}
        <ul className="plain-list">
          {(history.data ?? []).map((item) => (
            <li key={item.id} className="card row-card">
              <div>
                <p className="row-title">{item.amount ? formatBaht(item.amount) : "—"}</p>
                <p className="form-note">
                  {item.voucher ? <span className="mono">{item.voucher}</span> : null}{" "}
                  {formatStatementTime(item.transferTime)}
                </p>
              </div>
              <StatusBadge status={item.status} text={depositStatusText(i18n, item.status)} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
