import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { bankByCode, formatAccountNumber } from "../../domain/banks.ts";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { FieldMessages, fieldDescribedBy } from "../../ui/form.tsx";
import { Badge } from "../../ui/Outcome.tsx";
import { Breadcrumb, Page, PageNav } from "../../ui/Page.tsx";
import { statusTone } from "./messages.ts";
import "./wallet.css";

// The wallet's own pieces on top of the page kit (src/ui): banks, accounts, the wallet's navigation.

/** Bank name in the player's language: Thai names for Thai, English names otherwise. */
export function useBankName(): (code: string) => string {
  const { i18n } = useLingui();
  return (code) => {
    const bank = bankByCode(code);
    if (!bank) return code.toUpperCase();
    return i18n.locale === "th" ? bank.nameTh : bank.nameEn;
  };
}

/** The bank's round badge; decorative, the name is always written next to it. */
export function BankLogo({ code, size = 40 }: { code: string; size?: number }) {
  const bank = bankByCode(code);
  if (!bank) return <span className="bank-logo bank-logo-unknown" aria-hidden="true" />;
  return <img className="bank-logo" src={bank.logo} alt="" width={size} height={size} aria-hidden="true" />;
}

/** A deposit's, withdrawal's or bank account's status in its colour. */
export function StatusBadge({ status, text }: { status: string; text: string }) {
  return <Badge tone={statusTone(status)}>{text}</Badge>;
}

/**
 * A bank account as a card: logo, bank, number (with a copy button), holder. With `radio`, the card is one
 * choice of a radio group; the radio is named by the bank and number, and the copy button stays outside its
 * label so copying never changes the choice.
 */
export function AccountCard({
  bankCode,
  accountNumber,
  accountName,
  copy = false,
  radio,
  children,
}: {
  bankCode: string;
  accountNumber: string;
  accountName: string | null;
  copy?: boolean;
  radio?: { name: string; value: string; checked: boolean; onChange: () => void };
  children?: React.ReactNode;
}) {
  const { t } = useLingui();
  const bankName = useBankName();
  const id = useId();
  const digits = accountNumber.replace(/\D/g, "");
  const name = bankName(bankCode);
  const number = formatAccountNumber(bankCode, accountNumber);
  return (
    <div
      className={`account-card ${radio ? "account-card-choice" : ""} ${radio?.checked ? "is-checked" : ""}`}
    >
      {radio ? (
        <input
          type="radio"
          id={id}
          name={radio.name}
          value={radio.value}
          checked={radio.checked}
          onChange={radio.onChange}
          aria-labelledby={`${id}-bank ${id}-number`}
        />
      ) : null}
      <BankLogo code={bankCode} />
      <div className="account-card-body">
        <p className="account-bank">
          {radio ? (
            <label id={`${id}-bank`} htmlFor={id}>
              {name}
            </label>
          ) : (
            name
          )}
        </p>
        <p className="account-number">
          {radio ? (
            <label id={`${id}-number`} htmlFor={id}>
              {number}
            </label>
          ) : (
            <span>{number}</span>
          )}
          {copy ? <CopyButton value={digits} label={t`Copy account number ${number}`} /> : null}
        </p>
        {accountName ? <p className="account-name">{accountName}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** The account of `accounts` with this id; when there is only one, that one (nothing to choose). */
export function chosenAccount<A extends { id: string }>(accounts: A[], id: string): A | undefined {
  return accounts.find((a) => a.id === id) ?? (accounts.length === 1 ? accounts[0] : undefined);
}

/** Bank accounts as a radio group of cards, with the group's error under them. */
export function AccountChoices<
  A extends { id: string; bankCode: string; accountNumber: string; accountName: string | null },
>({
  legend,
  name,
  accounts,
  chosen,
  onChoose,
  copy = false,
  error,
}: {
  legend: React.ReactNode;
  name: string;
  accounts: A[];
  chosen: A | undefined;
  onChoose: (id: string) => void;
  copy?: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset
      className={`field choice-list ${error ? "field-invalid" : ""}`}
      aria-describedby={fieldDescribedBy(id, null, error)}
    >
      <legend>{legend}</legend>
      {accounts.map((a) => (
        <AccountCard
          key={a.id}
          bankCode={a.bankCode}
          accountNumber={a.accountNumber}
          accountName={a.accountName}
          copy={copy}
          radio={{ name, value: a.id, checked: chosen?.id === a.id, onChange: () => onChoose(a.id) }}
        />
      ))}
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}

/** Links between the wallet pages, on top of each of them. */
export function WalletNav() {
  const { t } = useLingui();
  return (
    <PageNav label={t`Wallet`}>
      <Link to="/credit/deposit">
        <Trans>Deposit</Trans>
      </Link>
      <Link to="/credit/withdraw">
        <Trans>Withdraw</Trans>
      </Link>
      <Link to="/credit/status">
        <Trans>Status</Trans>
      </Link>
      <Link to="/credit/statement">
        <Trans>Statement</Trans>
      </Link>
      <Link to="/bank/status">
        <Trans>Bank accounts</Trans>
      </Link>
    </PageNav>
  );
}

/** A deposit channel's page, with the way back to the channels (and `crumbs` after it). */
export function DepositPage({
  title,
  crumbs,
  children,
}: {
  title: string;
  crumbs?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Page
      title={title}
      top={
        <Breadcrumb>
          <Link to="/credit/deposit">
            <Trans>Deposit</Trans>
          </Link>
          {crumbs}
        </Breadcrumb>
      }
    >
      {children}
    </Page>
  );
}

/** To /credit/status, where a request sent to staff is followed. */
export function StatusPageLink() {
  return (
    <Link to="/credit/status" className="button button-primary">
      <Trans>See the status</Trans>
    </Link>
  );
}

/** For a member without a verified bank account: add one, or see how the added ones stand. */
export function AddBankActions() {
  return (
    <div className="actions">
      <Link to="/bank/add" className="button button-primary">
        <Trans>Add bank account</Trans>
      </Link>
      <Link to="/bank/status" className="button">
        <Trans>My bank accounts</Trans>
      </Link>
    </div>
  );
}
