import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { formatBaht } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { qrSvg } from "../../lib/qrSvg.ts";
import { searchId } from "../../lib/routeSearch.ts";
import { LoadState } from "../../ui/Load.tsx";
import { DepositAmountForm, UNIQUE_BAHT_MAX, UNIQUE_MINUTES } from "./DepositAmountForm.tsx";
import { Countdown } from "./DepositOutcome.tsx";
import { TrackedDeposit, useSearchedId } from "./DepositTracker.tsx";
import { depositStatusText } from "./messages.ts";
import { DepositPage, StatusBadge, useBankName } from "./WalletUi.tsx";
import { createQrDeposit, demoBankTransfer, fetchBankTransactions } from "./walletApi.ts";

function QrImage({ payload, amount }: { payload: string; amount: string }) {
  const { t } = useLingui();
  const src = useMemo(() => `data:image/svg+xml,${encodeURIComponent(qrSvg(payload))}`, [payload]);
  return (
    <img
      className="qr-image"
      src={src}
      width={240}
      height={240}
      alt={t`PromptPay QR code for ${amount}. Scan it with your bank app.`}
    />
  );
}

function QrDeposit({ id }: { id: string }) {
  const { t } = useLingui();
  const bankName = useBankName();
  return (
    <TrackedDeposit
      id={id}
      restartTo="/credit/deposit/qrcode"
      demo={{
        label: t`Demo bank: send this transfer`,
        note: t`No real money: the demo bank pays this QR code, as your bank app would.`,
        pay: demoBankTransfer,
      }}
    >
      {(d, now) => {
        const amount = formatBaht(d.prepareAmount);
        const holder = d.receiving?.accountName ?? "";
        const toBank = d.receiving ? bankName(d.receiving.bankCode) : "";
        return (
          <>
            <section className="qr-box" aria-labelledby="qr-title">
              <h2 id="qr-title">
                <Trans>Scan to pay {amount}</Trans>
              </h2>
              {d.qrPayload ? <QrImage payload={d.qrPayload} amount={amount} /> : null}
              <p className="unique-amount-value">{amount}</p>
              {holder ? (
                <p className="form-note">
                  <Trans>
                    To: {holder} ({toBank})
                  </Trans>
                </p>
              ) : null}
              <p className="unique-amount-why">
                <Trans>
                  Open your bank app, choose Scan QR, and confirm. The exact amount, satang included, is
                  already in the code: do not change it, or your credit will not be added automatically.
                </Trans>
              </p>
              <p className="form-note">
                <Trans>
                  On this phone? Take a screenshot and choose it from your bank app's Scan QR screen.
                </Trans>
              </p>
            </section>
            <Countdown expiresAt={d.expiresAt} now={now} />
          </>
        );
      }}
    </TrackedDeposit>
  );
}

/** /credit/deposit/qrcode: the amount, then a PromptPay QR code with the unique amount, kept live. */
export function QrDepositPage() {
  const id = useSearchedId("/_member/credit/deposit/qrcode");
  const { t } = useLingui();
  const minutes = UNIQUE_MINUTES;
  return (
    <DepositPage
      title={t`QR PromptPay`}
      crumbs={
        <>
          {" · "}
          <Link to="/credit/deposit/qrcodes">
            <Trans>My QR requests</Trans>
          </Link>
        </>
      }
    >
      {id ? (
        <QrDeposit key={id} id={id} />
      ) : (
        <>
          <p className="lead">
            <Trans>
              Enter the amount and we make a QR code for it. Scan it with any Thai bank app within {minutes}{" "}
              minutes.
            </Trans>
          </p>
          <DepositAmountForm
            max={UNIQUE_BAHT_MAX}
            wholeBaht
            create={createQrDeposit}
            replace
            submitLabel={t`Make my QR code`}
          />
        </>
      )}
    </DepositPage>
  );
}

/** /credit/deposit/qrcodes: the member's recent QR requests (30 days) and their outcome. */
export function QrHistoryPage() {
  const { t, i18n } = useLingui();
  const list = useLoad(async () =>
    (await fetchBankTransactions()).deposits.filter((d) => d.channel === "qrcode"),
  );
  return (
    <DepositPage title={t`My QR requests`}>
      <LoadState loaded={list} />
      {list.data && list.data.length === 0 ? (
        <p className="empty-state">
          <Trans>No QR deposits in the last 30 days.</Trans>
        </p>
      ) : null}
      <ul className="plain-list">
        {(list.data ?? []).map((d) => (
          <li key={d.id} className="card row-card">
            <div>
              <p className="row-title">{formatBaht(d.prepareAmount)}</p>
              <p className="form-note">{formatStatementTime(d.createdAt)}</p>
            </div>
            <div className="row-end">
              <StatusBadge status={d.status} text={depositStatusText(i18n, d.status)} />
              {d.status === "waiting" ? (
                <Link to="/credit/deposit/qrcode" search={searchId(d.id)} className="button button-small">
                  <Trans>Show QR</Trans>
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <div className="actions">
        <Link to="/credit/deposit/qrcode" className="button button-primary button-block">
          <Trans>New QR deposit</Trans>
        </Link>
      </div>
    </DepositPage>
  );
}
