import { createFileRoute } from "@tanstack/react-router";
import { BaccaratPage, DicePage, SlotPage } from "../../../features/originals/index.ts";
import { openOriginals } from "../../../lib/catalogs.ts";
import { gameLaunchSearch } from "../../../lib/routeSearch.ts";
import { NotFoundScreen } from "../../../ui/screens.tsx";

// LOTTOUP Originals' game pages, one per game code, at the address the launch answers
// (/external/originals/<game code>?token=…&lang=…, server/modules/games/providers.ts): framed by the lobby, without
// the shell (staticData.bare), in the lobby's language. One route for the three keeps the landing page's route table
// small (docs/footguns.md "The landing page has no room").
const PAGES: Readonly<Record<string, typeof DicePage>> = {
  "lottoup-baccarat": BaccaratPage,
  "lottoup-siam-fortune": SlotPage,
  "lottoup-dice": DicePage,
};

export const Route = createFileRoute("/external/originals/$game")({
  staticData: { bare: true },
  validateSearch: gameLaunchSearch,
  loaderDeps: ({ search }) => ({ lang: search.lang }),
  loader: ({ deps }) => openOriginals(deps.lang),
  component: function OriginalsRoute() {
    const { game } = Route.useParams();
    const { token } = Route.useSearch();
    const Page = PAGES[game];
    return Page ? <Page token={token} /> : <NotFoundScreen />;
  },
});
