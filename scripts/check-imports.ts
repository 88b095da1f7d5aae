/**
 * `npm run check:imports` (and part of `npm test`, right after lint): the client's import rules
 * (docs/architecture.md "Client map"), checked on every import, export-from, dynamic import and `import("…")` type
 * in src/ and sw/. Each broken rule is reported with its file and line; any report fails the run.
 *
 * 1. feature-entry: code outside a feature reaches it only through its `index.ts` (src/features/<name>/index.ts).
 * 2. entry-reexports: a feature's index.ts only re-exports (`export … from`), so it has no effects of its own and
 *    the bundler may skip what a page does not use (vite.config.ts marks these files free of side effects).
 * 3. folder-cycle: no cycle between folders (features/<name>, ui, lib, domain, routes, app, sw, test).
 * 4. kernel-feature: src/ui and src/lib import no feature.
 * 5. domain-pure: src/domain imports nothing outside src/domain, and no React, DOM or browser package.
 * 6. sw-dom: the service worker imports from src/ only src/domain and the storage key table
 *    (src/lib/storageKeys.ts), and no React or DOM package.
 * 7. jotai-owner: only src/lib/store.ts imports jotai (STYLE.md section 2: one store owner re-exports it).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { parseAst } from "vite";

export interface SourceFile {
  /** Repository-relative, with forward slashes: `src/features/lotto/PoyPage.tsx`. */
  path: string;
  text: string;
}

export interface ImportRef {
  file: string;
  line: number;
  specifier: string;
  /** The repository path a relative specifier points at (query and hash removed); null for a package. */
  target: string | null;
  kind: "static" | "reexport" | "dynamic" | "type";
}

export type Rule =
  | "feature-entry"
  | "entry-reexports"
  | "folder-cycle"
  | "kernel-feature"
  | "domain-pure"
  | "sw-dom"
  | "jotai-owner";

export interface Violation {
  file: string;
  line: number;
  rule: Rule;
  message: string;
}

/** Packages that bring React, the DOM or browser storage: never in src/domain or the service worker. */
const UI_PACKAGES =
  /^(react|react-dom|jotai|ky|idb-keyval|dompurify|socket\.io-client|workbox-window|@tanstack\/|@lingui\/react|virtual:)/;
/** What the service worker may import from src/: pure rules and the storage key table. */
const SW_ALLOWED = /^src\/(domain\/|lib\/storageKeys\.ts$)/;
const STORE_OWNER = "src/lib/store.ts";

/** The folder a file belongs to, for the layering rules: features/<name>, ui, lib, domain, routes, app, sw… */
export function folderOf(path: string): string {
  const feature = /^src\/features\/([^/]+)\//.exec(path);
  if (feature) return `features/${feature[1]}`;
  const top = /^src\/(ui|lib|domain|routes|locales|test)\//.exec(path);
  if (top) return top[1] as string;
  if (path.startsWith("src/")) return "app";
  if (path.startsWith("sw/")) return "sw";
  return path.split("/")[0] ?? path;
}

const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
const isEntry = (path: string) => /^src\/features\/[^/]+\/index\.ts$/.test(path);

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  return posix.normalize(posix.join(posix.dirname(from), specifier.replace(/[?#].*$/, "")));
}

type Node = { type?: string; start?: number; [key: string]: unknown };

/** Every import of a file: declarations, re-exports, `import()` with a literal and `typeof import("…")` types. */
export function importsOf(file: SourceFile): ImportRef[] {
  const lang = file.path.endsWith(".tsx") ? "tsx" : "ts";
  const program = parseAst(file.text, { lang, sourceType: "module" }) as unknown as Node;
  const found: ImportRef[] = [];
  const add = (node: Node, source: unknown, kind: ImportRef["kind"]) => {
    const value = (source as Node | undefined)?.value;
    if (typeof value !== "string") return;
    found.push({
      file: file.path,
      line: lineAt(file.text, node.start ?? 0),
      specifier: value,
      target: resolve(file.path, value),
      kind,
    });
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const n = node as Node;
    switch (n.type) {
      case "ImportDeclaration":
        add(n, n.source, n.importKind === "type" ? "type" : "static");
        break;
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
        if (n.source) add(n, n.source, "reexport");
        break;
      case "ImportExpression":
        add(n, n.source, "dynamic");
        break;
      case "TSImportType": {
        // `typeof import("./x.ts")`: the specifier is `source` (oxc) or a literal type in `argument`.
        const argument = n.argument as Node | undefined;
        add(n, n.source ?? (argument?.type === "TSLiteralType" ? argument.literal : argument), "type");
        break;
      }
    }
    for (const [key, value] of Object.entries(n)) if (key !== "type") visit(value);
  };
  visit(program);
  return found;
}

/** Statements of an entry that are not `export … from`. */
function entryProblems(file: SourceFile): number[] {
  const program = parseAst(file.text, { lang: "ts", sourceType: "module" }) as unknown as { body: Node[] };
  return program.body
    .filter((s) => !((s.type === "ExportNamedDeclaration" || s.type === "ExportAllDeclaration") && s.source))
    .map((s) => lineAt(file.text, s.start ?? 0));
}

/** Strongly connected components of a directed graph (Tarjan), as lists of nodes. */
function components(nodes: string[], next: (node: string) => string[]): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    order.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!order.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, order.get(w) as number));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      found.push(component);
    }
  };
  for (const v of nodes) if (!order.has(v)) connect(v);
  return found;
}

