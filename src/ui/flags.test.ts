import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FLAG_CODES } from "./flags.ts";

// The drawings Flag shows (public/flags), checked against the list; the component is in Flag.test.tsx.
const FLAGS_DIR = new URL("../../public/flags/", import.meta.url);

describe("the flag drawings", () => {
  it("are exactly the listed codes, one file each", () => {
    const files = readdirSync(FLAGS_DIR).filter((f) => f.endsWith(".svg"));
    expect(files.map((f) => f.replace(/\.svg$/, "")).sort()).toEqual([...FLAG_CODES].sort());
  });

  it("are small vector drawings in one 3:2 box, without text or embedded images", () => {
    for (const code of FLAG_CODES) {
      const svg = readFileSync(new URL(`${code}.svg`, FLAGS_DIR), "utf8");
      const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
      expect(box, code).not.toBeNull();
      expect(Number(box?.[1]) / Number(box?.[2]), code).toBeCloseTo(1.5, 6);
      expect(svg, code).not.toMatch(/<(text|image|script|foreignObject)\b|data:/);
      expect(svg.length, code).toBeLessThan(2_000);
    }
  });
});
