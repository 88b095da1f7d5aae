import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { authAtom } from "../../lib/auth.ts";
import { useLoad } from "../../lib/load.ts";
import { useAtomValue } from "../../lib/store.ts";
import { LoadState } from "../../ui/Load.tsx";
import { Outcome } from "../../ui/Outcome.tsx";
import { Page } from "../../ui/Page.tsx";
import { GameCard } from "./GameCard.tsx";
import { fetchLobby } from "./gamesApi.ts";
import { filterGames } from "./lobby.ts";
import { gamesErrorText, providerName } from "./messages.ts";
import "./games.css";

/** `/live/casino`: the live-casino tables of every enabled provider, or plainly none. */
export function LiveCasinoPage() {
  const { t, i18n } = useLingui();
  const { session } = useAtomValue(authAtom);
  const lobby = useLoad(() => fetchLobby(session !== null), [session?.id]);
  const providers = lobby.data?.providers ?? [];
  const tables = filterGames(providers, { category: "live-casino" });
  const names = new Map(providers.map((p) => [p.code, providerName(i18n, p)]));
  return (
    <Page title={t`Live casino`}>
      <LoadState loaded={lobby} wording={gamesErrorText} />
      {lobby.data && tables.length === 0 ? (
        <Outcome
          tone="off"
          title={<Trans>No live tables are connected on this site</Trans>}
          actions={
            <Link to="/games" className="button button-primary">
              <Trans>See all games</Trans>
            </Link>
          }
        >
          <p>
            <Trans>None of the game providers on this site runs live tables at the moment.</Trans>
          </p>
        </Outcome>
      ) : null}
      {tables.length > 0 ? (
        <ul className="game-grid">
          {tables.map((game) => (
            <GameCard
              key={`${game.provider}:${game.id}`}
              game={game}
              providerLabel={names.get(game.provider) ?? game.provider}
              favourite={null}
            />
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
