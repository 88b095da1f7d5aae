import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { maskAccountNumber } from "../../domain/banks.ts";
import { formatBaht } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { useReloadOnMoneyUpdate } from "../../lib/realtime.ts";
import { LoadState } from "../../ui/Load.tsx";
import { Page } from "../../ui/Page.tsx";
import { depositPage } from "./DepositTracker.tsx";
import { channelName, depositStatusText, withdrawalStatusText } from "./messages.ts";
import { StatusBadge, useBankName, WalletNav } from "./WalletUi.tsx";
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

/** One deposit or withdrawal: what, when, why it was rejected; its amount and where it stands. */
function BankRow({
  title,
  createdAt,
  reason,
  amount,
  direction,
  status,
  children,
}: {
  title: React.ReactNode;
  createdAt: string;
  reason: string | null;
  amount: string;
  direction: "in" | "out";
  status: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <li className="card row-card">
      <div className="row-main">
        <p className="row-title">{title}</p>
        <p className="form-note">{formatStatementTime(createdAt)}</p>
        {reason ? (
          <p className="row-reason">
            <Trans>Reason:</Trans> {reason}
          </p>
        ) : null}
      </div>
      <div className="row-end">
        <span className={`money money-${direction}`}>{formatBaht(amount)}</span>
        {status}
        {children}
      </div>
    </li>
  );
}

function DepositRow({ d }: { d: Deposit }) {
  const { i18n } = useLingui();
  return (
    <BankRow
      title={
        <>
          <Trans>Deposit</Trans> · {channelName(i18n, d.channel)}
        </>
      }
      createdAt={d.createdAt}
      reason={d.status === "rejected" ? d.reason : null}
      amount={d.status === "approved" ? (d.creditedAmount ?? d.prepareAmount) : d.prepareAmount}
      direction="in"
      status={<StatusBadge status={d.status} text={depositStatusText(i18n, d.status)} />}
    >
      {d.status === "waiting" && OPEN_UNIQUE.has(d.channel) ? (
        <Link {...depositPage(d)} className="button button-small">
          <Trans>Continue</Trans>
        </Link>
      ) : null}
    </BankRow>
  );
}

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { i18n } = useLingui();
  const bankName = useBankName();
  const shown = w.status === "waiting" && w.review === "required" ? "review" : w.status;
  return (
    <BankRow
      title={
        <>
          <Trans>Withdrawal</Trans> · {bankName(w.bank.bankCode)} {maskAccountNumber(w.bank.accountNumber)}
        </>
      }
      createdAt={w.createdAt}
      reason={w.status === "rejected" ? w.reason : null}
      amount={w.amount}
      direction="out"
      status={<StatusBadge status={shown} text={withdrawalStatusText(i18n, shown)} />}
    />
  );
}

/** /credit/status: the member's deposits and withdrawals of the last 30 days and where each stands. */
export function CreditStatusPage() {
  const { t } = useLingui();
  const data = useLoad(fetchBankTransactions);
  const rows = data.data ? mergeBankRows(data.data.deposits, data.data.withdrawals) : [];
  // Staff decisions move money: the list follows them live.
  useReloadOnMoneyUpdate(data.reload);

  return (
    <Page title={t`Deposit and withdrawal status`} top={<WalletNav />}>
      <p className="form-note">
        <Trans>The last 30 days. Times are Thailand time.</Trans>
      </p>
      <LoadState loaded={data} />
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
    </Page>
  );
}
