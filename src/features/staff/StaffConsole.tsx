import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import type { ApiError } from "../../lib/api.ts";
import { FormError, PasswordField, TextField } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { Desk, Member, ReasonForm, useDesk } from "./desk.tsx";
import { RestrictionsDesk } from "./RestrictionsDesk.tsx";
import { ResultsDesk } from "./ResultsDesk.tsx";
import "./staff.css";
import { formatBaht } from "../wallet/format.ts";
import {
  type StaffDeposit,
  type StaffMemberBank,
  type StaffProfile,
  type StaffStatementLine,
  type StaffWithdrawal,
  staffLogin,
  staffLogout,
  staffPost,
  staffSession,
} from "./staffApi.ts";

type Tab = "deposits" | "withdrawals" | "lines" | "banks" | "results" | "restrictions";

/** The back office's money desk: approve deposits, pay withdrawals, pair stray transfers, check bank holders. */
export function StaffConsole() {
  const { t } = useLingui();
  usePageTitle(t`Back office`);
  const [profile, setProfile] = useState<StaffProfile | null>(() => staffSession());
  if (!profile) return <StaffLogin onLoggedIn={setProfile} />;
  return (
    <StaffDesk
      profile={profile}
      onLogout={async () => {
        await staffLogout();
        setProfile(null);
      }}
    />
  );
}

function StaffLogin({ onLoggedIn }: { onLoggedIn: (p: StaffProfile) => void }) {
  const { t } = useLingui();
  const [userName, setUserName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onLoggedIn(await staffLogin(userName.trim(), password));
    } catch (err) {
      const e = err as ApiError;
      setError(
        e.status === 401
          ? t`Invalid username or password.`
          : e.status === 429
            ? t`Too many attempts. Please wait and try again.`
            : t`Oops! Something went wrong. Please try again later.`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page narrow">
      <h1>
        <Trans>Back office</Trans>
      </h1>
      <p className="lead">
        <Trans>For LOTTOUP staff only. Every action is recorded in the audit log.</Trans>
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t`Staff username`}
          name="staffUserName"
          autoComplete="username"
          value={userName}
          onChange={(e) => setUserName(e.target.value)}
        />
        <PasswordField
          label={t`Password`}
          name="staffPassword"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError message={error} />
        <button type="submit" className="button button-primary" disabled={busy}>
          <Trans>Log in to the back office</Trans>
        </button>
      </form>
    </div>
  );
}

