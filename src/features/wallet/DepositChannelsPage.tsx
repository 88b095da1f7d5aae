import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { formatBaht } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { LoadState } from "../../ui/Load.tsx";
import { Page } from "../../ui/Page.tsx";
import { depositPage, findWaitingDeposit } from "./DepositTracker.tsx";
import { channelName } from "./messages.ts";
import { WalletNav } from "./WalletUi.tsx";
import { type DepositChannels, fetchDepositChannels } from "./walletApi.ts";

type ChannelPath =
  | "/credit/deposit/fast"
  | "/credit/deposit/qrcode"
  | "/credit/deposit/normal"
  | "/credit/deposit/truemoney"
  | "/credit/deposit/crypto";

/** /credit/deposit: the channels the server has open, each with one line on how it works. */
export function DepositChannelsPage() {
  const { t, i18n } = useLingui();
  const channels = useLoad(fetchDepositChannels);
  const waiting = useLoad(() => findWaitingDeposit().catch(() => null));
  const c: DepositChannels | undefined = channels.data;

  const options: {
    channel: Parameters<typeof channelName>[1];
    to: ChannelPath;
    how: string;
    open: boolean;
  }[] = c
    ? [
        {
          channel: "fast",
          to: "/credit/deposit/fast",
          how: t`Transfer an exact amount from any Thai bank app. Your credit is added automatically, usually within a minute.`,
          open: c.fast.accounts.length > 0,
        },
        {
          channel: "qrcode",
          to: "/credit/deposit/qrcode",
          how: t`Scan a QR code with your bank app: the amount is filled in for you and credited automatically.`,
          open: c.qrcode.accounts.length > 0,
        },
        {
          channel: "normal",
          to: "/credit/deposit/normal",
          how: t`Transfer any amount to our account, then tell us when. Staff check it and add your credit.`,
          open: c.normal.accounts.length > 0,
        },
        {
          channel: "truemoney",
          to: "/credit/deposit/truemoney",
          how: t`Paste a TrueMoney Wallet gift voucher link. The voucher's value is added at once.`,
          open: c.truemoney.enabled,
        },
        {
          channel: "crypto",
          to: "/credit/deposit/crypto",
          how: t`Send USDT to your deposit address. The credit is added when the network confirms it.`,
          open: c.crypto.enabled,
        },
      ]
    : [];
  const open = options.filter((o) => o.open);
  const pending = waiting.data;

  return (
    <Page title={t`Deposit`} top={<WalletNav />}>
      {pending ? (
        <section className="notice" aria-labelledby="pending-title">
          <h2 id="pending-title">
            <Trans>You have a deposit in progress</Trans>
          </h2>
          <p>
            {channelName(i18n, pending.channel)}: <strong>{formatBaht(pending.prepareAmount)}</strong>
          </p>
          <Link {...depositPage(pending)} className="button button-primary">
            <Trans>Continue this deposit</Trans>
          </Link>
        </section>
      ) : null}
      <LoadState loaded={channels} />
      {c ? (
        open.length > 0 ? (
          <>
            <p className="lead">
              <Trans>Choose how you want to pay.</Trans>
            </p>
            <ul className="plain-list channel-list">
              {open.map((option) => (
                <li key={option.channel}>
                  <Link to={option.to} className="card card-link channel-card">
                    <h2>{channelName(i18n, option.channel)}</h2>
                    <p>{option.how}</p>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="notice">
            <Trans>Deposits are not available right now. Please try again later or contact support.</Trans>
          </p>
        )
      ) : null}
      <p className="form-note">
        <Link to="/howto/deposit">
          <Trans>How to deposit, step by step</Trans>
        </Link>
      </p>
    </Page>
  );
}
