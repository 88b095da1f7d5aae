import { createPrivateKey, type KeyObject, sign } from "node:crypto";
import { type Kysely, sql } from "kysely";
import * as v from "valibot";
import {
  GAME_CATEGORIES,
  GAME_PROVIDER_SLUGS,
  type GameCategoryCode,
  HUB88_PROVIDER,
  ORIGINALS_PROVIDER,
} from "../../../src/domain/gamePlatform.ts";
import { ORIGINAL_GAMES } from "../../../src/domain/games/index.ts";
import { CATALOG_LOCALE, type UserLocale } from "../../../src/domain/locale.ts";
import { text } from "../../../src/domain/text.ts";
import { type Config, type Hub88Config, urlMatchesOrigins } from "../../config.ts";
import type { DB, GameDialect } from "../../db/schema.ts";

/**
 * The provider registry (docs/games.md "Server"): the game_providers rows, written at start from configuration,
 * and an adapter per connected provider. An adapter lists its games and makes launch URLs; its wallet callbacks
 * are its dialect's routes (dialects/*.ts). A provider is one configuration away: a dialect we speak, its keys,
 * and (for a SPEC slug served by an aggregator) the product it shows.
 */

export interface ProviderGameInput {
  gameCode: string;
  name: string;
  category: GameCategoryCode;
  /** The studio behind an aggregator (Hub88's `product`). */
  product: string | null;
  thumbnailUrl: string | null;
  platforms: string[];
  enabled: boolean;
}

/** The game session a launch created: the token goes to the provider, never anywhere else. */
export interface LaunchSession {
  token: string;
  /** The member's uuid: the `user` every dialect names the player by (no personal data). */
  user: string;
  currency: string;
}

export interface LaunchOptions {
  lang: UserLocale;
  platform: "desktop" | "mobile";
  /** Where the game's home button leads (our lobby). */
  lobbyUrl: string;
  ip: string;
}

export interface GameAdapter {
  code: string;
  dialect: GameDialect;
  listGames(): Promise<ProviderGameInput[]>;
  launchUrl(
    session: LaunchSession,
    game: { gameCode: string; product: string | null },
    options: LaunchOptions,
  ): Promise<string>;
}

/** A provider's outside API failed or answered what it should not (the member sees 502 PROVIDER_ERROR). */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderError";
  }
}

/** LOTTOUP Originals: the games of src/domain/games, served by the Originals provider under /external/originals. */
export const originalsAdapter: GameAdapter = {
  code: ORIGINALS_PROVIDER,
  dialect: "lottoup",
  async listGames() {
    return ORIGINAL_GAMES.map((game) => ({
      gameCode: game.code,
      name: game.name,
      category: game.category,
      product: null,
      thumbnailUrl: null,
      platforms: ["desktop", "mobile"],
      enabled: true,
    }));
  },
  async launchUrl(session, game, options) {
    const query = new URLSearchParams({ token: session.token, lang: options.lang });
    return `/external/originals/${encodeURIComponent(game.gameCode)}?${query}`;
  },
};

/** The lobby's name for the demo's Hub88 stand-in (server/standins/hub88): plainly not Hub88, not real games. */
export const HUB88_STANDIN_NAME = "Stand-in provider (demo, test games)";

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Hub88's RSA-SHA256 signature (docs/hub88.md 1): base64, over the exact body bytes. */
export function hub88Sign(body: string, key: KeyObject): string {
  return sign("sha256", Buffer.from(body, "utf8"), key).toString("base64");
}

/** Hub88's `category` words → ours (its values are its own: "Video Slots", "Live Casino", "Table Games"…). */
export function hub88Category(category: string | null | undefined): GameCategoryCode {
  const words = (category ?? "").toLowerCase();
  if (words.includes("live")) return "live-casino";
  if (words.includes("sport") || words.includes("virtual")) return "sports";
  if (words.includes("table") || words.includes("card") || words.includes("roulette")) return "table";
  if (words.includes("instant") || words.includes("crash") || words.includes("scratch")) return "instant";
  return "slots";
}

const Hub88Game = v.object({
  name: text(200),
  game_code: v.pipe(text(100), v.minLength(1)),
  url_thumb: v.nullish(text(1000)),
  product: v.nullish(text(100)),
  platforms: v.nullish(v.array(text(40))),
  category: v.nullish(text(100)),
  enabled: v.nullish(v.boolean()),
  blocked_countries: v.nullish(v.array(text(10))),
});

const Hub88Url = v.object({ url: v.pipe(text(4000), v.url()) });

