import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { authAtom, logout } from "../lib/auth.ts";
import { useAtom, useAtomValue } from "../lib/store.ts";
import { useSubmit } from "../lib/submit.ts";
import { drawerOpenAtom, isMobileAtom } from "./layout.ts";

export function Drawer() {
  const { t } = useLingui();
  const [open, setOpen] = useAtom(drawerOpenAtom);
  const isMobile = useAtomValue(isMobileAtom);
  const { session } = useAtomValue(authAtom);
  const navigate = useNavigate();
  const leaving = useSubmit();
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
            {session ? (
              <Link to="/main" onClick={closeOnMobile}>
                <Trans>Home</Trans>
              </Link>
            ) : (
              <Link to="/" onClick={closeOnMobile} activeOptions={{ exact: true }}>
                <Trans>Home</Trans>
              </Link>
            )}
          </li>
          {session ? (
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
            <Link to="/games" onClick={closeOnMobile}>
              <Trans>Games</Trans>
            </Link>
          </li>
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
        {session ? (
          <button
            type="button"
            className="drawer-logout"
            disabled={leaving.pending}
            onClick={() =>
              leaving.run(async () => {
                closeOnMobile();
                await logout();
                await navigate({ to: "/" });
              })
            }
          >
            <Trans>Log out</Trans>
          </button>
        ) : null}
      </nav>
    </>
  );
}
