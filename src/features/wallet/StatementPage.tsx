import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { formatStatementTime, statementWindow } from "../../domain/statement.ts";
import type { TransactionGroup } from "../../domain/transactionTypes.ts";
import { formatBaht } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { useReloadOnMoneyUpdate } from "../../lib/realtime.ts";
import { LoadState } from "../../ui/Load.tsx";
import { Page } from "../../ui/Page.tsx";
import { transactionTypeName } from "./messages.ts";
import { WalletNav } from "./WalletUi.tsx";
import { fetchAfTransactions, fetchTransactions, type Transaction } from "./walletApi.ts";

export type StatementTab = "all" | TransactionGroup | "affiliate";
const TABS: StatementTab[] = ["all", "deposit", "withdraw", "lotto", "games", "affiliate"];

function loadTab(tab: StatementTab): Promise<Transaction[]> {
  const now = new Date();
  if (tab === "affiliate") {
    const w = statementWindow("afCash", now);
    return fetchAfTransactions(w.startedDate, w.endedDate);
  }
  const w = statementWindow("general", now);
  return fetchTransactions(w.startedDate, w.endedDate, tab === "all" ? undefined : tab);
}

function Row({ item }: { item: Transaction }) {
  const { i18n } = useLingui();
  const signed = item.direction === "in" ? item.amount : `-${item.amount}`;
  const after = formatBaht(item.balanceAfter);
  return (
    <li className="statement-row">
      <div className="row-main">
        <p className="row-title">{transactionTypeName(i18n, item.transactionType)}</p>
        <p className="form-note">{formatStatementTime(item.createdAt)}</p>
      </div>
      <div className="row-end">
        <span className={`money ${item.direction === "in" ? "money-in" : "money-out"}`}>
          {formatBaht(signed, { sign: true })}
        </span>
        {item.balanceAfter !== null ? (
          <span className="form-note">
            <Trans>Balance {after}</Trans>
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** /credit/statement: every movement of the member's cash (3 days) by group, and affiliate cash (30 days). */
export function StatementPage() {
  const { t } = useLingui();
  const [tab, setTab] = useState<StatementTab>("all");
  const data = useLoad(() => loadTab(tab), [tab]);
  useReloadOnMoneyUpdate(data.reload);

  const label: Record<StatementTab, string> = {
    all: t`All`,
    deposit: t`Deposits`,
    withdraw: t`Withdrawals`,
    lotto: t`Lotto`,
    games: t`Games`,
    affiliate: t`Affiliate`,
  };
  const items = data.data ?? [];

  return (
    <Page title={t`Statement`} top={<WalletNav />}>
      <div className="tabs" role="tablist" aria-label={t`Show`}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="statement-panel"
            className="tab"
            onClick={() => setTab(name)}
          >
            {label[name]}
          </button>
        ))}
      </div>
      <section id="statement-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <p className="form-note">
          {tab === "affiliate" ? (
            <Trans>Affiliate income of the last 30 days. Times are Thailand time.</Trans>
          ) : (
            <Trans>The last 3 days. Times are Thailand time.</Trans>
          )}
        </p>
        {tab === "all" || tab === "withdraw" ? (
          <p className="form-note">
            <Trans>
              A withdrawal is listed here once it is paid. Until then its amount is held (no longer in your
              balance) and you can follow it on the <Link to="/credit/status">status page</Link>.
            </Trans>
          </p>
        ) : null}
        <LoadState loaded={data} />
        {data.data && items.length === 0 ? (
          <p className="empty-state">
            <Trans>Nothing here yet.</Trans>
          </p>
        ) : null}
        <ul className="plain-list statement-list">
          {items.map((item) => (
            <Row key={item.id} item={item} />
          ))}
        </ul>
      </section>
    </Page>
  );
}
