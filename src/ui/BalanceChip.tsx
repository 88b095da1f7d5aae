import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { formatBaht } from "../lib/format.ts";
import { onlineAtom } from "../lib/network.ts";
import { liveBalanceAtom, startLiveBalance } from "../lib/realtime.ts";
import { currentSession } from "../lib/session.ts";
import { useAtomValue } from "../lib/store.ts";

/**
 * The member's live cash in the top bar; loaded only after login (with socket.io), never on the first paint.
 * Offline or disconnected, the last known amount stays, dimmed and titled as not live. Tapping it opens the
 * statement.
 */
export default function BalanceChip({ sessionId, uuid }: { sessionId: string; uuid: string }) {
  const { t } = useLingui();
  const online = useAtomValue(onlineAtom);
  const { balance, connection } = useAtomValue(liveBalanceAtom);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new login (a new session id) starts a new connection
  useEffect(() => {
    const stop = startLiveBalance(uuid);
    // Logged out (no session on this device any more): the amount is forgotten; a new login just restarts.
    return () => stop({ forget: !currentSession() });
  }, [sessionId, uuid]);

  const stale = connection === "stale" || !online;
  const amount = balance === null ? "฿ …" : formatBaht(balance);
  const label = stale ? t`Balance (not live, last known): ${amount}` : t`Balance: ${amount}`;
  return (
    <Link
      to="/credit/statement"
      className={`balance-chip ${stale ? "balance-stale" : ""}`}
      aria-label={label}
      title={label}
    >
      <span className="balance-amount" aria-hidden="true">
        {amount}
      </span>
    </Link>
  );
}
