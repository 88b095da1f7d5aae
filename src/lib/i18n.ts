import { i18n, type Messages } from "@lingui/core";
import { CATALOG_LOCALE, type CatalogLocale, resolveUserLocale, type UserLocale } from "../domain/locale.ts";
import { readText, writeText } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";

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

const loadedSections = new Map<string, Promise<void>>();

/**
 * Loads a section's catalog for the current language, and for every language switched to afterwards. Every
 * caller waits for the same load: a second caller (a re-run loader) never renders before the texts arrive.
 */
export function requireSectionCatalog(name: string, loaders: CatalogLoaders): Promise<void> {
  sectionCatalogs.set(name, loaders);
  const locale = i18n.locale as CatalogLocale;
  if (!locale) return Promise.resolve();
  const key = `${name}:${locale}`;
  let loading = loadedSections.get(key);
  if (!loading) {
    loading = loaders[locale]().then(({ messages }) => i18n.load(locale, messages));
    loading.catch(() => loadedSections.delete(key));
    loadedSections.set(key, loading);
  }
  return loading;
}

export function storedLocale(): UserLocale {
  return resolveUserLocale(readText(STORAGE_KEYS.locale));
}

export async function activateLocale(locale: UserLocale): Promise<void> {
  const catalog = CATALOG_LOCALE[locale];
  // Remember the choice first: a player who switches and leaves at once still gets it next time. Without storage
  // (private mode) the choice lasts for this visit only.
  writeText(STORAGE_KEYS.locale, locale);
  if (!i18n.messages || i18n.locale !== catalog) {
    const sections = [...sectionCatalogs.entries()];
    const loaded = await Promise.all([catalogs[catalog](), ...sections.map(([, l]) => l[catalog]())]);
    i18n.loadAndActivate({ locale: catalog, messages: Object.assign({}, ...loaded.map((c) => c.messages)) });
    for (const [name] of sections) loadedSections.set(`${name}:${catalog}`, Promise.resolve());
  }
  document.documentElement.lang = catalog;
}

export { i18n };
