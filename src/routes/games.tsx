import { createFileRoute } from "@tanstack/react-router";
import { LobbyPage } from "../features/games/index.ts";
import { loadGamesCatalog, loadPagesCatalog } from "../lib/catalogs.ts";

/** docs/rules.md "Routes": /games, the lobby. Guests browse; a status-3 member gets the 403 screen (the games area). */
export const Route = createFileRoute("/games")({
  staticData: { area: "games" },
  // The page kit's texts (loading, amounts) are in the pages catalog, the lobby's in the games catalog.
  loader: () => Promise.all([loadPagesCatalog(), loadGamesCatalog()]),
  component: () => <LobbyPage />,
});
