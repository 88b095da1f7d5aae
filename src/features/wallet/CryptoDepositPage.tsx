import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { DEPOSIT_MAX, DEPOSIT_MIN } from "../../domain/wallet.ts";
import { FormError } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { DepositAmountForm } from "./DepositAmountForm.tsx";
import { CancelDeposit, Countdown, DemoPay, DepositOutcome, useDeposit } from "./DepositTracker.tsx";
import { useDepositId } from "./FastDepositPage.tsx";
import { cryptoPreview, formatBaht, formatLimit } from "./format.ts";
import { useLoad } from "./hooks.ts";
import { walletErrorText } from "./messages.ts";
import { searchId } from "./search.ts";
import { CopyButton, Loading } from "./WalletUi.tsx";
import { createCryptoDeposit, demoChainConfirm, fetchDepositChannels } from "./walletApi.ts";

function CryptoPreview({
  amount,
  rate,
  currency,
}: {
  amount: string;
  rate: string | null | undefined;
  currency: string;
}) {
  const units = cryptoPreview(amount, rate);
  return (
    <p className="crypto-preview" aria-live="polite">
      {units ? (
        <Trans>
          You will send about {units} {currency}.
        </Trans>
      ) : null}
    </p>
  );
}

/** /credit/deposit/crypto: the amount in baht, with the USDT it will cost; then the address on the queue page. */
export function CryptoDepositPage() {
  const { t } = useLingui();
  usePageTitle(t`Crypto (USDT)`);
  const navigate = useNavigate();
  const channels = useLoad(fetchDepositChannels);
  const crypto = channels.data?.crypto;
  const min = formatLimit(DEPOSIT_MIN);
  const max = formatLimit(DEPOSIT_MAX);
  const currency = crypto?.currency ?? "USDT";
  const network = crypto?.network ?? "";
  const rate = crypto?.rate ? formatBaht(crypto.rate) : "";

  return (
    <div className="page narrow">
      <p className="breadcrumb">
        <Link to="/credit/deposit">
          <Trans>Deposit</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Crypto (USDT)</Trans>
      </h1>
      {crypto && !crypto.enabled ? (
        <p className="notice">
          <Trans>Crypto deposits are not available right now.</Trans>
        </p>
      ) : (
        <>
          <p className="lead">
            <Trans>
              Enter the amount in baht. We show how much {currency} to send on the {network} network and your
              deposit address.
            </Trans>
          </p>
          {rate ? (
            <p className="form-note">
              <Trans>
                Rate now: 1 {currency} = {rate}
              </Trans>
            </p>
          ) : null}
          <DepositAmountForm
            max={DEPOSIT_MAX}
            wholeBaht={false}
            create={createCryptoDeposit}
            onCreated={(deposit) =>
              navigate({ to: "/credit/deposit/crypto/queue", search: searchId(deposit.id) })
            }
            submitLabel={t`Get my deposit address`}
            hint={t`From ${min} to ${max} baht.`}
            preview={(amount) => <CryptoPreview amount={amount} rate={crypto?.rate} currency={currency} />}
          />
        </>
      )}
    </div>
  );
}

function CryptoQueue({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const deposit = useDeposit(id);
  const channels = useLoad(fetchDepositChannels);
  const d = deposit.data;
  if (!d) return deposit.error ? <FormError message={walletErrorText(i18n, deposit.error)} /> : <Loading />;
  if (d.status !== "waiting") return <DepositOutcome deposit={d} restartTo="/credit/deposit/crypto" />;
  const c = d.crypto;
  const amount = formatBaht(d.amount);
  const network = c?.network ?? "";
  const currency = c?.currency ?? "USDT";
  const units = c?.cryptoAmount ?? "";
  return (
    <>
      {c ? (
        <section className="crypto-box" aria-labelledby="send-title">
          <h2 id="send-title">
            <Trans>Send exactly</Trans>
          </h2>
          <p className="unique-amount-value">
            {units} {currency}
          </p>
          <CopyButton value={units} label={t`Copy the amount ${units} ${currency}`} />
          <p className="form-note">
            <Trans>For {amount} of credit.</Trans>
          </p>
          <dl className="crypto-details">
            <dt>
              <Trans>Network</Trans>
            </dt>
            <dd>
              <strong>{network}</strong>
            </dd>
            <dt>
              <Trans>Address</Trans>
            </dt>
            <dd>
              <span className="mono break">{c.address}</span>{" "}
              <CopyButton value={c.address} label={t`Copy the address`} />
            </dd>
          </dl>
          <p className="warning" role="note">
            <Trans>
              Send only {currency} on the {network} network to this address. Coins sent on another network or
              another coin are lost and cannot be returned.
            </Trans>
          </p>
        </section>
      ) : null}
      {d.expiresAt ? <Countdown expiresAt={d.expiresAt} now={deposit.now} /> : null}
      <p className="form-note">
        <Trans>
          Your credit is added when the network confirms the transfer. This page updates by itself.
        </Trans>
      </p>
      {channels.data?.demo ? (
        <DemoPay
          label={t`Demo chain: confirm`}
          note={t`No real coins: the demo chain confirms this deposit as if the transfer arrived.`}
          action={() => demoChainConfirm(d.id)}
          onDone={() => void deposit.reload()}
        />
      ) : null}
      <CancelDeposit id={d.id} onDone={() => void deposit.reload()} />
    </>
  );
}

/** /credit/deposit/crypto/queue: address, amount and network with copy buttons, countdown and status. */
export function CryptoQueuePage() {
  // ?id= is read and checked by the route (src/routes/_member/credit/deposit).
  const searched = useSearch({ from: "/_member/credit/deposit/crypto/queue" }).id;
  const id = searched === undefined ? undefined : String(searched);
  const { t } = useLingui();
  usePageTitle(t`Crypto (USDT)`);
  const found = useDepositId(id, "crypto");
  return (
    <div className="page narrow">
      <p className="breadcrumb">
        <Link to="/credit/deposit">
          <Trans>Deposit</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Crypto (USDT)</Trans>
      </h1>
      {found === undefined ? (
        <Loading />
      ) : found === null ? (
        <section className="empty-state">
          <p>
            <Trans>You have no crypto deposit waiting.</Trans>
          </p>
          <Link to="/credit/deposit/crypto" className="button button-primary">
            <Trans>Start a crypto deposit</Trans>
          </Link>
        </section>
      ) : (
        <CryptoQueue id={found} />
      )}
    </div>
  );
}
