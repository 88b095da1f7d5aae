import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { DEPOSIT_MIN, UNIQUE_AMOUNT_TTL_MS, UNIQUE_DEPOSIT_MAX } from "../../domain/wallet.ts";
import { FormError } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { DepositAmountForm } from "./DepositAmountForm.tsx";
import {
  CancelDeposit,
  Countdown,
  DemoPay,
  DepositOutcome,
  findWaitingDeposit,
  useDeposit,
} from "./DepositTracker.tsx";
import { formatBaht, formatLimit } from "./format.ts";
import { useLoad } from "./hooks.ts";
import { walletErrorText } from "./messages.ts";
import { searchId } from "./search.ts";
import { AccountCard, CopyButton, Loading } from "./WalletUi.tsx";
import { createFastDeposit, demoBankTransfer, fetchDepositChannels } from "./walletApi.ts";

/** /credit/deposit/fast: the amount; the server answers with a unique amount to transfer. */
export function FastDepositPage() {
  const { t } = useLingui();
  usePageTitle(t`Fast bank transfer`);
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
      </p>
      <h1>
        <Trans>Fast bank transfer</Trans>
      </h1>
      <ol className="steps">
        <li>
          <Trans>Enter how much you want to deposit.</Trans>
        </li>
        <li>
          <Trans>
            We show our bank account and an exact amount with satang, for example 500.37. Transfer exactly
            that amount within {minutes} minutes.
          </Trans>
        </li>
        <li>
          <Trans>Your credit is added automatically when the transfer arrives.</Trans>
        </li>
      </ol>
      <DepositAmountForm
        max={UNIQUE_DEPOSIT_MAX - 99n}
        wholeBaht
        create={createFastDeposit}
        onCreated={(deposit) => navigate({ to: "/credit/deposit/fast/queue", search: searchId(deposit.id) })}
        submitLabel={t`Get the transfer details`}
        hint={t`Whole baht from ${min} to ${max}.`}
      />
    </div>
  );
}

/** Without an id in the address: the member's waiting fast deposit, if any. */
export function useDepositId(id: string | undefined, channel: "fast" | "crypto") {
  const [found, setFound] = useState<string | null | undefined>(id);
  useEffect(() => {
    if (id) {
      setFound(id);
      return;
    }
    let live = true;
    findWaitingDeposit(channel).then(
      (d) => live && setFound(d?.id ?? null),
      () => live && setFound(null),
    );
    return () => {
      live = false;
    };
  }, [id, channel]);
  return found;
}

function FastQueue({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const deposit = useDeposit(id);
  const channels = useLoad(fetchDepositChannels);
  const d = deposit.data;
  if (!d) {
    return deposit.error ? <FormError message={walletErrorText(i18n, deposit.error)} /> : <Loading />;
  }
  const amount = formatBaht(d.prepareAmount);
  const satang = d.prepareAmount.split(".")[1] ?? "00";
  const position = d.prepareIndex ?? 0;
  const total = d.prepareTotal ?? 0;

  return (
    <>
      {d.status === "waiting" ? (
        <>
          <section className="unique-amount" aria-labelledby="amount-title">
            <h2 id="amount-title">
              <Trans>Transfer exactly</Trans>
            </h2>
            <p className="unique-amount-value">{amount}</p>
            <CopyButton value={d.prepareAmount} label={t`Copy the amount ${amount}`} />
            <p className="unique-amount-why">
              <Trans>
                The satang (.{satang}) matter: they tell us this transfer is yours, so your credit is added
                automatically. A different amount has to be checked by staff and takes longer.
              </Trans>
            </p>
          </section>
          {d.expiresAt ? <Countdown expiresAt={d.expiresAt} now={deposit.now} /> : null}
          {d.receiving ? (
            <section aria-labelledby="to-title">
              <h2 id="to-title">
                <Trans>To this account</Trans>
              </h2>
              <AccountCard
                bankCode={d.receiving.bankCode}
                accountNumber={d.receiving.accountNumber}
                accountName={d.receiving.accountName}
                copy
              />
            </section>
          ) : null}
          {total > 0 ? (
            <p className="queue-position">
              <Trans>
                Queue: you are number {position} of {total} deposits waiting on this account.
              </Trans>
            </p>
          ) : null}
          <p className="form-note">
            <Trans>
              Keep this page open or come back to it: it updates by itself when your transfer arrives.
            </Trans>
          </p>
          {channels.data?.demo ? (
            <DemoPay
              label={t`Demo bank: send this transfer`}
              note={t`No real money: the demo bank sends exactly this amount to the account above, as your bank app would.`}
              action={() => demoBankTransfer(d.id)}
              onDone={() => void deposit.reload()}
            />
          ) : null}
          <CancelDeposit id={d.id} onDone={() => void deposit.reload()} />
        </>
      ) : (
        <DepositOutcome deposit={d} restartTo="/credit/deposit/fast" />
      )}
    </>
  );
}

/** /credit/deposit/fast/queue: what to transfer, where, how long is left, and the outcome, kept live. */
export function FastQueuePage() {
  // ?id= is read and checked by the route (src/routes/_member/credit/deposit).
  const searched = useSearch({ from: "/_member/credit/deposit/fast/queue" }).id;
  const id = searched === undefined ? undefined : String(searched);
  const { t } = useLingui();
  usePageTitle(t`Fast bank transfer`);
  const found = useDepositId(id, "fast");
  return (
    <div className="page narrow">
      <p className="breadcrumb">
        <Link to="/credit/deposit">
          <Trans>Deposit</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Fast bank transfer</Trans>
      </h1>
      {found === undefined ? (
        <Loading />
      ) : found === null ? (
        <section className="empty-state">
          <p>
            <Trans>You have no fast deposit waiting.</Trans>
          </p>
          <Link to="/credit/deposit/fast" className="button button-primary">
            <Trans>Start a fast deposit</Trans>
          </Link>
        </section>
      ) : (
        <FastQueue id={found} />
      )}
    </div>
  );
}
