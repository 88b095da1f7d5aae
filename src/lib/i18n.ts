import { i18n, type Messages } from "@lingui/core";
import {
  CATALOG_LOCALE,
  type CatalogLocale,
  LOCALE_STORAGE_KEY,
  resolveUserLocale,
  type UserLocale,
} from "../domain/locale.ts";

// One lazily loaded chunk per language: a player downloads only the catalog they read.
const catalogs: Record<CatalogLocale, () => Promise<{ messages: Messages }>> = {
  th: () => import("../locales/th/messages.po"),
  en: () => import("../locales/en/messages.po"),
  km: () => import("../locales/km/messages.po"),
  my: () => import("../locales/my/messages.po"),
};

export type CatalogLoaders = Record<CatalogLocale, () => Promise<{ messages: Messages }>>;

// Catalogs of sections that load with their routes (the how-to guides), kept out of the first paint.
const sectionCatalogs = new Map<string, CatalogLoaders>();

/** Loads a section's catalog for the current language, and for every language switched to afterwards. */
export async function requireSectionCatalog(name: string, loaders: CatalogLoaders): Promise<void> {
  const firstUse = !sectionCatalogs.has(name);
  sectionCatalogs.set(name, loaders);
  const locale = i18n.locale as CatalogLocale;
  if (firstUse && locale) i18n.load(locale, (await loaders[locale]()).messages);
}

export function storedLocale(): UserLocale {
  try {
    return resolveUserLocale(localStorage.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return resolveUserLocale(null);
  }
}

export async function activateLocale(locale: UserLocale): Promise<void> {
  const catalog = CATALOG_LOCALE[locale];
  // Remember the choice first: a player who switches and leaves at once still gets it next time.
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
  if (!i18n.messages || i18n.locale !== catalog) {
    const loaded = await Promise.all([
      catalogs[catalog](),
      ...[...sectionCatalogs.values()].map((l) => l[catalog]()),
    ]);
    i18n.loadAndActivate({ locale: catalog, messages: Object.assign({}, ...loaded.map((c) => c.messages)) });
  }
  document.documentElement.lang = catalog;
}

export { i18n };
