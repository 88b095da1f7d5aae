import { readFileSync } from "node:fs";

/** msgid -> msgstr of a gettext PO file (Lingui's format; continuation lines included, header skipped). */
export function readPo(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  let id: string | null = null;
  let str = "";
  let field: "id" | "str" | null = null;
  const flush = () => {
    if (id) entries.set(id, str);
    id = null;
    str = "";
    field = null;
  };
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("msgid ")) {
      flush();
      id = JSON.parse(line.slice(6));
      field = "id";
    } else if (line.startsWith("msgstr ")) {
      str = JSON.parse(line.slice(7));
      field = "str";
    } else if (line.startsWith('"') && field === "id") id += JSON.parse(line);
    else if (line.startsWith('"') && field === "str") str += JSON.parse(line);
  }
  flush();
  return entries;
}
