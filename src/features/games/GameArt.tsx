import { useState } from "react";
import type { GameView } from "../../domain/gamePlatform.ts";
import { type Artwork, artworkOf } from "./lobby.ts";

function Emblem({ kind }: { kind: Artwork["emblem"] }) {
  const line = { fill: "none", stroke: "rgba(255,255,255,0.28)", strokeWidth: 6 } as const;
  switch (kind) {
    case "ring":
      return <circle cx="50" cy="50" r="34" {...line} />;
    case "diamond":
      return <path d="M50 12 L86 50 L50 88 L14 50 Z" {...line} />;
    case "star":
      return <path d="M50 10 L60 38 L90 38 L66 56 L75 86 L50 68 L25 86 L34 56 L10 38 L40 38 Z" {...line} />;
    case "waves":
      return <path d="M0 62 Q25 42 50 62 T100 62 M0 80 Q25 60 50 80 T100 80" {...line} />;
    case "sun":
      return (
        <g {...line}>
          <circle cx="50" cy="50" r="18" />
          <path d="M50 8 V22 M50 78 V92 M8 50 H22 M78 50 H92 M20 20 L30 30 M70 70 L80 80 M80 20 L70 30 M30 70 L20 80" />
        </g>
      );
    case "grid":
      return <path d="M10 35 H90 M10 65 H90 M35 10 V90 M65 10 V90" {...line} />;
  }
}

/**
 * A game's picture: the provider's thumbnail when the server kept one (its origin is allowed), else artwork drawn
 * from the game's code (a gradient, an emblem and its initials: no third-party logo). Decorative: the card names
 * the game.
 */
export function GameArt({ game }: { game: Pick<GameView, "provider" | "gameCode" | "thumbnailUrl"> }) {
  const [broken, setBroken] = useState(false);
  if (game.thumbnailUrl && !broken) {
    return (
      <img
        className="game-art"
        src={game.thumbnailUrl}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    );
  }
  const art = artworkOf(game.provider, game.gameCode);
  const id = `game-art-${art.key}`;
  return (
    <svg className="game-art" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} gradientTransform={`rotate(${art.angle} 0.5 0.5)`}>
          <stop offset="0" stopColor={art.from} />
          <stop offset="1" stopColor={art.to} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${id})`} />
      <Emblem kind={art.emblem} />
      <text
        x="50"
        y="50"
        dy="0.35em"
        textAnchor="middle"
        fontSize={art.initials.length > 1 ? 34 : 42}
        fontWeight="700"
        fill="#fff"
      >
        {art.initials}
      </text>
    </svg>
  );
}
