import { useLingui } from "@lingui/react/macro";
import type { GameView } from "../../domain/gamePlatform.ts";
import { GameArt } from "./GameArt.tsx";
import { launchPath } from "./lobby.ts";
import { CATEGORY_TEXT } from "./messages.ts";
import { PathLink } from "./PathLink.tsx";

/** One game: its picture and name lead to its launch page; members have a star to keep it in their favourites. */
export function GameCard({
  game,
  providerLabel,
  favourite,
  onFavourite,
  busy,
}: {
  game: GameView;
  /** The provider's name, on cards of a list that mixes providers; none on a provider's own lobby. */
  providerLabel?: string | undefined;
  /** Null for guests: no star. */
  favourite: boolean | null;
  onFavourite?: (game: GameView, favourite: boolean) => void;
  busy?: boolean;
}) {
  const { t, i18n } = useLingui();
  const name = game.name;
  return (
    <li className="game-card">
      {/* The link's name is what it shows, with "Play" before it for screen readers (WCAG 2.5.3, label in name). */}
      <PathLink className="game-play" href={launchPath(game)}>
        <GameArt game={game} />
        <span className="game-name">
          <span className="visually-hidden">{t`Play`} </span>
          {name}
        </span>
        <span className="game-meta">
          {providerLabel ? `${providerLabel} · ` : ""}
          {i18n._(CATEGORY_TEXT[game.category])}
        </span>
      </PathLink>
      {favourite !== null ? (
        <button
          type="button"
          className="game-star"
          aria-pressed={favourite}
          aria-label={t`Favourite: ${name}`}
          title={favourite ? t`Remove from favourites` : t`Add to favourites`}
          disabled={busy}
          onClick={() => onFavourite?.(game, !favourite)}
        >
          <span aria-hidden="true">{favourite ? "★" : "☆"}</span>
        </button>
      ) : null}
    </li>
  );
}
