import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useMemo } from "react";
import { formatStatementTime } from "../../domain/statement.ts";
import { DEPOSIT_MIN, UNIQUE_AMOUNT_TTL_MS, UNIQUE_DEPOSIT_MAX } from "../../domain/wallet.ts";
import { qrSvg } from "../../lib/qrSvg.ts";
import { FormError } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { DepositAmountForm } from "./DepositAmountForm.tsx";
import { CancelDeposit, Countdown, DemoPay, DepositOutcome, useDeposit } from "./DepositTracker.tsx";
import { formatBaht, formatLimit } from "./format.ts";
import { useLoad } from "./hooks.ts";
import { depositStatusText, walletErrorText } from "./messages.ts";
import { searchId } from "./search.ts";
import { Loading, StatusBadge, useBankName } from "./WalletUi.tsx";
import {
  createQrDeposit,
  demoBankTransfer,
  fetchBankTransactions,
  fetchDepositChannels,
} from "./walletApi.ts";

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
  const { t, i18n } = useLingui();
  const bankName = useBankName();
  const deposit = useDeposit(id);
  const channels = useLoad(fetchDepositChannels);
  const d = deposit.data;
  if (!d) return deposit.error ? <FormError message={walletErrorText(i18n, deposit.error)} /> : <Loading />;
  const amount = formatBaht(d.prepareAmount);
  if (d.status !== "waiting") return <DepositOutcome deposit={d} restartTo="/credit/deposit/qrcode" />;
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
            Open your bank app, choose Scan QR, and confirm. The exact amount, satang included, is already in
            the code: do not change it, or your credit will not be added automatically.
          </Trans>
        </p>
        <p className="form-note">
          <Trans>On this phone? Take a screenshot and choose it from your bank app's Scan QR screen.</Trans>
        </p>
      </section>
      {d.expiresAt ? <Countdown expiresAt={d.expiresAt} now={deposit.now} /> : null}
      {channels.data?.demo ? (
        <DemoPay
          label={t`Demo bank: send this transfer`}
          note={t`No real money: the demo bank pays this QR code, as your bank app would.`}
          action={() => demoBankTransfer(d.id)}
          onDone={() => void deposit.reload()}
        />
      ) : null}
      <CancelDeposit id={d.id} onDone={() => void deposit.reload()} />
    </>
  );
}

/** /credit/deposit/qrcode: the amount, then a PromptPay QR code with the unique amount, kept live. */
export function QrDepositPage() {
  // ?id= is read and checked by the route (src/routes/_member/credit/deposit).
  const searched = useSearch({ from: "/_member/credit/deposit/qrcode" }).id;
  const id = searched === undefined ? undefined : String(searched);
  const { t } = useLingui();
  usePageTitle(t`QR PromptPay`);
  const navigate = useNavigate();
  const minutes = UNIQUE_AMOUNT_TTL_MS / 60_000;
  const min = formatLimit(DEPOSIT_MIN);
  const max = formatLimit(UNIQUE_DEPOSIT_MAX - 99n);
  return (
    <div className="page narrow">
      <p className="breadcrumb">
        <Link to="/credit/deposit">
          <Trans>Deposit</Trans>
        </Link>
        {" · "}
        <Link to="/credit/deposit/qrcodes">
          <Trans>My QR requests</Trans>
        </Link>
      </p>
      <h1>
        <Trans>QR PromptPay</Trans>
      </h1>
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
            max={UNIQUE_DEPOSIT_MAX - 99n}
            wholeBaht
            create={createQrDeposit}
            onCreated={(deposit) =>
              navigate({ to: "/credit/deposit/qrcode", search: searchId(deposit.id), replace: true })
            }
            submitLabel={t`Make my QR code`}
            hint={t`Whole baht from ${min} to ${max}.`}
          />
        </>
      )}
    </div>
  );
}

/** /credit/deposit/qrcodes: the member's recent QR requests (30 days) and their outcome. */
export function QrHistoryPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`My QR requests`);
  const list = useLoad(async () =>
    (await fetchBankTransactions()).deposits.filter((d) => d.channel === "qrcode"),
  );
  return (
    <div className="page narrow">
      <p className="breadcrumb">
        <Link to="/credit/deposit">
          <Trans>Deposit</Trans>
        </Link>
      </p>
      <h1>
        <Trans>My QR requests</Trans>
      </h1>
      <FormError message={list.error ? walletErrorText(i18n, list.error) : null} />
      {list.loading && !list.data ? <Loading /> : null}
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
    </div>
  );
}
