import { createFileRoute } from "@tanstack/react-router";
import { loadGamesCatalog, loadPagesCatalog } from "../../lib/catalogs.ts";

/**
 * Every page under /game (the lobby, a provider's lobby, a game's page, closing game sessions) is in the games area
 * (src/lib/guards.ts): open to guests, refused to a status-3 member with the 403 screen. docs/games.md "The player's
 * screens" maps each address. The page kit's texts (loading) are in the pages catalog, the lobby's in games.
 */
export const Route = createFileRoute("/game")({
  staticData: { area: "games" },
  loader: () => Promise.all([loadPagesCatalog(), loadGamesCatalog()]),
});
