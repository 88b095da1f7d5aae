import {
  GAME_CATEGORIES,
  type GameCategoryCode,
  type GameView,
  type ProviderView,
} from "../../domain/gamePlatform.ts";

/**
 * The lobby's pure rules (docs/games.md "The player's screens"): which screen an address opens, which games a
 * lobby shows, where a game's Play leads, and the artwork drawn for a game without a thumbnail.
 */

export type GameScreen =
  | { kind: "lobby"; provider: string | null; category: GameCategoryCode | null }
  | { kind: "launch"; provider: string; gameCode: string };

/** Words the rules' addresses (docs/rules.md "Routes") use for a provider's list itself, not a category nor a game. */
const LIST_WORDS: ReadonlySet<string> = new Set(["list", "index-backup", "lobby", "all"]);

/** The `pgSport` list (/game/gpx/pgSport) and any list name that is a category, as that category. */
export function categoryOfList(list: string | undefined): GameCategoryCode | null {
  if (!list) return null;
  if (list.toLowerCase() === "pgsport") return "sports";
  const lower = list.toLowerCase();
  return (GAME_CATEGORIES as readonly string[]).includes(lower) ? (lower as GameCategoryCode) : null;
}

/** Providers whose addresses carry a game list before the game (/game/gpx/<list>/<game>, /game/wl/<list>/<game>). */
const LISTED_PROVIDERS: ReadonlySet<string> = new Set(["gpx", "wl", "wl-game-test"]);

/**
 * Which screen `/game/<provider>/<rest…>` opens (the one route `src/routes/game/$.tsx`), so every shape docs/rules.md
 * names (`/game/gpx/{gameList}`, `/game/wl/{gameList?}/{gameId}`, `/game/pg-soft2/{gameId?}` …) is served:
 * - nothing after the provider, or a list word (`list`, `index-backup`): the provider's lobby;
 * - gpx, wl and wl-game-test: one segment is a game list (the lobby, filtered when it names a category; `pgSport` is
 *   sports), two segments are a list and a game (launch the game);
 * - every other provider: one segment is a game code (launch it).
 */
export function screenOf(provider: string, rest: readonly (string | undefined)[]): GameScreen {
  const parts = rest.filter((part): part is string => typeof part === "string" && part.length > 0);
  const lobby = (category: GameCategoryCode | null): GameScreen => ({ kind: "lobby", provider, category });
  if (parts.length === 0) return lobby(null);
  const last = parts[parts.length - 1] as string;
  if (parts.length === 1) {
    if (LIST_WORDS.has(last)) return lobby(null);
    if (LISTED_PROVIDERS.has(provider)) return lobby(categoryOfList(last));
    if (last === "pgSport") return lobby("sports");
    return { kind: "launch", provider, gameCode: last };
  }
  return { kind: "launch", provider, gameCode: last };
}

/** `/game/<provider>/<rest…>`'s segments (the router's splat), each decoded once. */
export function gameAddress(splat: string): { provider: string; rest: string[] } {
  const [provider = "", ...rest] = splat.split("/").map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  return { provider, rest };
}

/** The address of a game's launch page (with its category as the list where the provider's addresses have one). */
export function launchPath(game: Pick<GameView, "provider" | "gameCode" | "category">): string {
  const code = encodeURIComponent(game.gameCode);
  return LISTED_PROVIDERS.has(game.provider)
    ? `/game/${game.provider}/${game.category}/${code}`
    : `/game/${game.provider}/${code}`;
}

/** Text as compared by the search box: case, width and accents folded. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, " ")
    .trim();
}

export interface GameFilter {
  /** Only this provider's games; null: every available provider's. */
  provider?: string | null;
  category?: GameCategoryCode | null;
  /** What the player typed: every word must appear in the game's name, code or provider's name. */
  query?: string;
}

/** The games a lobby shows, in the providers' order, then each provider's own order. */
export function filterGames(providers: readonly ProviderView[], filter: GameFilter = {}): GameView[] {
  const words = foldText(filter.query ?? "")
    .split(" ")
    .filter(Boolean);
  const out: GameView[] = [];
  for (const provider of providers) {
    if (!provider.available) continue;
    if (filter.provider && provider.code !== filter.provider) continue;
    for (const game of provider.games) {
      if (filter.category && game.category !== filter.category) continue;
      if (words.length > 0) {
        const haystack = foldText(`${game.name} ${game.gameCode} ${provider.name}`);
        if (!words.every((word) => haystack.includes(word))) continue;
      }
      out.push(game);
    }
  }
  return out;
}

/** The categories that have games in this scope, in the platform's order. */
export function categoriesWithGames(games: readonly GameView[]): GameCategoryCode[] {
  const present = new Set(games.map((game) => game.category));
  return GAME_CATEGORIES.filter((category) => present.has(category));
}

/** Favourite ids (newest first) as games, skipping any no longer listed. */
export function favouriteGames(providers: readonly ProviderView[], ids: readonly string[]): GameView[] {
  const byId = new Map<string, GameView>();
  for (const provider of providers) for (const game of provider.games) byId.set(game.id, game);
  return ids.map((id) => byId.get(id)).filter((game): game is GameView => game !== undefined);
}

export interface Artwork {
  /** Gradient stops, as hsl() colours. */
  from: string;
  to: string;
  /** Degrees of the gradient. */
  angle: number;
  /** One of the emblems drawn behind the initials. */
  emblem: "ring" | "diamond" | "star" | "waves" | "sun" | "grid";
  /** One or two letters from the game's code. */
  initials: string;
  /** A stable id for the SVG's gradient. */
  key: string;
}

const EMBLEMS: Artwork["emblem"][] = ["ring", "diamond", "star", "waves", "sun", "grid"];

/** FNV-1a over the code's UTF-16 units: the same code always draws the same artwork, on every device. */
export function hashCode(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Letters for the artwork: the code's words after a provider prefix (`lottoup-siam-fortune` → SF, `sts_wheel` → WH). */
export function initialsOf(gameCode: string): string {
  const words = gameCode
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .filter(
      (word, index, all) =>
        !(index === 0 && all.length > 1 && /^(lottoup|sts|pg|wm|sa|ezg|gpx)$/i.test(word)),
    );
  if (words.length === 0) return "?";
  if (words.length === 1)
    return Array.from(words[0] as string)
      .slice(0, 2)
      .join("")
      .toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0])
    .join("")
    .toUpperCase();
}

/** The artwork of a game without a thumbnail: colours, angle and emblem from a hash of the provider and code. */
export function artworkOf(provider: string, gameCode: string): Artwork {
  const hash = hashCode(`${provider}:${gameCode}`);
  const hue = hash % 360;
  const shift = 40 + ((hash >>> 9) % 100);
  const angle = ((hash >>> 17) % 8) * 45;
  return {
    from: `hsl(${hue} 70% 38%)`,
    to: `hsl(${(hue + shift) % 360} 75% 22%)`,
    angle,
    emblem: EMBLEMS[(hash >>> 3) % EMBLEMS.length] as Artwork["emblem"],
    initials: initialsOf(gameCode),
    key: hash.toString(36),
  };
}
