/**
 * Every name the app keeps something under on the device, in one table (STYLE.md section 2, Excalidraw's
 * `STORAGE_KEYS`). src/lib/storage.ts is the only module that reads or writes them; the service worker imports this
 * file for its cache names, so it holds no DOM or React code.
 *
 * Names are kebab-case; a per-round entry is `<name>:<id>`. Where an older build used another name, `legacy` holds it
 * and the storage module moves the value to the new name on first read (nothing a player kept is lost). Names that
 * hold what a player would miss (the language, draft slips, yeekee receipts, the install offer's count and snooze)
 * are the ones older builds used and must never change: docs/footguns.md "Storage keys".
 */

import { LOCALE_STORAGE_KEY } from "../domain/locale.ts";
import { MEMBER_SESSION_COOKIE, SESSION_HINT_COOKIE } from "../domain/session.ts";

/** Where a value lives: localStorage, sessionStorage, a cookie, IndexedDB (idb-keyval) or the worker's Cache API. */
export type StorageArea = "local" | "session" | "cookie" | "idb" | "cache";

export interface StorageKey {
  area: StorageArea;
  /** The stored name; for a per-id entry, the prefix before `:<id>`. */
  name: string;
  /** The name an older build used: read once, moved to `name`, removed. */
  legacy?: string;
  /** One entry per id (round, bet): stored as `<name>:<id>`. */
  perId?: boolean;
}

// What each entry keeps and why is said in a comment beside it (docs/architecture.md lists the table): the table
// itself is part of the first load, so it carries only what the code needs.
const key = <A extends StorageArea>(area: A, name: string, extra: Partial<StorageKey> = {}) =>
  ({ area, name, ...extra }) as StorageKey & { area: A };

export const STORAGE_KEYS = {
  // localStorage
  /** The player's language (th, en, kh, mm); never renamed (docs/rules.md "Site and visitor"). */
  locale: key("local", LOCALE_STORAGE_KEY),
  /** The member's details for the first paint, until users.auth answers. */
  userInfo: key("local", "user-info", { legacy: "userInfo" }),
  /** The last app configuration, so an offline start renders. */
  appConfig: key("local", "app-config"),
  /** The visitor identity of docs/rules.md "Site and visitor" (6 hours). */
  visitor: key("local", "visitor"),
  /** The last known balance of the member logged in (shown dimmed offline). */
  balance: key("local", "balance"),
  /** The last results seen, for /results offline. */
  latestResults: key("local", "lotto-results-latest"),
  /** The member's yeekee shot receipts, checked after the draw. */
  yingReceipts: key("local", "ying-receipts", { perId: true }),
  /** Visits counted for the install offer. */
  installVisits: key("local", "install-offer-visits"),
  /** When the install offer was dismissed. */
  installDismissedAt: key("local", "install-offer-dismissed-at"),
  /** The push token this device registered, for whom. */
  pushRegistration: key("local", "push-registration", { legacy: "pushRegistration" }),
  /** This browser's id in the server's push token registry. */
  pushDeviceId: key("local", "push-device-id", { legacy: "pushDeviceId" }),
  /** The demo push service's token for this device. */
  pushLocalToken: key("local", "push-local-token", { legacy: "pushLocalToken" }),
  /** When 'Not now' was chosen on the push card. */
  pushPromptDismissedAt: key("local", "push-prompt-dismissed-at", { legacy: "pushPromptDismissedAt" }),
  // sessionStorage
  /** When the app last reloaded for a missing chunk. */
  chunkReloadAt: key("session", "chunk-reload-at"),
  /** This browser session's visit is counted. */
  installCounted: key("session", "install-offer-counted"),
  /** Who is logged in to the back office in this tab. */
  staffProfile: key("session", "staff-profile"),
  /** An older build's staff token: removed on sight. */
  staffLegacyToken: key("session", "staff-token"),
  // cookies (docs/rules.md "Site and visitor" and "Guards and sessions" name them)
  /** The visitor's guest id (7 days), sent as x-guest-id. */
  guestId: key("cookie", "guestId"),
  /** The server's non-secret hint of the member's session. */
  sessionHint: key("cookie", SESSION_HINT_COOKIE),
  /** A script-readable token of an older build: dropped. */
  legacyAccessToken: key("cookie", MEMBER_SESSION_COOKIE),
  /** Cleared at logout (docs/rules.md "Guards and sessions"). */
  newsAlert: key("cookie", "newsAlert"),
  /** Cleared at logout (docs/rules.md "Guards and sessions"). */
  bannerClick: key("cookie", "bannerClick"),
  // IndexedDB (idb-keyval's default store)
  /** The slip being built for a round, with its idempotency key. */
  draft: key("idb", "lotto-draft", { perId: true }),
  // The service worker's Cache API
  /** The four read-only lotto GETs kept for offline drafting. */
  draftingCache: key("cache", "lotto-drafting-v1"),
  /** The app's language for notifications, across restarts. */
  pushSettingsCache: key("cache", "lottoup-push-v1"),
} as const;

export type StorageKeyName = keyof typeof STORAGE_KEYS;

/** The stored name of an entry (with its id for a per-id entry). */
export function storedName(entry: StorageKey, id?: string | number): string {
  return entry.perId ? `${entry.name}:${id ?? ""}` : entry.name;
}

/** The request URL under which the worker keeps the app's language in the push settings cache. */
export const PUSH_LOCALE_REQUEST = "/__push/locale";