function StaffDesk({ profile, onLogout }: { profile: StaffProfile; onLogout: () => void }) {
  const { t } = useLingui();
  const canPay = profile.role !== "staff";
  const [tab, setTab] = useState<Tab>("deposits");
  const tabs: { id: Tab; label: string }[] = [
    { id: "deposits", label: t`Deposits to check` },
    ...(canPay ? [{ id: "withdrawals" as const, label: t`Withdrawals to pay` }] : []),
    { id: "lines", label: t`Unmatched transfers` },
    { id: "banks", label: t`Bank accounts to verify` },
    { id: "results", label: t`Results` },
    { id: "restrictions", label: t`Restricted numbers` },
  ];
  return (
    <div className="page staff-desk">
      <div className="staff-header">
        <h1>
          <Trans>Back office</Trans>
        </h1>
        <p>
          <Trans>
            Signed in as {profile.userName} ({profile.role})
          </Trans>{" "}
          <button type="button" className="button" onClick={onLogout}>
            <Trans>Log out</Trans>
          </button>
        </p>
      </div>
      <div role="tablist" className="tabs" aria-label={t`Back office sections`}>
        {tabs.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            aria-selected={tab === entry.id}
            className="tab"
            onClick={() => setTab(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === "deposits" ? <DepositDesk /> : null}
        {tab === "withdrawals" && canPay ? <WithdrawalDesk /> : null}
        {tab === "lines" ? <LineDesk /> : null}
        {tab === "banks" ? <BankDesk /> : null}
        {tab === "results" ? <ResultsDesk profile={profile} /> : null}
        {tab === "restrictions" ? <RestrictionsDesk profile={profile} /> : null}
      </div>
    </div>
  );
}

function DepositDesk() {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffDeposit>("deposits");
  return (
    <Desk label={t`Deposits to check`} items={items} error={error}>
      {items?.map((d) => (
        <li key={d.id} className="card staff-card" aria-label={t`Deposit ${d.id}`}>
          <p>
            <strong>{formatBaht(d.prepareAmount)}</strong> · {d.channel} · {d.status}
          </p>
          <p>
            <Member member={d.member} /> · {formatStatementTime(d.createdAt)}
            {d.depositAt ? (
              <>
                {" "}
                · <Trans>transferred at {formatStatementTime(d.depositAt)}</Trans>
              </>
            ) : null}
          </p>
          {d.receiving ? (
            <p>
              <Trans>
                To {d.receiving.bankCode.toUpperCase()} {d.receiving.accountNumber}
              </Trans>
            </p>
          ) : null}
          <div className="staff-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={busy === d.id}
              onClick={() =>
                run(d.id, () => staffPost("deposits.approve", { id: d.id }), t`Deposit ${d.id} approved.`)
              }
            >
              <Trans>Approve</Trans>
            </button>
            <ReasonForm
              label={t`Reject`}
              disabled={busy === d.id}
              onSubmit={(reason) =>
                run(
                  d.id,
                  () => staffPost("deposits.reject", { id: d.id, reason }),
                  t`Deposit ${d.id} rejected.`,
                )
              }
            />
          </div>
        </li>
      ))}
    </Desk>
  );
}

function WithdrawalDesk() {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffWithdrawal>("withdrawals");
  return (
    <Desk label={t`Withdrawals to pay`} items={items} error={error}>
      {items?.map((w) => (
        <li key={w.id} className="card staff-card" aria-label={t`Withdrawal ${w.id}`}>
          <p>
            <strong>{formatBaht(w.amount)}</strong> · <Member member={w.member} /> ·{" "}
            {formatStatementTime(w.createdAt)}
          </p>
          <p>
            {w.bank.bankCode.toUpperCase()} {w.bank.accountNumber} · {w.bank.accountName}
          </p>
          <div className="staff-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={busy === w.id}
              onClick={() =>
                run(
                  w.id,
                  () => staffPost("withdrawals.pay", { id: w.id }),
                  t`Withdrawal ${w.id} marked as paid.`,
                )
              }
            >
              <Trans>Mark as paid</Trans>
            </button>
            <ReasonForm
              label={t`Reject`}
              disabled={busy === w.id}
              onSubmit={(reason) =>
                run(
                  w.id,
                  () => staffPost("withdrawals.reject", { id: w.id, reason }),
                  t`Withdrawal ${w.id} rejected; the money went back to the member.`,
                )
              }
            />
          </div>
        </li>
      ))}
    </Desk>
  );
}

function LineDesk() {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffStatementLine>("statement-lines");
  const [targets, setTargets] = useState<Record<string, string>>({});
  return (
    <Desk
      label={t`Unmatched transfers`}
      intro={
        <p>
          <Trans>
            Transfers the bank reported that matched no request automatically. Pair each with its deposit.
          </Trans>
        </p>
      }
      items={items}
      error={error}
    >
      {items?.map((line) => (
        <li key={line.id} className="card staff-card">
          <p>
            <strong>{formatBaht(line.amount)}</strong> · {formatStatementTime(line.occurredAt)} ·{" "}
            {line.source}
            {line.reference ? ` · ${line.reference}` : ""}
          </p>
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              const depositId = (targets[line.id] ?? line.depositId ?? "").trim();
              if (/^\d+$/.test(depositId))
                void run(
                  line.id,
                  () => staffPost("statement-lines.assign", { lineId: line.id, depositId }),
                  t`Transfer paired with deposit ${depositId}.`,
                );
            }}
          >
            <input
              aria-label={t`Deposit number`}
              placeholder={t`Deposit number`}
              inputMode="numeric"
              value={targets[line.id] ?? line.depositId ?? ""}
              onChange={(e) => setTargets({ ...targets, [line.id]: e.target.value })}
            />
            <button type="submit" className="button button-primary" disabled={busy === line.id}>
              <Trans>Pair and credit</Trans>
            </button>
          </form>
        </li>
      ))}
    </Desk>
  );
}

function BankDesk() {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffMemberBank>("member-banks");
  const [names, setNames] = useState<Record<string, string>>({});
  return (
    <Desk label={t`Bank accounts to verify`} items={items} error={error}>
      {items?.map((bank) => {
        const holder = names[bank.id] ?? bank.accountName ?? "";
        return (
          <li key={bank.id} className="card staff-card">
            <p>
              {bank.bankCode.toUpperCase()} {bank.accountNumber} · {bank.status} ·{" "}
              <Member member={bank.member} />
            </p>
            <form
              className="inline-form"
              onSubmit={(e) => {
                e.preventDefault();
                if (holder.trim().length >= 2)
                  void run(
                    bank.id,
                    () =>
                      staffPost("member-banks.verify", {
                        id: bank.id,
                        accountName: holder.trim(),
                        status: "verified",
                      }),
                    t`Bank account verified.`,
                  );
              }}
            >
              <input
                aria-label={t`Holder name at the bank`}
                placeholder={t`Holder name at the bank`}
                value={holder}
                onChange={(e) => setNames({ ...names, [bank.id]: e.target.value })}
              />
              <button type="submit" className="button button-primary" disabled={busy === bank.id}>
                <Trans>Verify</Trans>
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={busy === bank.id}
                onClick={() =>
                  run(
                    bank.id,
                    () =>
                      staffPost("member-banks.verify", {
                        id: bank.id,
                        accountName: holder.trim() || "(not given)",
                        status: "rejected",
                      }),
                    t`Bank account rejected.`,
                  )
                }
              >
                <Trans>Reject</Trans>
              </button>
            </form>
          </li>
        );
      })}
    </Desk>
  );
}
