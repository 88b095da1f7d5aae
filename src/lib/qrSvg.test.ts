import { Window } from "happy-dom";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { QR_QUIET_ZONE, qrSvg } from "./qrSvg.ts";

const PAYLOAD = "00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469";

function parseSvg(svg: string) {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(svg, "image/svg+xml");
  return { doc, error: doc.querySelector("parsererror") };
}

/** Reads the path back into a matrix of dark modules (quiet zone included). */
function darkModules(d: string, total: number): boolean[][] {
  const grid = Array.from({ length: total }, () => Array<boolean>(total).fill(false));
  const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  expect(runs.map((r) => r[0]).join("")).toBe(d); // nothing but runs
  for (const [, xs, ys, ws, back] of runs) {
    const [x, y, w] = [Number(xs), Number(ys), Number(ws)];
    expect(back).toBe(ws);
    expect(w).toBeGreaterThan(0);
    for (let i = x; i < x + w; i++) {
      const row = grid[y] as boolean[];
      expect(row[i], `module ${i},${y} drawn twice`).toBe(false);
      row[i] = true;
    }
  }
  return grid;
}

describe("qrSvg", () => {
  it("is well-formed SVG with one path of dark modules on a white background", () => {
    const svg = qrSvg(PAYLOAD);
    const { doc, error } = parseSvg(svg);
    expect(error).toBeNull();
    const root = doc.documentElement;
    expect(root.tagName.toLowerCase()).toBe("svg");
    expect(root.getAttribute("xmlns")).toBe("http://www.w3.org/2000/svg");
    expect(root.getAttribute("shape-rendering")).toBe("crispEdges");
    expect(root.querySelectorAll("path")).toHaveLength(1);
    expect(root.querySelector("rect")?.getAttribute("fill")).toBe("#fff");
    expect(root.querySelector("path")?.getAttribute("fill")).toBe("#000");
  });

  it("sizes the viewBox in modules: the matrix plus a quiet zone of 4", () => {
    const { size } = encode(PAYLOAD, { ecc: "M", border: 0 });
    const total = size + 2 * QR_QUIET_ZONE;
    expect(QR_QUIET_ZONE).toBe(4);
    const root = parseSvg(qrSvg(PAYLOAD)).doc.documentElement;
    expect(root.getAttribute("viewBox")).toBe(`0 0 ${total} ${total}`);
    expect(root.querySelector("rect")?.getAttribute("width")).toBe(String(total));
    // A longer text needs a larger code.
    const longer = encode(PAYLOAD.repeat(4), { ecc: "M", border: 0 }).size;
    expect(qrSvg(PAYLOAD.repeat(4))).toContain(`viewBox="0 0 ${longer + 8} ${longer + 8}"`);
  });

  it("draws exactly the dark modules of the level-M matrix, inside the quiet zone", () => {
    for (const text of [PAYLOAD, "https://example.com/deposit?id=123", "x"]) {
      const { size, data } = encode(text, { ecc: "M", border: 0 });
      const total = size + 2 * QR_QUIET_ZONE;
      const d = parseSvg(qrSvg(text)).doc.querySelector("path")?.getAttribute("d") ?? "";
      const grid = darkModules(d, total);
      const expectedCount = data.flat().filter(Boolean).length;
      expect(grid.flat().filter(Boolean).length, text).toBe(expectedCount);
      for (let y = 0; y < total; y++)
        for (let x = 0; x < total; x++) {
          const inCode = x >= 4 && y >= 4 && x < size + 4 && y < size + 4;
          const expected = inCode ? Boolean(data[y - 4]?.[x - 4]) : false;
          if (grid[y]?.[x] !== expected) expect.fail(`${text}: module ${x},${y} should be ${expected}`);
        }
    }
  });

  it("joins neighbouring dark modules into one run per row segment", () => {
    const { data } = encode(PAYLOAD, { ecc: "M", border: 0 });
    let segments = 0;
    for (const row of data) for (let x = 0; x < row.length; x++) if (row[x] && !row[x - 1]) segments++;
    const d = parseSvg(qrSvg(PAYLOAD)).doc.querySelector("path")?.getAttribute("d") ?? "";
    expect(d.split("M").length - 1).toBe(segments);
  });

  it("never copies the text into the markup", () => {
    expect(qrSvg('<script>alert("x")</script>')).not.toContain("script");
  });
});
