import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { formatBaht, formatCountdown } from "../../lib/format.ts";
import { useSubmit } from "../../lib/submit.ts";
import { DemoBox } from "../../ui/DemoBox.tsx";
import { FormError } from "../../ui/form.tsx";
import { Outcome } from "../../ui/Outcome.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { depositStatusText, walletErrorText } from "./messages.ts";
import { StatusBadge } from "./WalletUi.tsx";
import { cancelDeposit, type Deposit } from "./walletApi.ts";

export function Countdown({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  if (!expiresAt) return null;
  const left = Date.parse(expiresAt) - now;
  const time = formatCountdown(left);
  return (
    <p className={`countdown ${left < 60_000 ? "countdown-urgent" : ""}`}>
      <Trans>Time left to transfer:</Trans>{" "}
      <span role="timer" aria-live="off" className="countdown-time">
        {time}
      </span>
    </p>
  );
}

/** What happened to the deposit, and what the player can do next. */
export type RestartPath = "/credit/deposit/fast" | "/credit/deposit/qrcode" | "/credit/deposit/crypto";

export function DepositOutcome({ deposit, restartTo }: { deposit: Deposit; restartTo: RestartPath }) {
  const { i18n } = useLingui();
  const credited = formatBaht(deposit.creditedAmount ?? deposit.prepareAmount);
  const restart = (
    <Link to={restartTo} className="button button-primary">
      <Trans>Start a new deposit</Trans>
    </Link>
  );
  switch (deposit.status) {
    case "approved":
      return (
        <Outcome
          tone="ok"
          title={<Trans>Deposit received</Trans>}
          actions={
            <>
              <Link to="/main" className="button button-primary">
                <Trans>Back to Home</Trans>
              </Link>
              <Link to="/credit/statement" className="button">
                <Trans>View statement</Trans>
              </Link>
            </>
          }
        >
          <p>
            <Trans>{credited} has been added to your balance.</Trans>
          </p>
        </Outcome>
      );
    case "review":
      return (
        <Outcome tone="wait" title={<Trans>We are checking your transfer</Trans>}>
          <p>
            <Trans>
              A transfer arrived that staff need to check by hand. Your credit is added as soon as they
              approve it; you do not need to stay on this page.
            </Trans>
          </p>
        </Outcome>
      );
    case "expired":
      return (
        <Outcome tone="bad" title={<Trans>This deposit request has expired</Trans>} actions={restart}>
          <p>
            <Trans>
              Please do not transfer for this request any more. If you already transferred, contact support
              with your transfer slip.
            </Trans>
          </p>
        </Outcome>
      );
    case "rejected":
      return (
        <Outcome tone="bad" title={<Trans>This deposit was rejected</Trans>} actions={restart}>
          {deposit.reason ? (
            <p>
              <Trans>Reason:</Trans> {deposit.reason}
            </p>
          ) : null}
        </Outcome>
      );
    case "cancelled":
      return (
        <Outcome tone="off" title={<Trans>You cancelled this deposit request</Trans>} actions={restart} />
      );
    default:
      return <StatusBadge status={deposit.status} text={depositStatusText(i18n, deposit.status)} />;
  }
}

/** Cancel a waiting request, asking once more first (a transfer already sent would then need staff). */
export function CancelDeposit({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const sending = useSubmit({ errorText: walletErrorText });
  if (!asking) {
    return (
      <div className="actions">
        <button type="button" className="button button-danger-outline" onClick={() => setAsking(true)}>
          <Trans>Cancel this deposit</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="confirm-box">
      <p>
        <Trans>Cancel only if you have not transferred yet. Cancel this deposit request?</Trans>
      </p>
      <FormError message={sending.error?.() ?? null} />
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={sending.pending}
          onClick={async () => {
            await sending.run(async () => {
              await cancelDeposit(id);
              showSnackbar({ txt: t`Your deposit request was cancelled.`, color: "info" });
              onDone();
            });
            setAsking(false);
          }}
        >
          <Trans>Yes, cancel it</Trans>
        </button>
        <button type="button" className="button" onClick={() => setAsking(false)}>
          <Trans>No, keep it</Trans>
        </button>
      </div>
    </div>
  );
}

/** The demo bank or chain: pays the request for real through the same matching as the bank feed. */
export function DemoPay({
  label,
  note,
  action,
  onDone,
}: {
  label: string;
  note: string;
  action: () => Promise<unknown>;
  onDone: () => void;
}) {
  const sending = useSubmit({ errorText: walletErrorText });
  return (
    <DemoBox>
      <p className="form-note">{note}</p>
      <FormError message={sending.error?.() ?? null} />
      <button
        type="button"
        className="button button-demo"
        disabled={sending.pending}
        onClick={() =>
          sending.run(async () => {
            await action();
            onDone();
          })
        }
      >
        {label}
      </button>
    </DemoBox>
  );
}
