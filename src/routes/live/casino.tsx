import { createFileRoute } from "@tanstack/react-router";
import { LiveCasinoPage } from "../../features/games/index.ts";
import { loadGamesCatalog, loadPagesCatalog } from "../../lib/catalogs.ts";

/** docs/rules.md "Routes": /live/casino, every enabled provider's live tables (the games area). */
export const Route = createFileRoute("/live/casino")({
  staticData: { area: "games" },
  // The page kit's texts (loading, amounts) are in the pages catalog, the lobby's in the games catalog.
  loader: () => Promise.all([loadPagesCatalog(), loadGamesCatalog()]),
  component: LiveCasinoPage,
});
