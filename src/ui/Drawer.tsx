import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useAtom, useAtomValue } from "jotai";
import { authAtom, logout } from "../features/auth/auth.ts";
import { drawerOpenAtom, isMobileAtom } from "./layout.ts";

export function Drawer() {
  const { t } = useLingui();
  const [open, setOpen] = useAtom(drawerOpenAtom);
  const isMobile = useAtomValue(isMobileAtom);
  const { token } = useAtomValue(authAtom);
  const navigate = useNavigate();
  const closeOnMobile = () => {
    if (isMobile) setOpen(false);
  };
  return (
    <>
      {isMobile && open ? (
        <div className="drawer-scrim" aria-hidden="true" onClick={() => setOpen(false)} />
      ) : null}
      <nav
        id="app-drawer"
        className={`drawer ${open ? "drawer-open" : ""} ${isMobile ? "drawer-mobile" : ""}`}
        aria-label={t`Main menu`}
        hidden={!open}
      >
        <ul>
          <li>
            {token ? (
              <Link to="/main" onClick={closeOnMobile}>
                <Trans>Home</Trans>
              </Link>
            ) : (
              <Link to="/" onClick={closeOnMobile} activeOptions={{ exact: true }}>
                <Trans>Home</Trans>
              </Link>
            )}
          </li>
          {token ? (
            <>
              <li>
                <Link to="/lotto" onClick={closeOnMobile}>
                  <Trans>Lotto</Trans>
                </Link>
              </li>
              <li>
                <Link to="/number-set" onClick={closeOnMobile}>
                  <Trans>My number sets</Trans>
                </Link>
              </li>
              <li>
                <Link to="/credit/deposit" onClick={closeOnMobile}>
                  <Trans>Deposit</Trans>
                </Link>
              </li>
              <li>
                <Link to="/credit/withdraw" onClick={closeOnMobile}>
                  <Trans>Withdraw</Trans>
                </Link>
              </li>
              <li>
                <Link to="/credit/statement" onClick={closeOnMobile}>
                  <Trans>Statement</Trans>
                </Link>
              </li>
              <li>
                <Link to="/bank/status" onClick={closeOnMobile}>
                  <Trans>Bank accounts</Trans>
                </Link>
              </li>
              <li>
                <Link to="/profile" onClick={closeOnMobile}>
                  <Trans>My profile</Trans>
                </Link>
              </li>
            </>
          ) : (
            <li>
              <Link to="/register" onClick={closeOnMobile}>
                <Trans>Register</Trans>
              </Link>
            </li>
          )}
          <li>
            <Link to="/results" onClick={closeOnMobile}>
              <Trans>Results</Trans>
            </Link>
          </li>
          <li>
            <Link to="/how-to" onClick={closeOnMobile}>
              <Trans>How to play</Trans>
            </Link>
          </li>
          <li>
            <Link to="/download" onClick={closeOnMobile}>
              <Trans>Install the app</Trans>
            </Link>
          </li>
        </ul>
        {token ? (
          <button
            type="button"
            className="drawer-logout"
            onClick={async () => {
              closeOnMobile();
              await logout();
              await navigate({ to: "/" });
            }}
          >
            <Trans>Log out</Trans>
          </button>
        ) : null}
      </nav>
    </>
  );
}