export interface Hub88AdapterOptions {
  fetch?: FetchLike;
  country?: string;
  /**
   * Origins the app's CSP lets images come from (GAME_IMAGE_ORIGINS): a thumbnail elsewhere is dropped (the lobby
   * draws the game's artwork instead of showing a broken image).
   */
  imageOrigins?: readonly string[];
}

/** Hub88 through its Games API (docs/hub88.md 6): game/list and game/url, signed with our key. */
export function hub88Adapter(config: Hub88Config, options: Hub88AdapterOptions = {}) {
  const key = createPrivateKey(config.privateKey);
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const country = options.country ?? "TH";

  async function call(path: string, body: Record<string, unknown>): Promise<unknown> {
    const raw = JSON.stringify({ ...body, operator_id: config.operatorId });
    let response: Response;
    try {
      response = await doFetch(`${config.apiUrl}/operator/generic/v2/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub88-signature": hub88Sign(raw, key) },
        body: raw,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new ProviderError(`Hub88 ${path}: ${(err as Error).message}`);
    }
    const answer = await response.text();
    if (response.status !== 200)
      throw new ProviderError(`Hub88 ${path}: HTTP ${response.status} ${answer.slice(0, 200)}`);
    try {
      return JSON.parse(answer);
    } catch {
      throw new ProviderError(`Hub88 ${path}: the answer is not JSON`);
    }
  }

  const adapter: GameAdapter = {
    code: HUB88_PROVIDER,
    dialect: "hub88",
    async listGames() {
      const list = await call("game/list", {});
      if (!Array.isArray(list)) throw new ProviderError("Hub88 game/list: the answer is not a list");
      const games: ProviderGameInput[] = [];
      // An entry we cannot read is left out, never the whole list: one odd game must not empty the lobby.
      for (const entry of list.slice(0, 20_000)) {
        const parsed = v.safeParse(Hub88Game, entry);
        if (!parsed.success) continue;
        const game = parsed.output;
        games.push({
          gameCode: game.game_code,
          name: game.name || game.game_code,
          category: hub88Category(game.category),
          product: game.product ?? null,
          thumbnailUrl:
            game.url_thumb && urlMatchesOrigins(game.url_thumb, options.imageOrigins ?? [])
              ? game.url_thumb
              : null,
          platforms: (game.platforms ?? []).map((p) => (p === "GPL_MOBILE" ? "mobile" : "desktop")),
          enabled: game.enabled !== false && !(game.blocked_countries ?? []).includes(country),
        });
      }
      return games;
    },
    async launchUrl(session, game, launch) {
      const answer = await call("game/url", {
        user: session.user,
        token: session.token,
        platform: launch.platform === "mobile" ? "GPL_MOBILE" : "GPL_DESKTOP",
        lobby_url: launch.lobbyUrl.slice(0, 255),
        lang: CATALOG_LOCALE[launch.lang],
        ip: launch.ip,
        game_code: game.gameCode,
        currency: session.currency,
        country,
      });
      const parsed = v.safeParse(Hub88Url, answer);
      if (!parsed.success) throw new ProviderError("Hub88 game/url: no URL in the answer");
      return parsed.output.url;
    },
  };
  return adapter;
}

export interface ProviderRegistry {
  /** Adapters of connected providers, by code (`lottoup`, `hub88`). */
  adapters: ReadonlyMap<string, GameAdapter>;
}

export function providerRegistry(config: Config, options: { fetch?: FetchLike } = {}): ProviderRegistry {
  const adapters = new Map<string, GameAdapter>([[ORIGINALS_PROVIDER, originalsAdapter]]);
  if (config.games.hub88) {
    adapters.set(
      HUB88_PROVIDER,
      hub88Adapter(config.games.hub88, { ...options, imageOrigins: config.games.imageOrigins }),
    );
  }
  return { adapters };
}

/**
 * The game_providers rows from configuration, at every start (keys never live in the database): Originals always
 * enabled; Hub88 enabled when configured; each SPEC slug listed, connected through Hub88 when its variable names a
 * product, otherwise listed as not available.
 */
export async function seedProviders(db: Kysely<DB>, config: Config): Promise<void> {
  const hub88 = config.games.hub88 !== null;
  const rows = [
    {
      code: ORIGINALS_PROVIDER,
      name: "LOTTOUP Originals",
      dialect: "lottoup" as const,
      aggregator_product: null,
      enabled: true,
      sort: 0,
    },
    {
      code: HUB88_PROVIDER,
      // The demo's stand-in is not Hub88, and says so wherever the lobby shows its name.
      name: config.games.hub88?.standIn ? HUB88_STANDIN_NAME : "Hub88",
      dialect: hub88 ? ("hub88" as const) : null,
      aggregator_product: null,
      enabled: hub88,
      sort: 1,
    },
    ...GAME_PROVIDER_SLUGS.map((slug, index) => {
      const product = config.games.slugProducts[slug.code] ?? null;
      return {
        code: slug.code,
        name: slug.name,
        dialect: product !== null ? ("hub88" as const) : null,
        aggregator_product: product,
        enabled: product !== null,
        sort: 10 + index,
      };
    }),
  ];
  await db
    .insertInto("game_providers")
    .values(rows)
    .onConflict((oc) =>
      oc.column("code").doUpdateSet((eb) => ({
        name: eb.ref("excluded.name"),
        dialect: eb.ref("excluded.dialect"),
        aggregator_product: eb.ref("excluded.aggregator_product"),
        enabled: eb.ref("excluded.enabled"),
        sort: eb.ref("excluded.sort"),
        updated_at: new Date(),
      })),
    )
    .execute();
}

const SYNC_CHUNK = 500;

/**
 * Writes a provider's game list (docs/games.md "Data"): new games are added, known ones updated, games no longer
 * listed disabled (never deleted: favourites, highlights and transactions name them). Originals' games are
 * highlighted when first added (staff may remove them; a later sync does not bring them back). Returns how many
 * games are enabled now.
 */
export async function syncProviderGames(
  db: Kysely<DB>,
  providerCode: string,
  games: readonly ProviderGameInput[],
): Promise<number> {
  const provider = await db
    .selectFrom("game_providers")
    .select("id")
    .where("code", "=", providerCode)
    .executeTakeFirstOrThrow();
  const valid = games.filter((g) => (GAME_CATEGORIES as readonly string[]).includes(g.category));
  const unique = [...new Map(valid.map((g) => [g.gameCode, g])).values()];
  const before = new Set(
    (
      await db
        .selectFrom("provider_games")
        .select("game_code")
        .where("provider_id", "=", provider.id)
        .execute()
    ).map((r) => r.game_code),
  );
  const now = new Date();
  for (let start = 0; start < unique.length; start += SYNC_CHUNK) {
    const chunk = unique.slice(start, start + SYNC_CHUNK);
    await db
      .insertInto("provider_games")
      .values(
        chunk.map((game, i) => ({
          provider_id: provider.id,
          game_code: game.gameCode,
          name: game.name,
          category: game.category,
          product: game.product,
          thumbnail_url: game.thumbnailUrl,
          enabled: game.enabled,
          platforms: JSON.stringify(game.platforms),
          sort: start + i,
          synced_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["provider_id", "game_code"]).doUpdateSet((eb) => ({
          name: eb.ref("excluded.name"),
          category: eb.ref("excluded.category"),
          product: eb.ref("excluded.product"),
          thumbnail_url: eb.ref("excluded.thumbnail_url"),
          enabled: eb.ref("excluded.enabled"),
          platforms: eb.ref("excluded.platforms"),
          sort: eb.ref("excluded.sort"),
          synced_at: eb.ref("excluded.synced_at"),
        })),
      )
      .execute();
  }
  const listed = unique.map((g) => g.gameCode);
  let gone = db
    .updateTable("provider_games")
    .set({ enabled: false, synced_at: now })
    .where("provider_id", "=", provider.id)
    .where("enabled", "=", true);
  if (listed.length > 0) gone = gone.where(sql<boolean>`game_code <> all(${listed}::text[])`);
  await gone.execute();
  if (providerCode === ORIGINALS_PROVIDER) {
    const added = unique.filter((g) => !before.has(g.gameCode)).map((g) => g.gameCode);
    if (added.length > 0) {
      const rows = await db
        .selectFrom("provider_games")
        .select(["id", "sort"])
        .where("provider_id", "=", provider.id)
        .where("game_code", "in", added)
        .execute();
      await db
        .insertInto("game_highlights")
        .values(rows.map((r) => ({ game_id: r.id, sort: r.sort })))
        .onConflict((oc) => oc.column("game_id").doNothing())
        .execute();
    }
  }
  const categories = [...new Set(unique.filter((g) => g.enabled).map((g) => g.category))];
  await db
    .updateTable("game_providers")
    .set({ categories: JSON.stringify(categories), updated_at: now })
    .where("id", "=", provider.id)
    .execute();
  return unique.filter((g) => g.enabled).length;
}
