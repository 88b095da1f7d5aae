/**
 * The catalogs are complete and current:
 *  1. `lingui extract` would change nothing (every message in the code is in the catalogs, none is stale);
 *  2. th, km and my translate every message of en, with the same placeholders.
 * `npm run i18n:check`; fix with `npm run i18n:extract` and then translate.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readPo } from "./po.ts";

const LOCALES_DIR = "src/locales";
const TRANSLATED = ["th", "km", "my"];
const problems: string[] = [];

const catalogFiles = () =>
  readdirSync(LOCALES_DIR).flatMap((locale) =>
    readdirSync(join(LOCALES_DIR, locale))
      .filter((f) => f.endsWith(".po"))
      .map((f) => join(LOCALES_DIR, locale, f)),
  );
const withoutDate = (text: string) => text.replace(/^"POT-Creation-Date: .*\n/m, "");

// 1. Extraction is up to date.
const before = new Map(catalogFiles().map((f) => [f, readFileSync(f, "utf8")]));
try {
  execFileSync("lingui", ["extract", "--clean"], { stdio: "pipe" });
  const after = catalogFiles();
  for (const file of after) {
    const old = before.get(file);
    if (old === undefined || withoutDate(old) !== withoutDate(readFileSync(file, "utf8"))) {
      problems.push(`${file}: out of date with the code (run npm run i18n:extract, then translate)`);
    }
  }
} finally {
  for (const [file, text] of before) writeFileSync(file, text);
}

// 2. Every message translated, placeholders intact.

// The variables a message uses ({name}, {count, plural, ...}) and its tags (<0>...</0>); plural branches'
// wording is translated, so only the argument names are compared.
const placeholders = (text: string) =>
  [
    ...[...text.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((m) => `{${m[1]}}`),
    ...(text.match(/<\/?\d+\/?>/g) ?? []),
  ]
    .sort()
    .join(" ");

for (const file of readdirSync(join(LOCALES_DIR, "en")).filter((f) => f.endsWith(".po"))) {
  const source = readPo(join(LOCALES_DIR, "en", file));
  for (const locale of TRANSLATED) {
    const path = join(LOCALES_DIR, locale, file);
    const target = readPo(path);
    for (const [id] of source) {
      const str = target.get(id);
      if (!str) problems.push(`${path}: no translation for "${id.slice(0, 70)}"`);
      else if (placeholders(str) !== placeholders(id))
        problems.push(`${path}: placeholders differ in "${id.slice(0, 70)}"`);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.slice(0, 40).join("\n"));
  if (problems.length > 40) console.error(`... and ${problems.length - 40} more`);
  console.error(`i18n: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`i18n: catalogs current; th, km, my complete for ${before.size} catalog files`);
