import { readdirSync, readFileSync } from "node:fs";

const CATALOG = { th: "th", en: "en", kh: "km", mm: "my" } as const;
export type Lang = keyof typeof CATALOG;
export const LANGS: Lang[] = ["th", "en", "kh", "mm"];
export const HTML_LANG: Record<Lang, string> = { th: "th", en: "en", kh: "km", mm: "my" };
export const NATIVE_NAME: Record<Lang, string> = { th: "ไทย", en: "English", kh: "ខ្មែរ", mm: "မြန်မာ" };

function unquote(line: string): string {
  return JSON.parse(line.trim());
}

/** msgid -> msgstr from the shipped PO catalogs, so tests check the text a player actually sees. */
function load(lang: Lang): Map<string, string> {
  const dir = `src/locales/${CATALOG[lang]}`;
  const text = readdirSync(dir)
    .filter((f) => f.endsWith(".po"))
    .map((f) => readFileSync(`${dir}/${f}`, "utf8"))
    .join("\n");
  const entries = new Map<string, string>();
  let id: string | null = null;
  let str: string | null = null;
  let field: "id" | "str" | null = null;
  const flush = () => {
    if (id) entries.set(id, str ?? "");
    id = null;
    str = null;
    field = null;
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("msgid ")) {
      flush();
      id = unquote(line.slice(6));
      field = "id";
    } else if (line.startsWith("msgstr ")) {
      str = unquote(line.slice(7));
      field = "str";
    } else if (line.startsWith('"') && field) {
      if (field === "id") id = (id ?? "") + unquote(line);
      else str = (str ?? "") + unquote(line);
    }
  }
  flush();
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
