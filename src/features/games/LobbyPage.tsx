import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import {
  GAME_CATEGORIES,
  type GameCategoryCode,
  type GameView,
  type ProviderView,
} from "../../domain/gamePlatform.ts";
import { authAtom } from "../../lib/auth.ts";
import { useLoad } from "../../lib/load.ts";
import { useAtomValue } from "../../lib/store.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { LoadState } from "../../ui/Load.tsx";
import { Outcome } from "../../ui/Outcome.tsx";
import { Page, PageNav } from "../../ui/Page.tsx";
import { GameCard } from "./GameCard.tsx";
import { fetchHighlights, fetchLobby, setFavourite } from "./gamesApi.ts";
import { categoriesWithGames, favouriteGames, filterGames } from "./lobby.ts";
import { CATEGORY_TEXT, gamesErrorText, providerName } from "./messages.ts";
import "./games.css";

/**
 * The lobby (`/games`, `/game`, `/game/<provider>` and the list addresses of docs/rules.md): provider tabs (Originals first),
 * categories, a search box, and for the whole lobby the highlights, the member's favourites and recently played.
 * Guests browse the same lists; Play asks them to log in (the launch page).
 */
export function LobbyPage({
  provider = null,
  category = null,
}: {
  provider?: string | null;
  category?: GameCategoryCode | null;
}) {
  const { t, i18n } = useLingui();
  const { session } = useAtomValue(authAtom);
  const member = session !== null;
  const lobby = useLoad(() => fetchLobby(member), [member, session?.id]);
  const highlights = useLoad(fetchHighlights, [], { enabled: provider === null });
  const [chosen, setChosen] = useState<GameCategoryCode | null>(category);
  const [query, setQuery] = useState("");
  const [favourites, setFavourites] = useState<string[] | null>(null);
  const starring = useSubmit({ errorText: gamesErrorText });

  const providers = lobby.data?.providers ?? [];
  const current = provider ? providers.find((p) => p.code === provider) : undefined;
  const favouriteIds = favourites ?? lobby.data?.favourites ?? [];
  const nameOf = useMemo(() => {
    const names = new Map(providers.map((p) => [p.code, providerName(i18n, p)]));
    return (code: string) => names.get(code) ?? code;
  }, [providers, i18n]);

  const inScope = filterGames(providers, { provider });
  const present = categoriesWithGames(inScope);
  const games = filterGames(providers, { provider, category: chosen, query });
  const shown = games.length;
  const whole = provider === null && chosen === null && query.trim() === "";
  const title = provider === null ? t`Games` : current ? providerName(i18n, current) : provider;

  const toggle = (game: GameView, favourite: boolean) =>
    void starring.run(
      async () => {
        await setFavourite(game.id, favourite);
        setFavourites((before) => {
          const list = (before ?? lobby.data?.favourites ?? []).filter((id) => id !== game.id);
          return favourite ? [game.id, ...list] : list;
        });
      },
      { id: game.id },
    );

  const card = (game: GameView) => (
    <GameCard
      key={`${game.provider}:${game.id}`}
      game={game}
      providerLabel={provider === null ? nameOf(game.provider) : undefined}
      favourite={member ? favouriteIds.includes(game.id) : null}
      onFavourite={toggle}
      busy={starring.pendingId === game.id}
    />
  );

  const tabs = (
    <div className="games-tabs">
      <PageNav label={t`Game providers`}>
        <Link to="/games" activeOptions={{ exact: true }}>
          <Trans>All games</Trans>
        </Link>
        {providers
          .filter((p) => p.available)
          .map((p) => (
            <Link key={p.code} to="/game/$" params={{ _splat: p.code }}>
              {providerName(i18n, p)}
            </Link>
          ))}
      </PageNav>
    </div>
  );

  if (lobby.data && provider !== null && !current?.available) {
    return (
      <Page title={title} top={tabs}>
        <Outcome
          tone="off"
          title={<Trans>Not available on this site</Trans>}
          actions={
            <Link to="/games" className="button button-primary">
              <Trans>Back to the games</Trans>
            </Link>
          }
        >
          <p>
            {current ? (
              <Trans>{title} games are not connected on this site, so they cannot be played here.</Trans>
            ) : (
              <Trans>There is no game provider at this address.</Trans>
            )}
          </p>
        </Outcome>
      </Page>
    );
  }

  return (
    <Page title={title} top={tabs}>
      <LoadState loaded={lobby} wording={gamesErrorText} />
      <FormError message={starring.error?.() ?? null} />
      {!member ? (
        <p className="games-guest-note">
          <Trans>Browse freely. Log in to play and to keep favourites.</Trans>
        </p>
      ) : null}
      <div className="games-search">
        <label htmlFor="games-search">
          <Trans>Search games</Trans>
        </label>
        <input
          id="games-search"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <fieldset className="games-categories">
        <legend className="visually-hidden">{t`Categories`}</legend>
        <button type="button" className="chip" aria-pressed={chosen === null} onClick={() => setChosen(null)}>
          <Trans>All</Trans>
        </button>
        {GAME_CATEGORIES.filter((c) => present.includes(c) || c === chosen).map((c) => (
          <button
            key={c}
            type="button"
            className="chip"
            aria-pressed={chosen === c}
            onClick={() => setChosen(chosen === c ? null : c)}
          >
            {i18n._(CATEGORY_TEXT[c])}
          </button>
        ))}
      </fieldset>

      {whole && highlights.data && highlights.data.length > 0 ? (
        <GameStrip title={t`Highlights`}>{highlights.data.map(card)}</GameStrip>
      ) : null}
      {whole && member && favouriteIds.length > 0 ? (
        <GameStrip title={t`Favourites`}>{favouriteGames(providers, favouriteIds).map(card)}</GameStrip>
      ) : null}
      {whole && member && (lobby.data?.recent?.length ?? 0) > 0 ? (
        <GameStrip title={t`Recently played`}>{(lobby.data?.recent ?? []).map(card)}</GameStrip>
      ) : null}

      {lobby.data ? (
        <section aria-labelledby="games-all">
          <h2 id="games-all" className="games-heading">
            {chosen ? i18n._(CATEGORY_TEXT[chosen]) : <Trans>All games</Trans>}{" "}
            <span className="games-count">({shown})</span>
          </h2>
          {games.length > 0 ? (
            <ul className="game-grid">{games.map(card)}</ul>
          ) : (
            <p className="empty-state">
              {query.trim() ? <Trans>No game matches your search.</Trans> : <Trans>No games here yet.</Trans>}
            </p>
          )}
        </section>
      ) : null}

      {provider === null && lobby.data ? <OtherProviders providers={providers} /> : null}
    </Page>
  );
}

function GameStrip({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="games-strip" aria-label={title}>
      <h2 className="games-heading">{title}</h2>
      <ul className="game-row">{children}</ul>
    </section>
  );
}

/** The providers docs/rules.md lists that this site has not connected: named, honestly, once. */
function OtherProviders({ providers }: { providers: readonly ProviderView[] }) {
  const off = providers.filter((p) => !p.available);
  const count = off.length;
  if (count === 0) return null;
  return (
    <details className="games-other">
      <summary>
        <Trans>Providers not available on this site ({count})</Trans>
      </summary>
      <ul className="plain-list">
        {off.map((p) => (
          <li key={p.code}>
            <Link to="/game/$" params={{ _splat: p.code }}>
              {p.name}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
