import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { authAtom } from "../lib/auth.ts";
import { appConfigAtom, supportAtom } from "../lib/site.ts";
import { useAtom, useAtomValue } from "../lib/store.ts";
import { LanguageSelect } from "./LanguageSelect.tsx";
import { Logo } from "./Logo.tsx";
import { drawerOpenAtom } from "./layout.ts";

// Loaded after login only: the live balance brings socket.io with it.
const BalanceChip = lazy(() => import("./BalanceChip.tsx"));

export function TopBar() {
  const { t } = useLingui();
  const [drawerOpen, setDrawerOpen] = useAtom(drawerOpenAtom);
  const config = useAtomValue(appConfigAtom);
  const { session, userInfo } = useAtomValue(authAtom);
  const support = useAtomValue(supportAtom);
  const helpHref = support?.activeSupport
    ? support.officePhoneNumber
      ? `tel:${support.officePhoneNumber}`
      : support.urlSupport
    : null;
  return (
    <header className={session ? "top-bar top-bar-member" : "top-bar"}>
      <button
        type="button"
        className="icon-button"
        aria-label={t`Menu`}
        aria-expanded={drawerOpen}
        aria-controls="app-drawer"
        onClick={() => setDrawerOpen(!drawerOpen)}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Link to="/" className="brand" aria-label={t`LOTTOUP home`}>
        <Logo />
        <span className="brand-name">LOTTOUP</span>
      </Link>
      {config?.mode === "demo" ? (
        <span className="demo-badge" title={t`Demo mode: test money and demo providers only`}>
          <Trans>Demo</Trans>
        </span>
      ) : null}
      <div className="top-bar-end">
        {helpHref ? (
          <a className="icon-button help-link" href={helpHref} title={t`Contact support`}>
            <span aria-hidden="true">?</span>
            <span className="visually-hidden">{t`Contact support`}</span>
          </a>
        ) : null}
        <LanguageSelect />
        {session ? (
          <Suspense fallback={null}>
            <BalanceChip sessionId={session.id} uuid={session.uuid} />
          </Suspense>
        ) : null}
        {userInfo ? (
          <Link to="/profile" className="avatar-link" aria-label={t`My profile`}>
            <span className="avatar" aria-hidden="true">
              {(userInfo.name || userInfo.userName).slice(0, 1).toUpperCase()}
            </span>
            <span className="avatar-name">{userInfo.name || userInfo.userName}</span>
          </Link>
        ) : null}
      </div>
    </header>
  );
}
