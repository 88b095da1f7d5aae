import { describe, expect, it } from "vitest";
import { checkImports, folderOf, importsOf, type SourceFile } from "./check-imports.ts";

/** A small tree: path -> source. */
const tree = (files: Record<string, string>): SourceFile[] =>
  Object.entries(files).map(([path, text]) => ({ path, text }));

const rulesOf = (files: Record<string, string>) =>
  checkImports(tree(files)).map((v) => `${v.rule} ${v.file}:${v.line}`);

/** A tree that follows every rule: routes -> feature entries -> features -> ui/lib -> domain. */
const sound = {
  "src/routes/index.tsx":
    'import { Landing } from "../features/content/index.ts";\nexport const x = Landing;',
  "src/features/content/index.ts": 'export { Landing } from "./Landing.tsx";',
  "src/features/content/Landing.tsx":
    'import { LoginForm } from "../auth/index.ts";\nimport { Page } from "../../ui/Page.tsx";\nexport const Landing = [LoginForm, Page];',
  "src/features/auth/index.ts": 'export { LoginForm } from "./LoginForm.tsx";',
  "src/features/auth/LoginForm.tsx": 'import { api } from "../../lib/api.ts";\nexport const LoginForm = api;',
  "src/ui/Page.tsx": 'import { atom } from "../lib/store.ts";\nexport const Page = atom;',
  "src/lib/api.ts": 'import { rule } from "../domain/rule.ts";\nexport const api = rule;',
  "src/lib/store.ts": 'export { atom } from "jotai";',
  "src/domain/rule.ts": 'import * as v from "valibot";\nexport const rule = v;',
  "sw/sw.ts":
    'import { STORAGE_KEYS } from "../src/lib/storageKeys.ts";\nimport { rule } from "../src/domain/rule.ts";',
  "src/lib/storageKeys.ts": "export const STORAGE_KEYS = {};",
};

describe("the import rules", () => {
  it("accept a tree that keeps every rule", () => {
    expect(rulesOf(sound)).toEqual([]);
  });

  it("read imports, re-exports, dynamic imports and import types, with their lines", () => {
    const refs = importsOf({
      path: "src/features/a/x.tsx",
      text: [
        'import { a } from "./a.ts";',
        'export { b } from "../b/index.ts";',
        'const c = () => import("../../lib/c.ts");',
        'type D = typeof import("../d/d.ts");',
        'import type { E } from "jotai";',
      ].join("\n"),
    });
    expect(refs.map((r) => [r.line, r.kind, r.target ?? r.specifier])).toEqual([
      [1, "static", "src/features/a/a.ts"],
      [2, "reexport", "src/features/b/index.ts"],
      [3, "dynamic", "src/lib/c.ts"],
      [4, "type", "src/features/d/d.ts"],
      [5, "type", "jotai"],
    ]);
  });

  it("name each file's folder", () => {
    expect(folderOf("src/features/lotto/PoyPage.tsx")).toBe("features/lotto");
    expect(folderOf("src/lib/api.ts")).toBe("lib");
    expect(folderOf("src/main.tsx")).toBe("app");
    expect(folderOf("sw/push.ts")).toBe("sw");
  });

  it("refuse a feature reaching into another feature's files", () => {
    expect(
      rulesOf({
        ...sound,
        "src/features/content/Landing.tsx":
          'import { LoginForm } from "../auth/LoginForm.tsx";\nexport const L = 1;',
      }),
    ).toEqual(["feature-entry src/features/content/Landing.tsx:1"]);
  });

  it("refuse a route reaching into a feature's files", () => {
    expect(
      rulesOf({
        ...sound,
        "src/routes/index.tsx": 'import { Landing } from "../features/content/Landing.tsx";',
      }),
    ).toEqual(["feature-entry src/routes/index.tsx:1"]);
  });

  it("refuse an entry that does more than re-export", () => {
    expect(
      rulesOf({
        ...sound,
        "src/features/auth/index.ts": 'export { LoginForm } from "./LoginForm.tsx";\nexport const extra = 1;',
      }),
    ).toEqual(["entry-reexports src/features/auth/index.ts:2"]);
  });

  it("refuse a cycle between two features, naming both imports", () => {
    const violations = checkImports(
      tree({ ...sound, "src/features/auth/LoginForm.tsx": 'import { Landing } from "../content/index.ts";' }),
    );
    expect(violations.map((v) => v.rule)).toEqual(["folder-cycle"]);
    expect(violations[0]?.message).toContain(
      "features/auth -> features/content (src/features/auth/LoginForm.tsx:1",
    );
    expect(violations[0]?.message).toContain(
      "features/content -> features/auth (src/features/content/Landing.tsx:1",
    );
  });

  it("refuse a cycle between lib and ui", () => {
    expect(
      rulesOf({
        ...sound,
        "src/lib/api.ts": 'import { Page } from "../ui/Page.tsx";\nexport const api = Page;',
      }),
    ).toEqual(["folder-cycle src/lib/api.ts:1"]);
  });

  it("refuse src/ui or src/lib importing a feature, even through its entry or lazily", () => {
    expect(
      rulesOf({
        ...sound,
        "src/ui/Top.tsx": 'const Agent = () => import("../features/auth/index.ts");',
      }),
    ).toEqual(["kernel-feature src/ui/Top.tsx:1"]);
  });

  it("refuse src/domain importing anything outside it, or a React or DOM package", () => {
    expect(
      rulesOf({
        ...sound,
        "src/domain/rule.ts": 'import { api } from "../lib/api.ts";\nimport { useState } from "react";',
      }),
    ).toEqual([
      "domain-pure src/domain/rule.ts:1",
      "folder-cycle src/domain/rule.ts:1",
      "domain-pure src/domain/rule.ts:2",
    ]);
  });

  it("refuse the service worker importing React or the app's DOM code", () => {
    expect(
      rulesOf({
        ...sound,
        "sw/push.ts":
          'import { api } from "../src/lib/api.ts";\nimport { createRoot } from "react-dom/client";',
      }),
    ).toEqual(["sw-dom sw/push.ts:1", "sw-dom sw/push.ts:2"]);
  });

  it("refuse jotai anywhere but the one store owner", () => {
    expect(
      rulesOf({ ...sound, "src/ui/Page.tsx": 'import { atom } from "jotai";\nexport const Page = atom;' }),
    ).toEqual(["jotai-owner src/ui/Page.tsx:1"]);
  });
});
