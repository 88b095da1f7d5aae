import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { authAtom } from "../../lib/auth.ts";
import { formatBaht } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { onlineAtom } from "../../lib/network.ts";
import { liveBalanceAtom } from "../../lib/realtime.ts";
import { useAtomValue } from "../../lib/store.ts";
import { LoadState } from "../../ui/Load.tsx";
import { isMobileAtom } from "../../ui/layout.ts";
import { Outcome } from "../../ui/Outcome.tsx";
import { Page } from "../../ui/Page.tsx";
import { fetchLobby, launchGame } from "./gamesApi.ts";
import { gamesErrorText } from "./messages.ts";
import "./games.css";

/** The lobby a game's page goes back to. */
function lobbyOf(provider: string) {
  return { to: "/game/$", params: { _splat: provider } } as const;
}

/**
 * A game's page (`/game/<provider>/<game>`): launches it (`games.launch`, `mobile` on a phone) and shows it in a
 * full-screen frame under a slim bar (back to the lobby, the live balance, which follows money-update while
 * playing). A provider the site may not frame opens as a page of its own. A guest is asked to log in first.
 */
export function LaunchPage({ provider, gameCode }: { provider: string; gameCode: string }) {
  const { t } = useLingui();
  const { session } = useAtomValue(authAtom);
  const mobile = useAtomValue(isMobileAtom);
  const here = typeof location === "undefined" ? "/games" : location.pathname;
  const launch = useLoad(
    () => launchGame(provider, gameCode, mobile || window.innerWidth < 768 ? "mobile" : "desktop"),
    [provider, gameCode, session?.id],
    { enabled: session !== null },
  );

  if (session === null) {
    return (
      <Page title={t`Log in to play`}>
        <Outcome
          tone="wait"
          title={<Trans>This game needs an account</Trans>}
          actions={
            <>
              <Link to="/external/login" search={{ next: here }} className="button button-primary">
                <Trans>Log in to play</Trans>
              </Link>
              <Link to="/register" className="button">
                <Trans>Register</Trans>
              </Link>
            </>
          }
        >
          <p>
            <Trans>
              Games are played with the money in your account. Log in, and you come straight back to this
              game.
            </Trans>
          </p>
        </Outcome>
        <p>
          <Link {...lobbyOf(provider)}>
            <Trans>Back to the games</Trans>
          </Link>
        </p>
      </Page>
    );
  }

  if (launch.data?.frame) return <GameFrame url={launch.data.url} provider={provider} gameCode={gameCode} />;

  return (
    <Page title={t`Starting the game`}>
      <LoadState loaded={launch} wording={gamesErrorText} />
      {launch.error ? (
        <div className="actions">
          <button type="button" className="button button-primary" onClick={() => void launch.reload()}>
            <Trans>Try again</Trans>
          </button>
          <Link {...lobbyOf(provider)} className="button">
            <Trans>Back to the games</Trans>
          </Link>
        </div>
      ) : null}
      {launch.data && !launch.data.frame ? (
        <Outcome
          tone="ok"
          title={<Trans>The game is ready</Trans>}
          actions={
            <>
              <a href={launch.data.url} className="button button-primary" rel="noopener noreferrer">
                <Trans>Open the game</Trans>
              </a>
              <Link {...lobbyOf(provider)} className="button">
                <Trans>Back to the games</Trans>
              </Link>
            </>
          }
        >
          <p>
            <Trans>
              This provider does not let its games be shown inside this app, so the game opens as a page of
              its own. Your bets and wins still go to your balance here. Come back to the app when you have
              finished playing.
            </Trans>
          </p>
        </Outcome>
      ) : null}
    </Page>
  );
}

/** The game over the whole screen, under a slim bar with the way back and the live balance. */
function GameFrame({ url, provider, gameCode }: { url: string; provider: string; gameCode: string }) {
  const { t } = useLingui();
  // The game's name for the frame's title (its accessible name); the code until the list answers.
  const lobby = useLoad(() => fetchLobby(true), [provider]);
  const name =
    lobby.data?.providers.find((p) => p.code === provider)?.games.find((game) => game.gameCode === gameCode)
      ?.name ?? gameCode;
  const online = useAtomValue(onlineAtom);
  const { balance, connection } = useAtomValue(liveBalanceAtom);
  const stale = connection === "stale" || !online;
  const amount = balance === null ? "฿ …" : formatBaht(balance);
  const label = stale ? t`Balance (not live, last known): ${amount}` : t`Balance: ${amount}`;

  // The page under the game does not scroll while it plays.
  useEffect(() => {
    document.documentElement.classList.add("game-playing");
    return () => document.documentElement.classList.remove("game-playing");
  }, []);

  return (
    <section className="game-stage" aria-label={t`Game`}>
      <div className="game-bar">
        <Link {...lobbyOf(provider)} className="game-back">
          <span aria-hidden="true">‹</span> <Trans>Lobby</Trans>
        </Link>
        <output className={`game-balance ${stale ? "balance-stale" : ""}`} aria-label={label} title={label}>
          <span aria-hidden="true">{amount}</span>
        </output>
      </div>
      <iframe
        className="game-frame"
        src={url}
        title={t`Game: ${name}`}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        allow=""
        referrerPolicy="no-referrer"
      />
    </section>
  );
}
