import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The code cites the project's own docs (docs/rules.md and the others) for its rules, never files outside the
// repository: a reader of this repository cannot open those, and a rule restated here can be kept current.

const FORBIDDEN = /SPEC\.md|DOMAIN\.md|\.\.\/shared/;

function trackedFiles(under: string[]): string[] {
  const root = new URL("..", import.meta.url);
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...under], {
    cwd: root,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter((file) => file.endsWith(".ts"))
    .map((file) => new URL(file, root).pathname);
}

describe("citations", () => {
  it("no file under server/ or src/domain/ cites SPEC.md, DOMAIN.md or ../shared", () => {
    const offenders: string[] = [];
    for (const file of trackedFiles(["server", "src/domain"])) {
      if (file === new URL(import.meta.url).pathname) continue; // this file names what it looks for
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue; // listed by git but deleted in the working tree
      }
      text.split("\n").forEach((line, i) => {
        if (FORBIDDEN.test(line)) offenders.push(`${file.replace(/^.*?\/(server|src)\//, "$1/")}:${i + 1}`);
      });
    }
    expect(offenders, "cite docs/rules.md (or another docs/ page) instead").toEqual([]);
  });
});
