import { type CatalogLoaders, requireSectionCatalog } from "../../lib/i18n.ts";

// Texts of the pages a first visit does not need (sign-up, PIN, profile, member home, install, maintenance):
// they load with those routes, keeping the landing page's first load small.
const loaders: CatalogLoaders = {
  th: () => import("../../locales/th/pages.po"),
  en: () => import("../../locales/en/pages.po"),
  km: () => import("../../locales/km/pages.po"),
  my: () => import("../../locales/my/pages.po"),
};

export function loadPagesCatalog(): Promise<void> {
  return requireSectionCatalog("pages", loaders);
}
