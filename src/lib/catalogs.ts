import { resolveUserLocale } from "../domain/locale.ts";
import { type CatalogLoaders, requireSectionCatalog } from "./i18n.ts";
import { changeLocale } from "./localeState.ts";

/**
 * The section catalogs beside the shell's (docs/architecture.md "Catalogs"), each loaded by the loaders of the
 * routes that need it, never from a lazy component (docs/footguns.md "Lazy catalogs").
 */

// Texts of the pages a first visit does not need (sign-up, PIN, profile, member home, money, lotto, install,
// maintenance): they load with those routes, keeping the landing page's first load small.
const pages: CatalogLoaders = {
  th: () => import("../locales/th/pages.po"),
  en: () => import("../locales/en/pages.po"),
  km: () => import("../locales/km/pages.po"),
  my: () => import("../locales/my/pages.po"),
};

// The guides are most of the app's text; they load with the how-to routes, not with the first paint.
const howto: CatalogLoaders = {
  th: () => import("../locales/th/howto.po"),
  en: () => import("../locales/en/howto.po"),
  km: () => import("../locales/km/howto.po"),
  my: () => import("../locales/my/howto.po"),
};

// The back office's texts load only with its route: no member ever downloads them.
const staff: CatalogLoaders = {
  th: () => import("../locales/th/staff.po"),
  en: () => import("../locales/en/staff.po"),
  km: () => import("../locales/km/staff.po"),
  my: () => import("../locales/my/staff.po"),
};

// The games lobby and launch pages: loaded with the /games, /game and /live/casino routes.
const games: CatalogLoaders = {
  th: () => import("../locales/th/games.po"),
  en: () => import("../locales/en/games.po"),
  km: () => import("../locales/km/games.po"),
  my: () => import("../locales/my/games.po"),
};

// LOTTOUP Originals' game pages (/external/originals/…), which the lobby frames.
const originals: CatalogLoaders = {
  th: () => import("../locales/th/originals.po"),
  en: () => import("../locales/en/originals.po"),
  km: () => import("../locales/km/originals.po"),
  my: () => import("../locales/my/originals.po"),
};

export const loadPagesCatalog = (): Promise<void> => requireSectionCatalog("pages", pages);
export const loadHowtoCatalog = (): Promise<void> => requireSectionCatalog("howto", howto);
export const loadStaffCatalog = (): Promise<void> => requireSectionCatalog("staff", staff);
export const loadGamesCatalog = (): Promise<void> => requireSectionCatalog("games", games);
export const loadOriginalsCatalog = (): Promise<void> => requireSectionCatalog("originals", originals);

/**
 * The loader of LOTTOUP Originals' pages: the language the launch URL names (the lobby's, which is the app's own)
 * becomes the app's, then the Originals' catalog loads in it.
 */
export async function openOriginals(lang: string | undefined): Promise<void> {
  if (lang) await changeLocale(resolveUserLocale(lang));
  await loadOriginalsCatalog();
}
