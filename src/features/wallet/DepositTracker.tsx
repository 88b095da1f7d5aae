import { useLingui } from "@lingui/react/macro";
import { Link, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { DepositChannel } from "../../domain/wallet.ts";
import { useNow } from "../../lib/clock.ts";
import { type Loaded, useLoad } from "../../lib/load.ts";
import { balanceMoved, useReloadOnMoneyUpdate } from "../../lib/realtime.ts";
import { searchId } from "../../lib/routeSearch.ts";
import { FormError } from "../../ui/form.tsx";
import { Loading } from "../../ui/Load.tsx";
import { CancelDeposit, DemoPay, DepositOutcome, type RestartPath } from "./DepositOutcome.tsx";
import { walletErrorText } from "./messages.ts";
import { DepositPage } from "./WalletUi.tsx";
import { type Deposit, fetchBankTransactions, fetchDeposit, fetchDepositChannels } from "./walletApi.ts";

export const POLL_MS = 5000;

const isOpen = (deposit: Deposit | undefined) =>
  !deposit || deposit.status === "waiting" || deposit.status === "review";

/**
 * One deposit, kept current: polled every 5 s while it is open, refreshed at once on money-update (the
 * credit arriving) and when its time runs out (the server expires it on read).
 */
export function useDeposit(id: string): Loaded<Deposit> & { now: number } {
  const [open, setOpen] = useState(true);
  const loaded = useLoad(() => fetchDeposit(id), [id], { refreshMs: open ? POLL_MS : null });
  const { data, reload } = loaded;
  const now = useNow(open);

  useEffect(() => setOpen(isOpen(data)), [data]);
  useReloadOnMoneyUpdate(reload);

  const expiresAt = data?.status === "waiting" && data.expiresAt ? Date.parse(data.expiresAt) : null;
  const expiredLocally = expiresAt !== null && now >= expiresAt;
  useEffect(() => {
    if (expiredLocally) void reload();
  }, [expiredLocally, reload]);

  const approved = data?.status === "approved";
  useEffect(() => {
    if (approved) void balanceMoved();
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
function useDepositId(id: string | undefined, channel: "fast" | "crypto"): string | null | undefined {
  const waiting = useLoad(() => findWaitingDeposit(channel), [channel], { enabled: !id });
  if (id) return id;
  if (waiting.loading) return undefined;
  // A failure to look reads as none waiting: the page offers to start one.
  return waiting.data?.id ?? null;
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
