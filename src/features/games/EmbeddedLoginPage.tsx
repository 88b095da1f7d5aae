import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { LoginForm } from "../auth/index.ts";
import "./games.css";

/**
 * `/external/login`: the login another page may frame (the server lets any site frame exactly this path,
 * docs/security.md "Framing"), and where a guest who tapped Play logs in: the login form alone, and back to the
 * game (`next`) once logged in.
 */
export function EmbeddedLoginPage({ next }: { next?: string | undefined }) {
  const { t } = useLingui();
  usePageTitle(t`Log in`);
  return (
    <div className="page narrow embedded-login">
      {next ? (
        <p className="games-guest-note">
          <Trans>Log in to play. You come back to the game once you are logged in.</Trans>
        </p>
      ) : null}
      <LoginForm next={next} />
      <p>
        <Link to="/games">
          <Trans>Back to the games</Trans>
        </Link>
      </p>
    </div>
  );
}
