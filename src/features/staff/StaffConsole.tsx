import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { type ErrorWording, errorText } from "../../lib/messages.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError, PasswordField, TextField } from "../../ui/form.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { MembersDesk } from "./MembersDesk.tsx";
import { ProposalsDesk } from "./ProposalsDesk.tsx";
import { RestrictionsDesk } from "./RestrictionsDesk.tsx";
import { ResultsDesk } from "./ResultsDesk.tsx";
import { SecurityDesk } from "./SecurityDesk.tsx";
import "./staff.css";
import { DepositDesk, WithdrawalDesk } from "./MoneyDesks.tsx";
import { type StaffProfile, staffLogin, staffLogout, staffSession } from "./staffApi.ts";
import { BankDesk, LineDesk } from "./TransferDesks.tsx";

type Tab =
  | "proposals"
  | "members"
  | "deposits"
  | "withdrawals"
  | "lines"
  | "banks"
  | "results"
  | "restrictions"
  | "security";

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

/** The back office's login refusals: wrong name or password, too many tries, anything else. */
const loginErrorText: ErrorWording = (i18n, error) => {
  const status = error instanceof ApiError ? error.status : 0;
  return status === 401
    ? i18n._(msg`Invalid username or password.`)
    : status === 429
      ? i18n._(msg`Too many attempts. Please wait and try again.`)
      : errorText(i18n, error);
};

function StaffLogin({ onLoggedIn }: { onLoggedIn: (p: StaffProfile) => void }) {
  const { t } = useLingui();
  const [userName, setUserName] = useState("");
  const [password, setPassword] = useState("");
  const form = useSubmit({ errorText: loginErrorText });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.run(async () => onLoggedIn(await staffLogin(userName.trim(), password)));
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
        <FormError message={form.error?.() ?? null} />
        <button type="submit" className="button button-primary" disabled={form.pending}>
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
    { id: "proposals", label: t`Waiting for a second staff member` },
    ...(canPay ? [{ id: "members" as const, label: t`Members` }] : []),
    { id: "results", label: t`Results` },
    { id: "restrictions", label: t`Restricted numbers` },
    { id: "security", label: t`Security events` },
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
        {tab === "proposals" ? <ProposalsDesk /> : null}
        {tab === "members" && canPay ? <MembersDesk /> : null}
        {tab === "results" ? <ResultsDesk profile={profile} /> : null}
        {tab === "restrictions" ? <RestrictionsDesk profile={profile} /> : null}
        {tab === "security" ? <SecurityDesk /> : null}
      </div>
    </div>
  );
}
