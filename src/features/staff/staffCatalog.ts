import { type CatalogLoaders, requireSectionCatalog } from "../../lib/i18n.ts";

// The back office's texts load only with its route: no member ever downloads them.
const loaders: CatalogLoaders = {
  th: () => import("../../locales/th/staff.po"),
  en: () => import("../../locales/en/staff.po"),
  km: () => import("../../locales/km/staff.po"),
  my: () => import("../../locales/my/staff.po"),
};

export function loadStaffCatalog(): Promise<void> {
  return requireSectionCatalog("staff", loaders);
}