/** A shortest path from `from` back to itself inside one component (breadth first), as its folders in order. */
function cycleThrough(from: string, inside: Set<string>, next: (node: string) => string[]): string[] {
  const previous = new Map<string, string>();
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const w of next(node)) {
      if (!inside.has(w)) continue;
      if (w === from) {
        const path = [node];
        while (path[0] !== from) path.unshift(previous.get(path[0] as string) as string);
        return path;
      }
      if (!previous.has(w)) {
        previous.set(w, node);
        queue.push(w);
      }
    }
  }
  return [from];
}

export function checkImports(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  const report = (ref: Pick<ImportRef, "file" | "line">, rule: Rule, message: string) =>
    violations.push({ file: ref.file, line: ref.line, rule, message });
  // folder -> folder -> the first import that makes the edge
  const edges = new Map<string, Map<string, ImportRef>>();

  for (const file of files) {
    if (isEntry(file.path))
      for (const line of entryProblems(file))
        report(
          { file: file.path, line },
          "entry-reexports",
          "a feature's index.ts only re-exports (`export { … } from`); move this code into a module of the feature",
        );
    const from = folderOf(file.path);
    for (const ref of importsOf(file)) {
      const bare = ref.target === null;
      if (
        bare &&
        (ref.specifier === "jotai" || ref.specifier.startsWith("jotai/")) &&
        file.path !== STORE_OWNER
      )
        report(
          ref,
          "jotai-owner",
          `import jotai through ${STORE_OWNER} (the one store owner), not "${ref.specifier}"`,
        );
      if (from === "domain") {
        if (bare ? UI_PACKAGES.test(ref.specifier) : !ref.target?.startsWith("src/domain/"))
          report(ref, "domain-pure", `src/domain stays pure: "${ref.specifier}" is outside it`);
      }
      if (from === "sw") {
        const target = ref.target ?? "";
        if (bare ? UI_PACKAGES.test(ref.specifier) : !target.startsWith("sw/") && !SW_ALLOWED.test(target))
          report(
            ref,
            "sw-dom",
            `the service worker imports only sw/, src/domain and src/lib/storageKeys.ts, not "${ref.specifier}"`,
          );
      }
      if (bare || !ref.target) continue;
      const to = folderOf(ref.target);
      const feature = featureOf(ref.target);
      if (feature && from !== to && !isEntry(ref.target))
        report(
          ref,
          "feature-entry",
          `"${ref.specifier}" reaches inside features/${feature}: import its entry src/features/${feature}/index.ts`,
        );
      if ((from === "ui" || from === "lib") && feature)
        report(
          ref,
          "kernel-feature",
          `src/${from} imports no feature (features/${feature}); move the code down`,
        );
      if (from !== to) {
        const out = edges.get(from) ?? new Map<string, ImportRef>();
        if (!out.has(to)) out.set(to, ref);
        edges.set(from, out);
      }
    }
  }

  const next = (node: string) => [...(edges.get(node)?.keys() ?? [])].sort();
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  for (const component of components(nodes, next)) {
    if (component.length < 2) continue;
    const inside = new Set(component);
    const start = [...component].sort()[0] as string;
    const cycle = cycleThrough(start, inside, next);
    const steps = cycle.map((folder, i) => {
      const to = cycle[(i + 1) % cycle.length] as string;
      const ref = edges.get(folder)?.get(to) as ImportRef;
      return `${folder} -> ${to} (${ref.file}:${ref.line} "${ref.specifier}")`;
    });
    const first = edges.get(start)?.get(cycle[1 % cycle.length] as string) as ImportRef;
    report(
      first,
      "folder-cycle",
      `folders import each other: ${steps.join(", ")}${component.length > cycle.length ? ` (cycle group: ${[...component].sort().join(", ")})` : ""}`,
    );
  }
  return violations.sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule),
  );
}

function sourceFiles(root: string, dir: string): SourceFile[] {
  const out: SourceFile[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(root, path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts"))
      out.push({ path: path.split("\\").join("/"), text: readFileSync(join(root, path), "utf8") });
  }
  return out;
}

if (process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === "") {
  const root = new URL("..", import.meta.url).pathname;
  const files = [...sourceFiles(root, "src"), ...sourceFiles(root, "sw")];
  const violations = checkImports(files);
  for (const v of violations) console.error(`${v.file}:${v.line}: [${v.rule}] ${v.message}`);
  if (violations.length > 0) {
    const byRule = new Map<string, number>();
    for (const v of violations) byRule.set(v.rule, (byRule.get(v.rule) ?? 0) + 1);
    console.error(
      `check:imports: ${violations.length} problem(s): ${[...byRule].map(([r, n]) => `${r} ${n}`).join(", ")}`,
    );
    process.exit(1);
  }
  console.log(`check:imports: ${files.length} files, every import follows the rules`);
}
