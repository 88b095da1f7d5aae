import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { authAtom } from "../../lib/auth.ts";
import { supportAtom } from "../../lib/site.ts";
import { useAtomValue } from "../../lib/store.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { NotificationList, PushCard } from "../push/index.ts";
import { InstallCard } from "../pwa/index.ts";

/** The member's home after login: who they are, where to go next, how to reach support. */
export function MainPage() {
  const { t } = useLingui();
  usePageTitle(t`Home`);
  const { userInfo } = useAtomValue(authAtom);
  const support = useAtomValue(supportAtom);
  const displayName = userInfo?.name || userInfo?.userName || "";
  return (
    <div className="page">
      <section className="hero hero-compact">
        <h1>
          <Trans>Welcome, {displayName}</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Your account is ready. Deposit, withdraw and follow your balance here; lotto rounds and results
            open here as they become available.
          </Trans>
        </p>
      </section>
      <InstallCard />
      <PushCard />
      <NotificationList />
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">
          <Trans>Shortcuts</Trans>
        </h2>
        <ul className="card-list">
          <li className="card">
            <Link to="/lotto" className="card-link">
              <h3>
                <Trans>Lotto</Trans>
              </h3>
              <p>
                <Trans>Yeekee, Thai government, stock and 4-digit lotteries. Build your slip and bet.</Trans>
              </p>
            </Link>
          </li>
          <li className="card">
            <Link to="/credit/deposit" className="card-link">
              <h3>
                <Trans>Deposit</Trans>
              </h3>
              <p>
                <Trans>Bank transfer, QR PromptPay, TrueMoney or USDT.</Trans>
              </p>
            </Link>
          </li>
          <li className="card">
            <Link to="/credit/withdraw" className="card-link">
              <h3>
                <Trans>Withdraw</Trans>
              </h3>
              <p>
                <Trans>To your verified bank account.</Trans>
              </p>
            </Link>
          </li>
          <li className="card">
            <Link to="/credit/statement" className="card-link">
              <h3>
                <Trans>Statement</Trans>
              </h3>
              <p>
                <Trans>Every movement of your balance.</Trans>
              </p>
            </Link>
          </li>
          <li className="card">
            <Link to="/bank/status" className="card-link">
              <h3>
                <Trans>Bank accounts</Trans>
              </h3>
              <p>
                <Trans>Add your account and see if it is verified.</Trans>
              </p>
            </Link>
          </li>
          <li className="card">
            <Link to="/profile" className="card-link">
              <h3>
                <Trans>My profile</Trans>
              </h3>
              <p>
                <Trans>Name, contact details and PIN.</Trans>
              </p>
            </Link>
          </li>
          <li className="card">
            <Link to="/how-to" className="card-link">
              <h3>
                <Trans>How to play</Trans>
              </h3>
              <p>
                <Trans>Guides for deposits, lotto, results and withdrawals.</Trans>
              </p>
            </Link>
          </li>
          <li className="card">
            <Link to="/download" className="card-link">
              <h3>
                <Trans>Install the app</Trans>
              </h3>
              <p>
                <Trans>Add LOTTOUP to your home screen.</Trans>
              </p>
            </Link>
          </li>
        </ul>
      </section>
      {support?.activeSupport ? (
        <section className="notice" aria-labelledby="support-title">
          <h2 id="support-title">
            <Trans>Need help?</Trans>
          </h2>
          {support.officePhoneNumber ? (
            <p>
              <Trans>Call center:</Trans>{" "}
              <a href={`tel:${support.officePhoneNumber}`}>{support.officePhoneNumber}</a>
            </p>
          ) : null}
          {support.urlSupport?.startsWith("/") ? (
            <p>
              <a href={support.urlSupport}>
                <Trans>Help and guides</Trans>
              </a>
            </p>
          ) : support.urlSupport ? (
            <p>
              <a href={support.urlSupport} target="_blank" rel="noopener noreferrer">
                <Trans>Contact support</Trans>
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
