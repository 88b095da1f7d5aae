import * as v from "valibot";
import { text } from "./text.ts";

/**
 * The games platform's shared contract (docs/games.md): the providers a lobby can show, the lobby calls' request
 * schemas and views, and the statuses of the `lottoup` wallet dialect that LOTTOUP Originals (or any provider
 * speaking it) reads. Pure: no DOM, no Node.
 */

/** Our own provider, LOTTOUP Originals: always enabled, speaks the lottoup dialect. */
export const ORIGINALS_PROVIDER = "lottoup";
/** The aggregator: enabled when its four variables are set (docs/hub88.md). */
export const HUB88_PROVIDER = "hub88";

/**
 * The provider routes (/game/<slug>, docs/rules.md "Routes"), each listed in the lobby; a slug is connected by
 * configuration (`GAME_PROVIDER_<SLUG>=hub88:<product>`), otherwise it says plainly that it is not available.
 */
export const GAME_PROVIDER_SLUGS = [
  { code: "all-bet", name: "Allbet" },
  { code: "ezg", name: "EZG" },
  { code: "gpx", name: "GPX" },
  { code: "hg", name: "HG" },
  { code: "joker", name: "Joker" },
  { code: "pegasus", name: "Pegasus" },
  { code: "pg-soft2", name: "PG Soft" },
  { code: "sa", name: "SA Gaming" },
  { code: "soccer", name: "Soccer" },
  { code: "wl", name: "WL" },
  { code: "wl-game-test", name: "WL Game Test" },
  { code: "wm", name: "WM Casino" },
  { code: "world-casino", name: "World Casino" },
] as const;

export type GameProviderSlug = (typeof GAME_PROVIDER_SLUGS)[number]["code"];

/** The environment variable that connects a slug: `all-bet` → `GAME_PROVIDER_ALL_BET`. */
export function slugVariable(slug: string): string {
  return `GAME_PROVIDER_${slug.toUpperCase().replaceAll("-", "_")}`;
}

export const GAME_CATEGORIES = ["slots", "table", "live-casino", "instant", "sports"] as const;
export type GameCategoryCode = (typeof GAME_CATEGORIES)[number];

/** Recently played: the last this many distinct games the member launched. */
export const RECENT_GAMES_MAX = 12;

/** The member's calls (docs/games.md "Member and guest calls"). */
export const LaunchBody = v.object({
  provider: v.pipe(text(40), v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "requestInvalid")),
  gameCode: v.pipe(text(100), v.minLength(1, "requestInvalid")),
  platform: v.optional(v.picklist(["desktop", "mobile"], "requestInvalid"), "desktop"),
});

/**
 * `games.launch`'s answer: the provider's launch URL, and whether the app may show it in a frame (a same-origin
 * page, or an origin the CSP's frame-src allows: GAME_FRAME_ORIGINS); otherwise it opens it as a page of its own.
 */
export interface LaunchAnswer {
  url: string;
  frame: boolean;
}

export const FavouriteBody = v.object({
  gameId: v.pipe(
    v.union([text(20), v.number("requestInvalid")], "requestInvalid"),
    v.transform((x) => String(x)),
    v.regex(/^\d{1,18}$/, "requestInvalid"),
  ),
  favourite: v.boolean("requestInvalid"),
});

export interface GameView {
  /** provider_games id: favourites and highlights name games by it. */
  id: string;
  /** The provider whose lobby shows it (a slug served through Hub88 shows Hub88's games of its product). */
  provider: string;
  gameCode: string;
  name: string;
  category: GameCategoryCode;
  product: string | null;
  thumbnailUrl: string | null;
  platforms: string[];
}

export interface ProviderView {
  code: string;
  name: string;
  /** False: listed (docs/rules.md "Routes" has its route) but nothing is connected; the lobby says it is not available. */
  available: boolean;
  categories: string[];
  games: GameView[];
}

export interface GameListConfig {
  providers: ProviderView[];
  /** Members only: favourite game ids, and the recently launched games, newest first. */
  favourites?: string[];
  recent?: GameView[];
}

/**
 * The `lottoup` dialect's answer statuses (docs/games.md "The lottoup dialect"): `OK`, or why nothing moved.
 * Every answer is HTTP 200 with one of these.
 */
export const LOTTOUP_STATUSES = [
  "OK",
  "INVALID_SIGNATURE",
  "SIGNATURE_EXPIRED",
  "REPLAYED",
  "INVALID_TOKEN",
  "TOKEN_EXPIRED",
  "USER_DISABLED",
  "NOT_ENOUGH_MONEY",
  "DUPLICATE_TRANSACTION",
  "TRANSACTION_NOT_FOUND",
  "TRANSACTION_ROLLED_BACK",
  "WRONG_CURRENCY",
  "INVALID_REQUEST",
  "UNKNOWN_ERROR",
] as const;
export type LottoupStatus = (typeof LOTTOUP_STATUSES)[number];
