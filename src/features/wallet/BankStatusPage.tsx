import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { MEMBER_BANKS_MAX } from "../../domain/wallet.ts";
import { useLoad } from "../../lib/load.ts";
import { FormError } from "../../ui/form.tsx";
import { Loading } from "../../ui/Load.tsx";
import { Page } from "../../ui/Page.tsx";
import { bankStatusText, walletErrorText } from "./messages.ts";
import { AccountCard, StatusBadge, WalletNav } from "./WalletUi.tsx";
import { fetchMemberBanks, type MemberBank } from "./walletApi.ts";

function StatusExplanation({ bank }: { bank: MemberBank }) {
  switch (bank.status) {
    case "verified":
      return (
        <p className="form-note">
          <Trans>You can withdraw to this account.</Trans>
        </p>
      );
    case "mismatch":
      return (
        <p className="form-note">
          <Trans>
            The bank reports another holder name. Withdrawals go only to accounts in your own name; contact
            support if this is your account.
          </Trans>
        </p>
      );
    case "pending":
      return (
        <p className="form-note">
          <Trans>Staff are checking this account. This usually takes a few minutes.</Trans>
        </p>
      );
    default:
      return (
        <p className="form-note">
          <Trans>Staff rejected this account. It cannot be used.</Trans>
        </p>
      );
  }
}

/** /bank/status: the member's bank accounts and whether each can receive withdrawals. */
export function BankStatusPage() {
  const { t, i18n } = useLingui();
  const banks = useLoad(fetchMemberBanks);
  const list = banks.data ?? [];
  const usable = list.filter((b) => b.status !== "rejected").length;

  return (
    <Page title={t`Bank accounts`} top={<WalletNav />}>
      <FormError message={banks.error ? walletErrorText(i18n, banks.error) : null} />
      {banks.loading && !banks.data ? (
        <Loading />
      ) : list.length === 0 && !banks.error ? (
        <section className="empty-state">
          <h2>
            <Trans>No bank account yet</Trans>
          </h2>
          <p>
            <Trans>
              Winnings are paid only to a bank account in your own name. Add your account once; we check the
              holder name with the bank, then you can withdraw at any time.
            </Trans>
          </p>
        </section>
      ) : (
        <ul className="plain-list">
          {list.map((bank) => (
            <li key={bank.id} className="card">
              <AccountCard
                bankCode={bank.bankCode}
                accountNumber={bank.accountNumber}
                accountName={bank.accountName}
              >
                <StatusBadge status={bank.status} text={bankStatusText(i18n, bank.status)} />
                <StatusExplanation bank={bank} />
              </AccountCard>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        {usable < MEMBER_BANKS_MAX ? (
          <Link to="/bank/add" className="button button-primary button-block">
            <Trans>Add bank account</Trans>
          </Link>
        ) : (
          <p className="form-note">
            <Trans>You have the most bank accounts a member can register ({MEMBER_BANKS_MAX}).</Trans>
          </p>
        )}
      </div>
    </Page>
  );
}
