import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, shouldReload } from "./chunkReload.ts";

describe("chunk-load failure reload", () => {
  it("recognises the browsers' chunk-load errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it("reloads the first time and then at most once per 60 s", () => {
    const t0 = 1_000_000;
    expect(shouldReload(t0, null)).toBe(true);
    expect(shouldReload(t0 + 1, t0)).toBe(false);
    expect(shouldReload(t0 + CHUNK_RELOAD_INTERVAL_MS - 1, t0)).toBe(false);
    expect(shouldReload(t0 + CHUNK_RELOAD_INTERVAL_MS, t0)).toBe(true);
  });
});
