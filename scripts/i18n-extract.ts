/**
 * `npm run i18n:extract`: updates the PO catalogs from the code (lingui extract --clean) without losing a
 * translation when a message moves from one catalog to another (shell, howto, pages): every translation is
 * remembered by its source text before extracting and put back wherever the message lands.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readPo } from "./po.ts";

const LOCALES_DIR = "src/locales";
const TRANSLATED = ["th", "km", "my"];

const files = (locale: string) =>
  readdirSync(join(LOCALES_DIR, locale))
    .filter((f) => f.endsWith(".po"))
    .map((f) => join(LOCALES_DIR, locale, f));

const known = new Map<string, Map<string, string>>();
for (const locale of TRANSLATED) {
  const translations = new Map<string, string>();
  for (const file of files(locale)) {
    for (const [id, text] of readPo(file)) if (text) translations.set(id, text);
  }
  known.set(locale, translations);
}

execFileSync("lingui", ["extract", "--clean"], { stdio: "inherit" });

let restored = 0;
for (const locale of TRANSLATED) {
  const translations = known.get(locale) ?? new Map();
  for (const file of files(locale)) {
    let id: string | null = null;
    const lines = readFileSync(file, "utf8")
      .split("\n")
      .map((line) => {
        if (line.startsWith("msgid ")) id = JSON.parse(line.slice(6));
        else if (line === 'msgstr ""' && id && translations.has(id)) {
          restored += 1;
          return `msgstr ${JSON.stringify(translations.get(id))}`;
        }
        return line;
      });
    writeFileSync(file, lines.join("\n"));
  }
}
console.log(`i18n: ${restored} translations carried to the catalogs their messages moved to`);
