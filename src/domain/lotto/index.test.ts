import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as lotto from "./index.ts";

const here = new URL(".", import.meta.url);
const modules = readdirSync(here).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("the lotto domain's public API", () => {
  it("re-exports every module's exports (a name two modules export would silently drop out)", async () => {
    for (const file of modules.filter((f) => f !== "index.ts")) {
      const mod = await import(`./${file}`);
      for (const name of Object.keys(mod)) expect(lotto, `${file}: ${name}`).toHaveProperty(name, mod[name]);
    }
    for (const name of [
      "isWellFormedNumber",
      "toggleOption",
      "addBatch",
      "judgeLine",
      "yeekeeResult",
      "roundsForDay",
      "closeDateOf",
      "orderRounds",
      "restrictedRate",
      "exposureKey",
    ])
      expect(typeof (lotto as Record<string, unknown>)[name], name).toBe("function");
  });

  it("stays pure and portable: imports only luxon and its own modules, touches no DOM or Node globals", () => {
    expect(modules.length).toBeGreaterThanOrEqual(10);
    for (const file of modules) {
      const source = readFileSync(new URL(file, here), "utf8");
      for (const [, from] of source.matchAll(/from "([^"]+)"/g))
        expect(from, file).toMatch(/^(luxon|\.\/[a-z]+\.ts)$/);
      const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      expect(code, file).not.toMatch(
        /\b(window|document|localStorage|process|Buffer|require|fetch|Math\.random|Date\.now)\b/,
      );
    }
  });
});
