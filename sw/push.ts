import { PUSH_LOCALE_REQUEST, STORAGE_KEYS } from "../src/lib/storageKeys.ts";
import {
  buildNotification,
  type PushLocale,
  parsePushPayload,
  pushLocale,
  safePath,
} from "./pushMessages.ts";

/** What the page sends to tell the worker its language; and what the worker sends a visible page. */
export const PUSH_LOCALE_MESSAGE = "PUSH_LOCALE";
export const PUSH_FOREGROUND_MESSAGE = "PUSH_FOREGROUND";

/** The parts of the worker's world the handlers use (the tests pass fakes). */
export interface PushWorld {
  matchWindows(): Promise<readonly WindowLike[]>;
  showNotification(title: string, options: NotificationOptions): Promise<void>;
  openWindow(url: string): Promise<unknown>;
  origin: string;
  /** The language the app last told the worker (remembered across worker restarts), if any. */
  appLocale(): Promise<PushLocale | null>;
  log(message: string, detail?: unknown): void;
}

export interface WindowLike {
  url: string;
  visibilityState: DocumentVisibilityState;
  focused?: boolean;
  postMessage(message: unknown): void;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

const ICON = "/icons/icon-192.png";

/**
 * A push arrived. With the app open and visible the page shows it as a snackbar (a system notification on top of
 * the page the member is looking at is noise); otherwise a notification in the member's language. A message
 * this version does not understand is only logged.
 */
export async function handlePush(
  world: PushWorld,
  text: string | null,
): Promise<"shown" | "foreground" | "ignored"> {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    world.log("push: not JSON, ignored");
    return "ignored";
  }
  const message = parsePushPayload(raw);
  if (!message) {
    world.log("push: not a LOTTOUP message, ignored", raw);
    return "ignored";
  }
  const locale = (await world.appLocale()) ?? pushLocale(message.locale);
  const built = buildNotification(message, locale);
  if (!built) {
    world.log(`push: unsupported message type ${message.type}, ignored`);
    return "ignored";
  }
  const visible = (await world.matchWindows()).find((w) => w.visibilityState === "visible");
  if (visible) {
    visible.postMessage({ type: PUSH_FOREGROUND_MESSAGE, messageType: message.type, ...built });
    return "foreground";
  }
  await world.showNotification(built.title, {
    body: built.body,
    icon: ICON,
    badge: ICON,
    lang: built.lang,
    data: { url: built.url },
    ...(built.tag ? { tag: built.tag } : {}),
  });
  return "shown";
}

/**
 * Where a tap on a notification goes: its path on this app's origin, compared as parsed URLs (never by prefix,
 * which TAB, newline and backslash tricks slip past); anything on another origin goes to the member home.
 */
export function notificationTarget(data: unknown, origin: string): string {
  const home = new URL("/main", origin).href;
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url !== "string") return home;
  let target: URL;
  try {
    target = new URL(safePath(url), origin);
  } catch {
    return home;
  }
  return target.origin === new URL(origin).origin ? target.href : home;
}

/**
 * A tap on a notification: the app's window showing that page is focused; else an open window of the app is
 * focused and taken there; else a new window opens on it.
 */
export async function handleNotificationClick(world: PushWorld, data: unknown): Promise<void> {
  const target = notificationTarget(data, world.origin);
  const windows = await world.matchWindows();
  const exact = windows.find((w) => w.url === target);
  if (exact) {
    await exact.focus();
    return;
  }
  const open =
    windows.find((w) => w.focused) ?? windows.find((w) => w.visibilityState === "visible") ?? windows[0];
  if (open) {
    try {
      await open.focus();
      // navigate() resolves null for a window this worker does not control; open one then.
      if (await open.navigate(target)) return;
    } catch (err) {
      world.log("push: could not take the open window to the target", err);
    }
  }
  await world.openWindow(target);
}

const SETTINGS_CACHE = STORAGE_KEYS.pushSettingsCache.name;
const LOCALE_KEY = PUSH_LOCALE_REQUEST;

/** Wires the handlers into the service worker. */
export function installPush(sw: ServiceWorkerGlobalScope): void {
  let locale: PushLocale | null = null;
  const world: PushWorld = {
    matchWindows: async () =>
      (await sw.clients.matchAll({ type: "window", includeUncontrolled: true })) as unknown as WindowLike[],
    showNotification: (title, options) => sw.registration.showNotification(title, options),
    openWindow: (url) => sw.clients.openWindow(url),
    origin: sw.location.origin,
    async appLocale() {
      if (locale) return locale;
      const stored = await (await caches.open(SETTINGS_CACHE)).match(LOCALE_KEY);
      locale = stored ? pushLocale(await stored.text()) : null;
      return locale;
    },
    log: (message, detail) => console.warn(message, detail ?? ""),
  };

  sw.addEventListener("message", (event) => {
    const data = event.data as { type?: string; locale?: string } | null;
    if (data?.type !== PUSH_LOCALE_MESSAGE || typeof data.locale !== "string") return;
    locale = pushLocale(data.locale);
    // Kept in the Cache API: a worker restarted by a push has lost its memory, not its caches.
    event.waitUntil(caches.open(SETTINGS_CACHE).then((c) => c.put(LOCALE_KEY, new Response(locale))));
  });
  sw.addEventListener("push", (event) => {
    event.waitUntil(handlePush(world, event.data ? event.data.text() : null));
  });
  sw.addEventListener("notificationclick", (event) => {
    event.notification.close();
    event.waitUntil(handleNotificationClick(world, event.notification.data));
  });
}
