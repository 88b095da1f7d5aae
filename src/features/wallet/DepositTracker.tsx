import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import type { DepositChannel } from "../../domain/wallet.ts";
import { FormError } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { formatBaht, formatCountdown } from "./format.ts";
import { type Loaded, later, type Text, useLoad, useNow } from "./hooks.ts";
import { moneyUpdatesAtom, refreshBalance } from "./liveBalance.ts";
import { depositStatusText, walletErrorText } from "./messages.ts";
import { searchId } from "./search.ts";
import { DemoBox, StatusBadge } from "./WalletUi.tsx";
import { cancelDeposit, type Deposit, fetchBankTransactions, fetchDeposit } from "./walletApi.ts";

export const POLL_MS = 5000;

const isOpen = (deposit: Deposit | undefined) =>
  !deposit || deposit.status === "waiting" || deposit.status === "review";

/**
 * One deposit, kept current: polled every 5 s while it is open, refreshed at once on money-update (the
 * credit arriving) and when its time runs out (the server expires it on read).
 */
export function useDeposit(id: string): Loaded<Deposit> & { now: number } {
  const loaded = useLoad(() => fetchDeposit(id), [id]);
  const { data, reload } = loaded;
  const open = isOpen(data);
  const now = useNow(1000, open);

  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [open, reload]);

  const updates = useAtomValue(moneyUpdatesAtom);
  const seenUpdates = useRef(updates);
  useEffect(() => {
    if (updates === seenUpdates.current) return;
    seenUpdates.current = updates;
    void reload();
  }, [updates, reload]);

  const expiresAt = data?.status === "waiting" && data.expiresAt ? Date.parse(data.expiresAt) : null;
  const expiredLocally = expiresAt !== null && now >= expiresAt;
  useEffect(() => {
    if (expiredLocally) void reload();
  }, [expiredLocally, reload]);

  const approved = data?.status === "approved";
  useEffect(() => {
    if (approved) void refreshBalance();
  }, [approved]);

  return { ...loaded, now };
}

/** The member's deposit still waiting for money on a unique-amount channel (fast, QR, crypto), if any. */
export async function findWaitingDeposit(channel?: DepositChannel): Promise<Deposit | null> {
  const { deposits } = await fetchBankTransactions();
  return (
    deposits.find(
      (d) =>
        d.status === "waiting" &&
        (channel
          ? d.channel === channel
          : d.channel === "fast" || d.channel === "qrcode" || d.channel === "crypto"),
    ) ?? null
  );
}

/** Where a deposit of this channel is followed. */
export function depositPage(deposit: Pick<Deposit, "id" | "channel">) {
  if (deposit.channel === "fast")
    return { to: "/credit/deposit/fast/queue", search: searchId(deposit.id) } as const;
  if (deposit.channel === "qrcode")
    return { to: "/credit/deposit/qrcode", search: searchId(deposit.id) } as const;
  if (deposit.channel === "crypto")
    return { to: "/credit/deposit/crypto/queue", search: searchId(deposit.id) } as const;
  return { to: "/credit/status" } as const;
}

export function Countdown({ expiresAt, now }: { expiresAt: string; now: number }) {
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
  switch (deposit.status) {
    case "approved":
      return (
        <section className="outcome outcome-ok" role="status">
          <h2>
            <Trans>Deposit received</Trans>
          </h2>
          <p>
            <Trans>{credited} has been added to your balance.</Trans>
          </p>
          <div className="actions">
            <Link to="/main" className="button button-primary">
              <Trans>Back to Home</Trans>
            </Link>
            <Link to="/credit/statement" className="button">
              <Trans>View statement</Trans>
            </Link>
          </div>
        </section>
      );
    case "review":
      return (
        <section className="outcome outcome-wait" role="status">
          <h2>
            <Trans>We are checking your transfer</Trans>
          </h2>
          <p>
            <Trans>
              A transfer arrived that staff need to check by hand. Your credit is added as soon as they
              approve it; you do not need to stay on this page.
            </Trans>
          </p>
        </section>
      );
    case "expired":
      return (
        <section className="outcome outcome-bad" role="status">
          <h2>
            <Trans>This deposit request has expired</Trans>
          </h2>
          <p>
            <Trans>
              Please do not transfer for this request any more. If you already transferred, contact support
              with your transfer slip.
            </Trans>
          </p>
          <div className="actions">
            <Link to={restartTo} className="button button-primary">
              <Trans>Start a new deposit</Trans>
            </Link>
          </div>
        </section>
      );
    case "rejected":
      return (
        <section className="outcome outcome-bad" role="status">
          <h2>
            <Trans>This deposit was rejected</Trans>
          </h2>
          {deposit.reason ? (
            <p>
              <Trans>Reason:</Trans> {deposit.reason}
            </p>
          ) : null}
          <div className="actions">
            <Link to={restartTo} className="button button-primary">
              <Trans>Start a new deposit</Trans>
            </Link>
          </div>
        </section>
      );
    case "cancelled":
      return (
        <section className="outcome outcome-off" role="status">
          <h2>
            <Trans>You cancelled this deposit request</Trans>
          </h2>
          <div className="actions">
            <Link to={restartTo} className="button button-primary">
              <Trans>Start a new deposit</Trans>
            </Link>
          </div>
        </section>
      );
    default:
      return <StatusBadge status={deposit.status} text={depositStatusText(i18n, deposit.status)} />;
  }
}

/** Cancel a waiting request, asking once more first (a transfer already sent would then need staff). */
export function CancelDeposit({ id, onDone }: { id: string; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Text | null>(null);
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
      <FormError message={error?.() ?? null} />
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await cancelDeposit(id);
              showSnackbar({ txt: t`Your deposit request was cancelled.`, color: "info" });
              onDone();
            } catch (err) {
              setError(later(() => walletErrorText(i18n, err)));
            } finally {
              setBusy(false);
              setAsking(false);
            }
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
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Text | null>(null);
  return (
    <DemoBox>
      <p className="form-note">{note}</p>
      <FormError message={error?.() ?? null} />
      <button
        type="button"
        className="button button-demo"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await action();
            onDone();
          } catch (err) {
            setError(later(() => walletErrorText(i18n, err)));
          } finally {
            setBusy(false);
          }
        }}
      >
        {label}
      </button>
    </DemoBox>
  );
}
