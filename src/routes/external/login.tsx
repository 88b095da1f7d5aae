import { createFileRoute, redirect } from "@tanstack/react-router";
import { EmbeddedLoginPage } from "../../features/games/index.ts";
import { memberStatus } from "../../lib/auth.ts";
import { loadGamesCatalog, loadPagesCatalog } from "../../lib/catalogs.ts";
import { guardPublic } from "../../lib/guards.ts";
import { nextSearch } from "../../lib/routeSearch.ts";

/**
 * docs/rules.md "Routes": /external/login, the login page other sites may frame (server/http/security.ts
 * EMBEDDABLE_PATHS), and where a guest who tapped Play logs in (`?next=` the game). Minimal chrome (`bare`: the
 * shell's top bar and menu are not shown). A logged-in member goes straight on.
 */
export const Route = createFileRoute("/external/login")({
  staticData: { bare: true },
  validateSearch: nextSearch,
  beforeLoad: (options) => {
    guardPublic()(options);
    if (memberStatus() !== null) throw redirect({ href: options.search.next ?? "/main", replace: true });
  },
  // The page kit's texts (loading, amounts) are in the pages catalog, the lobby's in the games catalog.
  loader: () => Promise.all([loadPagesCatalog(), loadGamesCatalog()]),
  component: function ExternalLogin() {
    const { next } = Route.useSearch();
    return <EmbeddedLoginPage next={next} />;
  },
});
