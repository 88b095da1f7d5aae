import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { ApiError } from "../../lib/api.ts";
import { formatBaht } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { balanceMoved } from "../../lib/realtime.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormSubmit, TextField } from "../../ui/form.tsx";
import { Loading } from "../../ui/Load.tsx";
import { Outcome } from "../../ui/Outcome.tsx";
import { depositStatusText, walletErrorText } from "./messages.ts";
import { voucherLink } from "./voucher.ts";
import { DepositPage, StatusBadge } from "./WalletUi.tsx";
import { createTrueMoneyDeposit, type Deposit, fetchTrueWalletHistory } from "./walletApi.ts";

/** /credit/deposit/truemoney: redeem a TrueMoney gift-voucher link; the history of vouchers below. */
export function TrueMoneyPage() {
  const { t, i18n } = useLingui();
  const history = useLoad(fetchTrueWalletHistory);
  const form = useSubmit<"link">({ errorText: walletErrorText });
  const [link, setLink] = useState("");
  const [done, setDone] = useState<Deposit | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setDone(null);
    const url = voucherLink(link);
    if (!url) {
      form.fail({
        fields: {
          link: () =>
            t`Please paste a TrueMoney gift voucher link. It starts with https://gift.truemoney.com/campaign/?v=`,
        },
      });
      return;
    }
    // A refusal is final for this voucher; only a lost answer is retried with the same key (lib/submit.ts).
    await form.run(
      async (idempotencyKey) => {
        const deposit = await createTrueMoneyDeposit(url, idempotencyKey);
        if (deposit.status === "rejected") throw new ApiError(400, "VOUCHER_REJECTED", "");
        setDone(deposit);
        setLink("");
        void balanceMoved();
      },
      { fingerprint: url },
    );
    void history.reload();
  };

  const credited = done ? formatBaht(done.creditedAmount ?? done.amount) : "";

  return (
    <DepositPage title={t`TrueMoney gift voucher`}>
      <ol className="steps">
        <li>
          <Trans>In the TrueMoney Wallet app, create a gift voucher (อั่งเปา) for the amount you want.</Trans>
        </li>
        <li>
          <Trans>Copy the voucher link and paste it here. Its value is added to your balance at once.</Trans>
        </li>
      </ol>
      {done?.status === "approved" ? (
        <Outcome tone="ok" title={<Trans>Voucher redeemed</Trans>}>
          <p>
            <Trans>{credited} has been added to your balance.</Trans>
          </p>
        </Outcome>
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
          error={form.fieldError("link")}
        />
        <FormSubmit submit={form} label={t`Redeem voucher`} busyLabel={t`Redeeming…`} />
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
    </DepositPage>
  );
}
