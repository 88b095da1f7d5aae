import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { framedByAnotherSite } from "../../lib/framing.ts";
import { LanguageSelect } from "../../ui/LanguageSelect.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { LoginForm } from "../auth/index.ts";
import "./games.css";

/**
 * `/external/login`: the login another page may frame (the server lets any site frame exactly this path,
 * docs/security.md "Framing"), and where a guest who tapped Play logs in: the login form alone, and back to the
 * game (`next`) once logged in. It has no top bar (`bare`), so it carries the language picker itself: a page framed
 * by another site may open in a language its player does not read. Framed by another site, the session cookie
 * cannot be stored there, so instead of a form that would fail after the PIN the page opens this same login as
 * LOTTOUP's own page, in a new tab (docs/security.md "Framing").
 */
export function EmbeddedLoginPage({ next }: { next?: string | undefined }) {
  const { t } = useLingui();
  usePageTitle(t`Log in`);
  return (
    <div className="page narrow embedded-login">
      <div className="embedded-login-language">
        <LanguageSelect />
      </div>
      {next ? (
        <p className="games-guest-note">
          <Trans>Log in to play. You come back to the game once you are logged in.</Trans>
        </p>
      ) : null}
      {framedByAnotherSite() ? (
        <section className="login-card" aria-labelledby="login-elsewhere-title">
          <h2 id="login-elsewhere-title">
            <Trans>Log in</Trans>
          </h2>
          <p>
            <Trans>
              This page is shown inside another website. To keep your account safe, LOTTOUP only logs you in
              on its own page, which opens in a new tab.
            </Trans>
          </p>
          <Link
            to="/external/login"
            search={{ next }}
            className="button button-primary"
            target="_blank"
            rel="noopener"
          >
            <Trans>Log in on LOTTOUP</Trans>
          </Link>
        </section>
      ) : (
        <LoginForm next={next} />
      )}
      <p>
        <Link to="/games">
          <Trans>Back to the games</Trans>
        </Link>
      </p>
    </div>
  );
}
