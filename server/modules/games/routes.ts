import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Selectable, sql } from "kysely";
import {
  FavouriteBody,
  type GameCategoryCode,
  type GameListConfig,
  type GameView,
  HUB88_PROVIDER,
  type LaunchAnswer,
  LaunchBody,
  type ProviderView,
  RECENT_GAMES_MAX,
} from "../../../src/domain/gamePlatform.ts";
import { resolveUserLocale } from "../../../src/domain/locale.ts";
import { type Config, urlMatchesOrigins } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { GameProvidersTable, ProviderGamesTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { type AuthenticatedMember, requireMember } from "../accounts/sessions.ts";
import { ProviderError, type ProviderRegistry } from "./providers.ts";
import { GAME_CURRENCY, GAME_SESSION_IDLE_MS, mayPlay, tokenHash } from "./wallet.ts";

/**
 * The member and guest calls of docs/games.md ("Member and guest calls"): the lobby's lists, highlights,
 * favourites, launching a game and ending the game sessions. The status rule is the server's: a member who may
 * not play (status 3; status 1 never gets past its session) is refused the member lists and every launch.
 */

export interface GameRouteDeps {
  config: Config;
  database: Database;
  registry: ProviderRegistry;
}

type ProviderRow = Selectable<GameProvidersTable>;
type GameRow = Selectable<ProviderGamesTable>;

const forbidden = () => new AppError(403, "FORBIDDEN", "Sorry, access denied.");

function gameView(game: GameRow, provider: string): GameView {
  return {
    id: String(game.id),
    provider,
    gameCode: game.game_code,
    name: game.name,
    category: game.category as GameCategoryCode,
    product: game.product,
    thumbnailUrl: game.thumbnail_url,
    platforms: game.platforms,
  };
}

export async function gameRoutes(app: FastifyInstance, deps: GameRouteDeps): Promise<void> {
  const { db } = deps.database;

  /** A member who may play (docs/games.md: status 1 and 3 may not; src/domain/access.ts has the rule). */
  async function requirePlayer(request: FastifyRequest): Promise<AuthenticatedMember> {
    const member = await requireMember(db, deps.config.sessionSecret, request);
    if (!mayPlay(member.status)) throw forbidden();
    return member;
  }

  /** A provider is available when enabled, connected, and its adapter (or its aggregator's) is configured. */
  function adapterOf(provider: ProviderRow) {
    if (!provider.enabled || provider.dialect === null) return undefined;
    return deps.registry.adapters.get(provider.aggregator_product !== null ? HUB88_PROVIDER : provider.code);
  }

  async function providerLists(): Promise<ProviderView[]> {
    const providers = await db
      .selectFrom("game_providers")
      .selectAll()
      .orderBy("sort")
      .orderBy("code")
      .execute();
    const games = await db
      .selectFrom("provider_games")
      .selectAll()
      .where("enabled", "=", true)
      .orderBy("sort")
      .orderBy("id")
      .execute();
    const byProvider = new Map<number, GameRow[]>();
    for (const game of games)
      byProvider.set(game.provider_id, [...(byProvider.get(game.provider_id) ?? []), game]);
    const hub88 = providers.find((p) => p.code === HUB88_PROVIDER);
    return providers
      .filter((p) => p.code !== HUB88_PROVIDER || adapterOf(p) !== undefined)
      .map((provider) => {
        const available = adapterOf(provider) !== undefined;
        const own =
          provider.aggregator_product !== null
            ? (byProvider.get(hub88?.id ?? -1) ?? []).filter((g) => g.product === provider.aggregator_product)
            : (byProvider.get(provider.id) ?? []);
        const list = available ? own.map((g) => gameView(g, provider.code)) : [];
        return {
          code: provider.code,
          name: provider.name,
          available,
          categories: [...new Set(list.map((g) => g.category))],
          games: list,
        };
      });
  }

  const highlightsQuery = () =>
    db
      .selectFrom("game_highlights as h")
      .innerJoin("provider_games as g", "g.id", "h.game_id")
      .innerJoin("game_providers as p", "p.id", "g.provider_id")
      .selectAll("g")
      .select(["p.code as provider_code", "h.sort as highlight_sort"])
      .where("g.enabled", "=", true)
      .where("p.enabled", "=", true)
      .where((eb) => eb.or([eb("h.active_from", "is", null), eb("h.active_from", "<=", sql<Date>`now()`)]))
      .where((eb) => eb.or([eb("h.active_until", "is", null), eb("h.active_until", ">", sql<Date>`now()`)]))
      .orderBy("h.sort")
      .orderBy("h.id");

  app.post("/api/partners.game.list.config", async (request): Promise<GameListConfig> => {
    const member = await requirePlayer(request);
    const favourites = await db
      .selectFrom("game_favourites")
      .select("game_id")
      .where("member_id", "=", member.memberId)
      .orderBy("created_at", "desc")
      .execute();
    const recent = await sql<GameRow & { provider_code: string }>`
      select g.*, p.code as provider_code
        from (select provider_id, game_code, max(id) as last from game_sessions
               where member_id = ${member.memberId} group by provider_id, game_code
               order by last desc limit ${RECENT_GAMES_MAX}) r
        join provider_games g on g.provider_id = r.provider_id and g.game_code = r.game_code
        join game_providers p on p.id = g.provider_id
       where g.enabled
       order by r.last desc`.execute(db);
    return {
      providers: await providerLists(),
      favourites: favourites.map((f) => String(f.game_id)),
      recent: recent.rows.map((g) => gameView({ ...g, platforms: g.platforms }, g.provider_code)),
    };
  });

  app.post("/api/partners.game.list.config.nr", async (): Promise<GameListConfig> => {
    // Guests browse; the same lists without favourites or recently played (they must log in to play).
    return { providers: await providerLists() };
  });

  app.get("/api/game-highlight-configs", async () => {
    const rows = await highlightsQuery().execute();
    return {
      items: rows.map((row) => ({ sort: row.highlight_sort, game: gameView(row, row.provider_code) })),
    };
  });

  app.post("/api/games.launch", async (request) => {
    const member = await requirePlayer(request);
    const body = parseWith(LaunchBody, request.body);
    const provider = await db
      .selectFrom("game_providers")
      .selectAll()
      .where("code", "=", body.provider)
      .executeTakeFirst();
    const adapter = provider ? adapterOf(provider) : undefined;
    if (!provider || !adapter)
      throw new AppError(409, "PROVIDER_UNAVAILABLE", "This game provider is not available on this site.");
    // A slug served through Hub88 launches Hub88's game of its product: Hub88 is who calls the wallet back.
    const caller = await db
      .selectFrom("game_providers")
      .select(["id", "code"])
      .where("code", "=", adapter.code)
      .executeTakeFirstOrThrow();
    let gameQuery = db
      .selectFrom("provider_games")
      .selectAll()
      .where("provider_id", "=", caller.id)
      .where("game_code", "=", body.gameCode)
      .where("enabled", "=", true);
    if (provider.aggregator_product !== null)
      gameQuery = gameQuery.where("product", "=", provider.aggregator_product);
    const game = await gameQuery.executeTakeFirst();
    if (!game) throw new AppError(404, "GAME_NOT_FOUND", "This game is not available.");

    // A fresh random token for this launch only, bound to the member, the provider, the game and this login;
    // only its SHA-256 is stored, and it is never the member's access token.
    const token = randomBytes(32).toString("base64url");
    const session = await db
      .insertInto("game_sessions")
      .values({
        token_hash: tokenHash(token),
        member_id: member.memberId,
        session_id: member.sessionId,
        provider_id: caller.id,
        game_code: game.game_code,
        currency: GAME_CURRENCY,
        platform: body.platform,
        expires_at: new Date(Date.now() + GAME_SESSION_IDLE_MS),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const locale = await db
      .selectFrom("members")
      .select("locale")
      .where("id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    const header = request.headers["x-locale"];
    try {
      const url = await adapter.launchUrl(
        { token, user: member.uuid, currency: GAME_CURRENCY },
        { gameCode: game.game_code, product: game.product },
        {
          lang: resolveUserLocale(typeof header === "string" && header !== "" ? header : locale.locale),
          platform: body.platform,
          lobbyUrl: `${request.protocol}://${request.host}/games`,
          ip: request.ip,
        },
      );
      // The app frames a same-origin page (Originals) or one on GAME_FRAME_ORIGINS, which its CSP's frame-src
      // allows; any other launch URL it opens as a page of its own.
      const frame =
        (url.startsWith("/") && !url.startsWith("//")) ||
        urlMatchesOrigins(url, deps.config.games.frameOrigins);
      return { url, frame } satisfies LaunchAnswer;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      request.log.warn({ err, provider: provider.code }, "game launch failed at the provider");
      await db
        .updateTable("game_sessions")
        .set({ closed_at: new Date() })
        .where("id", "=", session.id)
        .execute();
      throw new AppError(502, "PROVIDER_ERROR", "The game provider did not answer. Please try again.");
    }
  });

  app.post("/api/games.favourites.set", async (request) => {
    const member = await requirePlayer(request);
    const body = parseWith(FavouriteBody, request.body);
    const gameId = BigInt(body.gameId);
    const game = await db
      .selectFrom("provider_games")
      .select("id")
      .where("id", "=", gameId)
      .executeTakeFirst();
    if (!game) throw new AppError(404, "GAME_NOT_FOUND", "This game is not available.");
    if (body.favourite) {
      await db
        .insertInto("game_favourites")
        .values({ member_id: member.memberId, game_id: gameId })
        .onConflict((oc) => oc.columns(["member_id", "game_id"]).doNothing())
        .execute();
    } else {
      await db
        .deleteFrom("game_favourites")
        .where("member_id", "=", member.memberId)
        .where("game_id", "=", gameId)
        .execute();
    }
    return { gameId: body.gameId, favourite: body.favourite };
  });

  app.post("/api/games.logout", async (request) => {
    // Any member may end their own game sessions, whatever their status (/game/logout).
    const member = await requireMember(db, deps.config.sessionSecret, request);
    const closed = await db
      .updateTable("game_sessions")
      .set({ closed_at: new Date() })
      .where("member_id", "=", member.memberId)
      .where("closed_at", "is", null)
      .executeTakeFirst();
    return { closed: Number(closed.numUpdatedRows) };
  });
}
