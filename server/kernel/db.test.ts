import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// inTransaction is the one way to open a transaction (its retry of serialization failures, deadlocks and lost
// ledger-key races is what makes concurrent money changes safe): no code of the server opens one by hand.
describe("transactions", () => {
  it("are opened only by server/kernel/db.ts's inTransaction", () => {
    const root = new URL("../..", import.meta.url);
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "server"], {
      cwd: root,
      encoding: "utf8",
    })
      .split("\n")
      .filter(
        (file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith("server/test/"),
      );
    const offenders: string[] = [];
    for (const file of files) {
      if (file === "server/kernel/db.ts") continue;
      let text: string;
      try {
        text = readFileSync(new URL(file, root), "utf8");
      } catch {
        continue; // deleted in the working tree
      }
      text.split("\n").forEach((line, index) => {
        if (line.includes(".transaction()")) offenders.push(`${file}:${index + 1}`);
      });
    }
    expect(files.length).toBeGreaterThan(50);
    expect(offenders, "open transactions with inTransaction (server/kernel/db.ts)").toEqual([]);
  });
});
