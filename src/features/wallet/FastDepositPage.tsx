import { Trans, useLingui } from "@lingui/react/macro";
import { formatBaht } from "../../lib/format.ts";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { DepositAmountForm, UNIQUE_BAHT_MAX, UNIQUE_MINUTES } from "./DepositAmountForm.tsx";
import { Countdown } from "./DepositOutcome.tsx";
import { TrackedDeposit, useSearchedId, WaitingDepositPage } from "./DepositTracker.tsx";
import { AccountCard, DepositPage } from "./WalletUi.tsx";
import { createFastDeposit, demoBankTransfer } from "./walletApi.ts";

/** /credit/deposit/fast: the amount; the server answers with a unique amount to transfer. */
export function FastDepositPage() {
  const { t } = useLingui();
  const minutes = UNIQUE_MINUTES;
  return (
    <DepositPage title={t`Fast bank transfer`}>
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
        max={UNIQUE_BAHT_MAX}
        wholeBaht
        create={createFastDeposit}
        submitLabel={t`Get the transfer details`}
      />
    </DepositPage>
  );
}

function FastQueue({ id }: { id: string }) {
  const { t } = useLingui();
  return (
    <TrackedDeposit
      id={id}
      restartTo="/credit/deposit/fast"
      demo={{
        label: t`Demo bank: send this transfer`,
        note: t`No real money: the demo bank sends exactly this amount to the account above, as your bank app would.`,
        pay: demoBankTransfer,
      }}
    >
      {(d, now) => {
        const amount = formatBaht(d.prepareAmount);
        const satang = d.prepareAmount.split(".")[1] ?? "00";
        const position = d.prepareIndex ?? 0;
        const total = d.prepareTotal ?? 0;
        return (
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
            <Countdown expiresAt={d.expiresAt} now={now} />
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
          </>
        );
      }}
    </TrackedDeposit>
  );
}

/** /credit/deposit/fast/queue: what to transfer, where, how long is left, and the outcome, kept live. */
export function FastQueuePage() {
  const { t } = useLingui();
  const id = useSearchedId("/_member/credit/deposit/fast/queue");
  return (
    <WaitingDepositPage
      id={id}
      channel="fast"
      title={t`Fast bank transfer`}
      none={<Trans>You have no fast deposit waiting.</Trans>}
      start={<Trans>Start a fast deposit</Trans>}
      queue={(found) => <FastQueue id={found} />}
    />
  );
}
