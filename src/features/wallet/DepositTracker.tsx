import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { DepositChannel } from "../../domain/wallet.ts";
import { FormError } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { formatBaht, formatCountdown } from "./format.ts";
import { type Loaded, useLoad, useNow, useReloadOnMoneyUpdate, useSending } from "./hooks.ts";
import { refreshBalance } from "./liveBalance.ts";
import { depositStatusText, walletErrorText } from "./messages.ts";
import { searchId } from "./search.ts";
import { DemoBox, DepositPage, Loading, Outcome, StatusBadge } from "./WalletUi.tsx";
import {
  cancelDeposit,
  type Deposit,
  fetchBankTransactions,
  fetchDeposit,
  fetchDepositChannels,
} from "./walletApi.ts";

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

  useReloadOnMoneyUpdate(reload);

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

/** `?id=` of a deposit page, as the API writes ids; read and checked by the route (src/routes/_member/credit/deposit). */
export function useSearchedId(
  from:
    | "/_member/credit/deposit/fast/queue"
    | "/_member/credit/deposit/crypto/queue"
    | "/_member/credit/deposit/qrcode",
): string | undefined {
  const searched = useSearch({ from }).id;
  return searched === undefined ? undefined : String(searched);
}

/** Without an id in the address: the member's waiting deposit of that channel, if any. */
function useDepositId(id: string | undefined, channel: "fast" | "crypto") {
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
  const sending = useSending();
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
          disabled={sending.busy}
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
  const sending = useSending();
  return (
    <DemoBox>
      <p className="form-note">{note}</p>
      <FormError message={sending.error?.() ?? null} />
      <button
        type="button"
        className="button button-demo"
        disabled={sending.busy}
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

/**
 * A unique-amount deposit while it waits for the money, kept current: what and where to pay (`children`, given
 * the deposit and the time now), the demo bank or chain in demo mode, and the cancel button; once it is decided,
 * its outcome.
 */
export function TrackedDeposit({
  id,
  restartTo,
  demo,
  children,
}: {
  id: string;
  restartTo: RestartPath;
  demo: { label: string; note: string; pay: (id: string) => Promise<unknown> };
  children: (deposit: Deposit, now: number) => React.ReactNode;
}) {
  const { i18n } = useLingui();
  const deposit = useDeposit(id);
  const channels = useLoad(fetchDepositChannels);
  const d = deposit.data;
  if (!d) return deposit.error ? <FormError message={walletErrorText(i18n, deposit.error)} /> : <Loading />;
  if (d.status !== "waiting") return <DepositOutcome deposit={d} restartTo={restartTo} />;
  const reload = () => void deposit.reload();
  return (
    <>
      {children(d, deposit.now)}
      {channels.data?.demo ? (
        <DemoPay label={demo.label} note={demo.note} action={() => demo.pay(d.id)} onDone={reload} />
      ) : null}
      <CancelDeposit id={d.id} onDone={reload} />
    </>
  );
}

const START = { fast: "/credit/deposit/fast", crypto: "/credit/deposit/crypto" } as const;

/**
 * The page that follows the member's waiting deposit of a channel (`queue` shows it): the one in the address,
 * else the one waiting; with none, the way to start one.
 */
export function WaitingDepositPage({
  id,
  channel,
  title,
  none,
  start,
  queue,
}: {
  id: string | undefined;
  channel: "fast" | "crypto";
  title: string;
  none: React.ReactNode;
  start: React.ReactNode;
  queue: (id: string) => React.ReactNode;
}) {
  const found = useDepositId(id, channel);
  return (
    <DepositPage title={title}>
      {found === undefined ? (
        <Loading />
      ) : found === null ? (
        <section className="empty-state">
          <p>{none}</p>
          <Link to={START[channel]} className="button button-primary">
            {start}
          </Link>
        </section>
      ) : (
        queue(found)
      )}
    </DepositPage>
  );
}
