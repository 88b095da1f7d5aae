import { readdirSync } from "node:fs";
import { readPo } from "../scripts/po.ts";

const CATALOG = { th: "th", en: "en", kh: "km", mm: "my" } as const;
export type Lang = keyof typeof CATALOG;
export const LANGS: Lang[] = ["th", "en", "kh", "mm"];
export const HTML_LANG: Record<Lang, string> = { th: "th", en: "en", kh: "km", mm: "my" };
export const NATIVE_NAME: Record<Lang, string> = { th: "ไทย", en: "English", kh: "ខ្មែរ", mm: "မြန်မာ" };

/** msgid -> msgstr from the shipped PO catalogs, so tests check the text a player actually sees. */
function load(lang: Lang): Map<string, string> {
  const dir = `src/locales/${CATALOG[lang]}`;
  const entries = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".po"))) {
    for (const [id, text] of readPo(`${dir}/${file}`)) entries.set(id, text);
  }
  return entries;
}

const cache = new Map<Lang, Map<string, string>>();

/** The text shown for an English source message in a language (English itself for en). */
export function tr(lang: Lang, source: string): string {
  if (lang === "en") return source;
  if (!cache.has(lang)) cache.set(lang, load(lang));
  const translated = cache.get(lang)?.get(source);
  if (!translated) throw new Error(`no ${lang} translation for "${source}"`);
  return translated;
}
