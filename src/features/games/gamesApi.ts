import type { GameListConfig, GameView, LaunchAnswer } from "../../domain/gamePlatform.ts";
import { api, getJson, postJson } from "../../lib/api.ts";

/** The lobby's calls (docs/games-api.md "Member and guest calls"). */

/** The providers and their games; a member's answer adds favourites and recently played. */
export async function fetchLobby(member: boolean): Promise<GameListConfig> {
  const path = member ? "partners.game.list.config" : "partners.game.list.config.nr";
  return (await postJson<GameListConfig>(api, path, {})).data;
}

export async function fetchHighlights(): Promise<GameView[]> {
  const { items } = await getJson<{ items: { sort: number; game: GameView }[] }>(
    api,
    "game-highlight-configs",
  );
  return items.map((item) => item.game);
}

export async function launchGame(
  provider: string,
  gameCode: string,
  platform: "desktop" | "mobile",
): Promise<LaunchAnswer> {
  return (await postJson<LaunchAnswer>(api, "games.launch", { provider, gameCode, platform })).data;
}

export async function setFavourite(gameId: string, favourite: boolean): Promise<void> {
  await postJson(api, "games.favourites.set", { gameId, favourite });
}

/** Closes the member's open game sessions; answers how many. */
export async function closeGameSessions(): Promise<number> {
  return (await postJson<{ closed: number }>(api, "games.logout", {})).data.closed;
}
