import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { bankByCode, formatAccountNumber } from "../../domain/banks.ts";
import { FieldMessages, FormError, fieldDescribedBy } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { formatBaht } from "./format.ts";
import type { Loaded, Sending } from "./hooks.ts";
import { statusTone, walletErrorText } from "./messages.ts";
import "./wallet.css";

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

export function Money({ value, sign = false }: { value: string | null | undefined; sign?: boolean }) {
  return <span className="money">{formatBaht(value, { sign })}</span>;
}

export function StatusBadge({ status, text }: { status: string; text: string }) {
  return <span className={`badge badge-${statusTone(status)}`}>{text}</span>;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older in-app browsers: the selection-and-copy command still works there.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** A button that copies a value (account number, amount, address) and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="button button-small copy-button"
      aria-label={label}
      onClick={async () => {
        const ok = await copyText(value);
        showSnackbar(
          ok
            ? { txt: t`Copied: ${value}`, color: "success" }
            : { txt: t`Could not copy. Please select the text and copy it.`, color: "error" },
        );
      }}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M8 8h11v13H8zM5 16H4V3h11v1"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <Trans>Copy</Trans>
    </button>
  );
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

/** Whole-baht (or two-decimal) amount input with quick choices, for thumbs. */
export function AmountField({
  label,
  value,
  onChange,
  error,
  hint,
  wholeBaht = false,
  choices = [100, 300, 500, 1000, 5000],
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  wholeBaht?: boolean;
  choices?: number[];
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className={`field ${error ? "field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <div className="amount-input">
        <span aria-hidden="true">฿</span>
        <input
          id={id}
          name="amount"
          inputMode={wholeBaht ? "numeric" : "decimal"}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, hint, error)}
        />
      </div>
      {choices.length > 0 ? (
        <fieldset className="amount-choices">
          <legend className="visually-hidden">{t`Quick amounts`}</legend>
          {choices.map((choice) => (
            <button key={choice} type="button" className="chip" onClick={() => onChange(String(choice))}>
              {choice.toLocaleString("en-US")}
            </button>
          ))}
        </fieldset>
      ) : null}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** Links between the wallet pages, on top of each of them. */
export function WalletNav() {
  const { t } = useLingui();
  return (
    <nav className="wallet-nav" aria-label={t`Wallet`}>
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
    </nav>
  );
}

/** A wallet page: its title (also the window's), what leads to the other pages above it, then its content. */
export function WalletPage({
  title,
  top,
  children,
}: {
  title: string;
  top?: React.ReactNode;
  children: React.ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="page narrow">
      {top}
      <h1>{title}</h1>
      {children}
    </div>
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
    <WalletPage
      title={title}
      top={
        <p className="breadcrumb">
          <Link to="/credit/deposit">
            <Trans>Deposit</Trans>
          </Link>
          {crumbs}
        </p>
      }
    >
      {children}
    </WalletPage>
  );
}

export function Loading({ children }: { children?: React.ReactNode }) {
  return (
    <p role="status" className="loading-text">
      {children ?? <Trans>Loading…</Trans>}
    </p>
  );
}

/** Marks what only exists in demo mode, so nobody mistakes it for a real bank. */
export function DemoBox({ children }: { children: React.ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="demo-box" aria-label={t`Demo mode`}>
      <p className="demo-box-title">
        <Trans>Demo mode</Trans>
      </p>
      {children}
    </section>
  );
}

/** What loading a page's data came to so far: its error, or that it is still loading. */
export function LoadState({ loaded }: { loaded: Loaded<unknown> }) {
  const { i18n } = useLingui();
  return (
    <>
      <FormError message={loaded.error ? walletErrorText(i18n, loaded.error) : null} />
      {loaded.loading && !loaded.data ? <Loading /> : null}
    </>
  );
}

/** The end of a wallet form: what went wrong, then the big submit button, saying so while it sends. */
export function FormSubmit({
  sending,
  label,
  busyLabel,
}: {
  sending: Sending;
  label: string;
  busyLabel: React.ReactNode;
}) {
  return (
    <>
      <FormError message={sending.error?.() ?? null} />
      <button
        type="submit"
        className="button button-primary button-block button-large"
        disabled={sending.busy}
      >
        {sending.busy ? busyLabel : label}
      </button>
    </>
  );
}

/** How a request ended or stands, announced: a title, what it means, and where to go next. */
export function Outcome({
  tone,
  title,
  children,
  actions,
}: {
  tone: "ok" | "wait" | "bad" | "off";
  title: React.ReactNode;
  children?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section className={`outcome outcome-${tone}`} role="status">
      <h2>{title}</h2>
      {children}
      {actions ? <div className="actions">{actions}</div> : null}
    </section>
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
