import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { formatBaht } from "../features/wallet/format.ts";
import { liveBalanceAtom, startLiveBalance } from "../features/wallet/liveBalance.ts";
import { onlineAtom } from "../lib/network.ts";
import { getAccessToken } from "../lib/session.ts";

/**
 * The member's live cash in the top bar; loaded only after login (with socket.io), never on the first paint.
 * Offline or disconnected, the last known amount stays, dimmed and titled as not live. Tapping it opens the
 * statement.
 */
export default function BalanceChip({ token, uuid }: { token: string; uuid: string }) {
  const { t } = useLingui();
  const online = useAtomValue(onlineAtom);
  const { balance, connection } = useAtomValue(liveBalanceAtom);

  useEffect(() => {
    const stop = startLiveBalance(token, uuid);
    // Logged out (the token cookie is gone): the amount is forgotten; a new token just restarts.
    return () => stop({ forget: !getAccessToken() });
  }, [token, uuid]);

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
