import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import { maskAccountNumber } from "../../domain/banks.ts";
import { formatStatementTime } from "../../domain/statement.ts";
import { FormError } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { depositPage } from "./DepositTracker.tsx";
import { formatBaht } from "./format.ts";
import { useLoad } from "./hooks.ts";
import { moneyUpdatesAtom } from "./liveBalance.ts";
import { channelName, depositStatusText, walletErrorText, withdrawalStatusText } from "./messages.ts";
import { Loading, StatusBadge, useBankName, WalletNav } from "./WalletUi.tsx";
import { type Deposit, fetchBankTransactions, type Withdrawal } from "./walletApi.ts";

type Row = { kind: "deposit"; item: Deposit } | { kind: "withdrawal"; item: Withdrawal };

/** Deposits and withdrawals in one list, newest first. */
export function mergeBankRows(deposits: Deposit[], withdrawals: Withdrawal[]): Row[] {
  const rows: Row[] = [
    ...deposits.map((item) => ({ kind: "deposit" as const, item })),
    ...withdrawals.map((item) => ({ kind: "withdrawal" as const, item })),
  ];
  return rows.sort((a, b) => Date.parse(b.item.createdAt) - Date.parse(a.item.createdAt));
}

const OPEN_UNIQUE = new Set(["fast", "qrcode", "crypto"]);

function DepositRow({ d }: { d: Deposit }) {
  const { i18n } = useLingui();
  const amount = d.status === "approved" ? (d.creditedAmount ?? d.prepareAmount) : d.prepareAmount;
  return (
    <li className="card row-card">
      <div className="row-main">
        <p className="row-title">
          <Trans>Deposit</Trans> · {channelName(i18n, d.channel)}
        </p>
        <p className="form-note">{formatStatementTime(d.createdAt)}</p>
        {d.status === "rejected" && d.reason ? (
          <p className="row-reason">
            <Trans>Reason:</Trans> {d.reason}
          </p>
        ) : null}
      </div>
      <div className="row-end">
        <span className="money money-in">{formatBaht(amount)}</span>
        <StatusBadge status={d.status} text={depositStatusText(i18n, d.status)} />
        {d.status === "waiting" && OPEN_UNIQUE.has(d.channel) ? (
          <Link {...depositPage(d)} className="button button-small">
            <Trans>Continue</Trans>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { i18n } = useLingui();
  const bankName = useBankName();
  return (
    <li className="card row-card">
      <div className="row-main">
        <p className="row-title">
          <Trans>Withdrawal</Trans> · {bankName(w.bank.bankCode)} {maskAccountNumber(w.bank.accountNumber)}
        </p>
        <p className="form-note">{formatStatementTime(w.createdAt)}</p>
        {w.status === "rejected" && w.reason ? (
          <p className="row-reason">
            <Trans>Reason:</Trans> {w.reason}
          </p>
        ) : null}
      </div>
      <div className="row-end">
        <span className="money money-out">{formatBaht(w.amount)}</span>
        <StatusBadge status={w.status} text={withdrawalStatusText(i18n, w.status)} />
      </div>
    </li>
  );
}

/** /credit/status: the member's deposits and withdrawals of the last 30 days and where each stands. */
export function CreditStatusPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Deposit and withdrawal status`);
  const data = useLoad(fetchBankTransactions);
  const rows = data.data ? mergeBankRows(data.data.deposits, data.data.withdrawals) : [];

  // Staff decisions move money: the list follows them live.
  const updates = useAtomValue(moneyUpdatesAtom);
  const seen = useRef(updates);
  const { reload } = data;
  useEffect(() => {
    if (updates === seen.current) return;
    seen.current = updates;
    void reload();
  }, [updates, reload]);

  return (
    <div className="page narrow">
      <WalletNav />
      <h1>
        <Trans>Deposit and withdrawal status</Trans>
      </h1>
      <p className="form-note">
        <Trans>The last 30 days. Times are Thailand time.</Trans>
      </p>
      <FormError message={data.error ? walletErrorText(i18n, data.error) : null} />
      {data.loading && !data.data ? <Loading /> : null}
      {data.data && rows.length === 0 ? (
        <section className="empty-state">
          <p>
            <Trans>No deposits or withdrawals yet.</Trans>
          </p>
          <Link to="/credit/deposit" className="button button-primary">
            <Trans>Make a deposit</Trans>
          </Link>
        </section>
      ) : null}
      <ul className="plain-list">
        {rows.map((row) =>
          row.kind === "deposit" ? (
            <DepositRow key={`d${row.item.id}`} d={row.item} />
          ) : (
            <WithdrawalRow key={`w${row.item.id}`} w={row.item} />
          ),
        )}
      </ul>
    </div>
  );
}
