import { number } from "valibot";
import { CATALOG_LOCALE, type UserLocale } from "../../domain/locale.ts";
import { api, postJson } from "../../lib/api.ts";
import { authAtom } from "../../lib/auth.ts";
import { localeAtom } from "../../lib/localeState.ts";
import { appConfigAtom } from "../../lib/site.ts";
import { read, write } from "../../lib/storage.ts";
import { STORAGE_KEYS } from "../../lib/storageKeys.ts";
import { appStore, atom } from "../../lib/store.ts";
import { type SnackbarColor, showSnackbar } from "../../ui/snackbar.ts";
import { pushDeviceId, storedRegistration, storeRegistration } from "./device.ts";
import {
  choosePushProvider,
  needsRegistration,
  type PushPermission,
  type PushProviderName,
} from "./pushState.ts";
import { firebaseWebConfig, tokenSourceFor } from "./tokenSource.ts";

/** Message types shared with the service worker (sw/push.ts). */
const PUSH_LOCALE_MESSAGE = "PUSH_LOCALE";
const PUSH_FOREGROUND_MESSAGE = "PUSH_FOREGROUND";

export function currentPermission(): PushPermission {
  if (typeof Notification === "undefined" || !("serviceWorker" in navigator)) return "unsupported";
  return Notification.permission;
}

export const pushPermissionAtom = atom<PushPermission>(
  typeof window === "undefined" ? "unsupported" : currentPermission(),
);
/** This device's registration with the server, as far as this page knows. */
export const pushSyncAtom = atom<"idle" | "working" | "registered" | "failed">("idle");

export function activePushProvider(): PushProviderName | null {
  return choosePushProvider(appStore.get(appConfigAtom)?.push, firebaseWebConfig() !== null);
}

/** The app's service worker, or null when there is none (dev server) or it does not come up in time. */
async function workerRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs)),
  ]);
}

let syncing: Promise<"registered" | "unchanged" | "off"> | null = null;

/**
 * docs/rules.md "Guards and sessions": with permission granted, fetch the token and, when it is missing here or changed (or the
 * member or language changed), register it with the server and remember it. Safe to call often.
 */
export function syncPushToken(): Promise<"registered" | "unchanged" | "off"> {
  syncing ??= (async () => {
    const provider = activePushProvider();
    const { session } = appStore.get(authAtom);
    if (!provider || !session || currentPermission() !== "granted") return "off" as const;
    appStore.set(pushSyncAtom, "working");
    try {
      const registration = await workerRegistration();
      if (!registration) throw new Error("no service worker");
      const token = await (await tokenSourceFor(provider)).getToken(registration);
      const locale = CATALOG_LOCALE[appStore.get(localeAtom)];
      const current = { token, provider, uuid: session.uuid, locale };
      const now = Date.now();
      if (!needsRegistration(storedRegistration(), current, now)) {
        appStore.set(pushSyncAtom, "registered");
        return "unchanged" as const;
      }
      await postJson(api, "push-tokens.register", { deviceId: pushDeviceId(), token, provider, locale });
      storeRegistration({ ...current, at: now });
      appStore.set(pushSyncAtom, "registered");
      return "registered" as const;
    } catch (error) {
      appStore.set(pushSyncAtom, "failed");
      throw error;
    }
  })().finally(() => {
    syncing = null;
  });
  return syncing;
}

/** The member said yes in the app: now the browser asks. Granted -> the token is registered at once. */
export async function enablePush(): Promise<PushPermission> {
  if (currentPermission() === "unsupported") return "unsupported";
  const permission = await Notification.requestPermission();
  appStore.set(pushPermissionAtom, permission);
  if (permission === "granted") await syncPushToken();
  return permission;
}

export function pushPromptDismissedAt(): number | null {
  const value = read(STORAGE_KEYS.pushPromptDismissedAt, number());
  return value !== null && Number.isFinite(value) && value > 0 ? value : null;
}

/** Without storage the card simply comes back next visit. */
export function dismissPushPrompt(now = Date.now()): void {
  write(STORAGE_KEYS.pushPromptDismissedAt, now);
}

/** Follows the browser's permission (changed in its settings while the app is open, or on return to it). */
export function watchPermission(): () => void {
  const refresh = () => appStore.set(pushPermissionAtom, currentPermission());
  let status: PermissionStatus | null = null;
  void navigator.permissions
    ?.query({ name: "notifications" })
    .then((s) => {
      status = s;
      s.addEventListener("change", refresh);
    })
    .catch(() => undefined);
  document.addEventListener("visibilitychange", refresh);
  return () => {
    status?.removeEventListener("change", refresh);
    document.removeEventListener("visibilitychange", refresh);
  };
}

/** The worker words notifications in the app's language, even when the app is closed later. */
export function tellWorkerLocale(locale: UserLocale): void {
  void workerRegistration().then((registration) =>
    registration?.active?.postMessage({ type: PUSH_LOCALE_MESSAGE, locale: CATALOG_LOCALE[locale] }),
  );
}

function colorOf(type: string): SnackbarColor {
  if (type.endsWith("-rejected")) return "error";
  if (["poy-won", "ying-bonus", "deposit-approved", "withdrawal-paid"].includes(type)) return "success";
  return "info";
}

interface ForegroundPush {
  type: typeof PUSH_FOREGROUND_MESSAGE;
  messageType?: string;
  title: string;
  body?: string;
}

/** A message from the worker handing over a push that arrived while the app was in view. */
export function isForegroundPush(data: unknown): data is ForegroundPush {
  const message = data as Partial<ForegroundPush> | null;
  return (
    message?.type === PUSH_FOREGROUND_MESSAGE && typeof message.title === "string" && message.title !== ""
  );
}

/** A push that arrived while the app is open and visible: the worker hands it over and it shows as a snackbar. */
export function listenForeground(): () => void {
  if (!("serviceWorker" in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isForegroundPush(data)) return;
    showSnackbar({
      txt: data.body ? `${data.title} — ${data.body}` : data.title,
      color: colorOf(data.messageType ?? ""),
      timeout: 6000,
    });
  };
  navigator.serviceWorker.addEventListener("message", onMessage);
  return () => navigator.serviceWorker.removeEventListener("message", onMessage);
}
