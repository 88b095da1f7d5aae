import { createFileRoute } from "@tanstack/react-router";
import { resolveUserLocale } from "../../../domain/locale.ts";
import { SlotPage } from "../../../features/originals/index.ts";
import { loadOriginalsCatalog } from "../../../lib/catalogs.ts";
import { changeLocale } from "../../../lib/localeState.ts";
import { gameLaunchSearch } from "../../../lib/routeSearch.ts";

// LOTTOUP Originals' page of lottoup-siam-fortune, at the address the launch answers (server/modules/games/providers.ts):
// framed by the lobby, without the shell (staticData.bare), in the lobby's language (?lang=).
export const Route = createFileRoute("/external/originals/lottoup-siam-fortune")({
  staticData: { bare: true },
  validateSearch: gameLaunchSearch,
  loaderDeps: ({ search }) => ({ lang: search.lang }),
  loader: async ({ deps }) => {
    if (deps.lang) await changeLocale(resolveUserLocale(deps.lang));
    await loadOriginalsCatalog();
  },
  component: function OriginalsRoute() {
    const { token } = Route.useSearch();
    return <SlotPage token={token} />;
  },
});
