import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtom, useAtomValue } from "jotai";
import { drawerOpenAtom, isMobileAtom } from "./layout.ts";

export function Drawer() {
  const { t } = useLingui();
  const [open, setOpen] = useAtom(drawerOpenAtom);
  const isMobile = useAtomValue(isMobileAtom);
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
            <Link to="/" onClick={closeOnMobile} activeOptions={{ exact: true }}>
              <Trans>Home</Trans>
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
      </nav>
    </>
  );
}
