import { number } from "valibot";
import { read, write } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";

/** docs/rules.md "Timings": a failed chunk load reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_ERROR.test(message);
}

export function shouldReload(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Reloads (fetching the new build's chunks) unless we already did so in the last minute. */
export function reloadForChunkError(): boolean {
  // Without storage the reload is allowed: the browser's own loop protection still applies.
  const last = read(STORAGE_KEYS.chunkReloadAt, number());
  const now = Date.now();
  if (!shouldReload(now, last !== null && Number.isFinite(last) ? last : null)) return false;
  write(STORAGE_KEYS.chunkReloadAt, now);
  window.location.reload();
  return true;
}
