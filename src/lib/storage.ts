import type { GenericSchema } from "valibot";
import { safeParse } from "valibot";
import { type StorageKey, storedName } from "./storageKeys.ts";
import { appStore, atom } from "./store.ts";

/**
 * The only module that touches the device's storage: localStorage, sessionStorage, document.cookie and IndexedDB
 * (idb-keyval). Names come from STORAGE_KEYS (storageKeys.ts); JSON values are read back through a valibot schema,
 * so a damaged or outdated value reads as nothing instead of breaking a page; an older name is moved to the new one
 * on first read. Writing never throws: a full or refused storage (quota, private mode, a blocked IndexedDB) becomes
 * `storageProblemAtom`, which a page may show, and the app goes on with what it has in memory.
 */

export type StorageProblem = { name: string; reason: "full" | "unavailable" };

/** The last write the device refused, or null while every write succeeds. */
export const storageProblemAtom = atom<StorageProblem | null>(null);

type WebKey = StorageKey & { area: "local" | "session" };
type CookieKey = StorageKey & { area: "cookie" };
type IdbKey = StorageKey & { area: "idb" };

function reportProblem(name: string, error: unknown): void {
  const full =
    typeof error === "object" &&
    error !== null &&
    ((error as { name?: unknown }).name === "QuotaExceededError" ||
      (error as { code?: unknown }).code === 22);
  appStore.set(storageProblemAtom, { name, reason: full ? "full" : "unavailable" });
}

function reportSuccess(): void {
  if (appStore.get(storageProblemAtom) !== null) appStore.set(storageProblemAtom, null);
}

function webStorage(entry: WebKey): Storage | null {
  try {
    // Reading the property itself throws where storage is disabled (some private modes, sandboxed frames).
    const store = entry.area === "local" ? globalThis.localStorage : globalThis.sessionStorage;
    return store ?? null;
  } catch {
    return null;
  }
}

/** The text stored under a key, or null (nothing there, or no storage); an older build's name is moved over. */
export function readText(entry: WebKey, id?: string | number): string | null {
  const store = webStorage(entry);
  if (!store) return null;
  const name = storedName(entry, id);
  try {
    const value = store.getItem(name);
    if (value !== null || !entry.legacy) return value;
    const old = store.getItem(entry.legacy);
    if (old === null) return null;
    store.setItem(name, old);
    store.removeItem(entry.legacy);
    return old;
  } catch {
    return null;
  }
}

/** Stores text under a key; false (and `storageProblemAtom` set) when the device refuses. */
export function writeText(entry: WebKey, text: string, id?: string | number): boolean {
  const name = storedName(entry, id);
  const store = webStorage(entry);
  if (!store) {
    reportProblem(name, null);
    return false;
  }
  try {
    store.setItem(name, text);
    reportSuccess();
    return true;
  } catch (error) {
    reportProblem(name, error);
    return false;
  }
}

/** Removes a key (and its older name). */
export function remove(entry: WebKey, id?: string | number): void {
  const store = webStorage(entry);
  try {
    store?.removeItem(storedName(entry, id));
    if (entry.legacy) store?.removeItem(entry.legacy);
  } catch {
    // Nothing to remove where there is no storage.
  }
}

/** A JSON value read back through `schema`: null when missing, unreadable or not of that shape. */
export function read<T>(entry: WebKey, schema: GenericSchema<unknown, T>, id?: string | number): T | null {
  const text = readText(entry, id);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const result = safeParse(schema, value);
  return result.success ? result.output : null;
}

/** Stores a value as JSON; false when the device refuses (see writeText). */
export function write(entry: WebKey, value: unknown, id?: string | number): boolean {
  return writeText(entry, JSON.stringify(value), id);
}

// Cookies: the app's own (guest id) and the server's script-readable session hint.

export function readCookie(entry: CookieKey): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === entry.name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Sets (or with maxAgeSeconds 0, expires) one of the app's cookies: Path=/, SameSite=Strict, Secure on https. */
export function writeCookie(entry: CookieKey, value: string, maxAgeSeconds: number): void {
  if (typeof document === "undefined") return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the storage module is the app's one writer of its own cookies
  document.cookie = `${entry.name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secure}`;
}

// IndexedDB, through idb-keyval: loaded on first use, so pages that never draft a slip never download it.

const idb = () => import("idb-keyval");

/** A value kept in IndexedDB, read back through `schema`; null when missing, refused or not of that shape. */
export async function readStored<T>(entry: IdbKey, id: string | number, schema: GenericSchema<unknown, T>) {
  try {
    const value: unknown = await (await idb()).get(storedName(entry, id));
    if (value === undefined) return null;
    const result = safeParse(schema, value);
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** Keeps a value in IndexedDB; false (and `storageProblemAtom` set) when the browser refuses. */
export async function writeStored(entry: IdbKey, id: string | number, value: unknown): Promise<boolean> {
  const name = storedName(entry, id);
  try {
    await (await idb()).set(name, value);
    reportSuccess();
    return true;
  } catch (error) {
    reportProblem(name, error);
    return false;
  }
}

export async function removeStored(entry: IdbKey, id: string | number): Promise<void> {
  try {
    await (await idb()).del(storedName(entry, id));
  } catch {
    // A refused delete leaves a stale entry, which the next read validates like any other.
  }
}
