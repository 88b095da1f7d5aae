import { type CatalogLoaders, requireSectionCatalog } from "../../lib/i18n.ts";

// The guides are most of the app's text; they load with the how-to routes, not with the first paint.
const loaders: CatalogLoaders = {
  th: () => import("../../locales/th/howto.po"),
  en: () => import("../../locales/en/howto.po"),
  km: () => import("../../locales/km/howto.po"),
  my: () => import("../../locales/my/howto.po"),
};

export function loadHowtoCatalog(): Promise<void> {
  return requireSectionCatalog("howto", loaders);
}
