/**
 * Locale codes. Players see and store th, en, kh, mm (docs/rules.md "Product"); catalogs and Intl use BCP-47 th, en, km, my,
 * because Intl treats kh and mm as unknown and silently formats in English.
 */
export const USER_LOCALES = ["th", "en", "kh", "mm"] as const;
export type UserLocale = (typeof USER_LOCALES)[number];
export type CatalogLocale = "th" | "en" | "km" | "my";

export const DEFAULT_LOCALE: UserLocale = "th";
export const LOCALE_STORAGE_KEY = "locale";

export const CATALOG_LOCALE: Record<UserLocale, CatalogLocale> = { th: "th", en: "en", kh: "km", mm: "my" };

/** Each language named in itself, so a player can find their own whatever language is showing. */
export const LOCALE_NATIVE_NAMES: Record<UserLocale, string> = {
  th: "ไทย",
  en: "English",
  kh: "ខ្មែរ",
  mm: "မြန်မာ",
};

const ALIASES: Record<string, UserLocale> = { th: "th", en: "en", kh: "kh", km: "kh", mm: "mm", my: "mm" };

/** Any code a player, a URL or storage may hold ("km", "en-GB", "MM") -> a supported code; unknown -> th. */
export function resolveUserLocale(input: string | null | undefined): UserLocale {
  if (!input) return DEFAULT_LOCALE;
  const primary = input.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return ALIASES[primary] ?? DEFAULT_LOCALE;
}
