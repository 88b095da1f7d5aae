import { Trans, useLingui } from "@lingui/react/macro";
import { DEPOSIT_MAX } from "../../domain/wallet.ts";
import { formatBaht } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { DepositAmountForm } from "./DepositAmountForm.tsx";
import { Countdown } from "./DepositOutcome.tsx";
import { TrackedDeposit, useSearchedId, WaitingDepositPage } from "./DepositTracker.tsx";
import { cryptoPreview } from "./format.ts";
import { DepositPage } from "./WalletUi.tsx";
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
  const channels = useLoad(fetchDepositChannels);
  const crypto = channels.data?.crypto;
  const currency = crypto?.currency ?? "USDT";
  const network = crypto?.network ?? "";
  const rate = crypto?.rate ? formatBaht(crypto.rate) : "";

  return (
    <DepositPage title={t`Crypto (USDT)`}>
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
            submitLabel={t`Get my deposit address`}
            preview={(amount) => <CryptoPreview amount={amount} rate={crypto?.rate} currency={currency} />}
          />
        </>
      )}
    </DepositPage>
  );
}

function CryptoQueue({ id }: { id: string }) {
  const { t } = useLingui();
  return (
    <TrackedDeposit
      id={id}
      restartTo="/credit/deposit/crypto"
      demo={{
        label: t`Demo chain: confirm`,
        note: t`No real coins: the demo chain confirms this deposit as if the transfer arrived.`,
        pay: demoChainConfirm,
      }}
    >
      {(d, now) => {
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
                    Send only {currency} on the {network} network to this address. Coins sent on another
                    network or another coin are lost and cannot be returned.
                  </Trans>
                </p>
              </section>
            ) : null}
            <Countdown expiresAt={d.expiresAt} now={now} />
            <p className="form-note">
              <Trans>
                Your credit is added when the network confirms the transfer. This page updates by itself.
              </Trans>
            </p>
          </>
        );
      }}
    </TrackedDeposit>
  );
}

/** /credit/deposit/crypto/queue: address, amount and network with copy buttons, countdown and status. */
export function CryptoQueuePage() {
  const { t } = useLingui();
  const id = useSearchedId("/_member/credit/deposit/crypto/queue");
  return (
    <WaitingDepositPage
      id={id}
      channel="crypto"
      title={t`Crypto (USDT)`}
      none={<Trans>You have no crypto deposit waiting.</Trans>}
      start={<Trans>Start a crypto deposit</Trans>}
      queue={(found) => <CryptoQueue id={found} />}
    />
  );
}
