import { readText, writeText } from "../../lib/storage.ts";
import { STORAGE_KEYS } from "../../lib/storageKeys.ts";
import type { PushProviderName } from "./pushState.ts";

/**
 * Where a device's push token comes from. Everything after the token (registry, outbox, sender, service worker)
 * is the same for every source; only this step differs, so the end-to-end tests swap it for the local one.
 */
export interface TokenSource {
  readonly provider: PushProviderName;
  /** The device's current token; permission is already granted. */
  getToken(registration: ServiceWorkerRegistration): Promise<string>;
}

/** The Firebase web app's settings, from the build's environment (README "Push notifications"). */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  vapidKey: string;
}

/** Null unless every required VITE_FIREBASE_* variable was set at build time: then push never loads Firebase. */
export function firebaseWebConfig(): FirebaseWebConfig | null {
  const env = import.meta.env;
  const config = {
    apiKey: env.VITE_FIREBASE_API_KEY as string | undefined,
    projectId: env.VITE_FIREBASE_PROJECT_ID as string | undefined,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID as string | undefined,
    appId: env.VITE_FIREBASE_APP_ID as string | undefined,
    vapidKey: env.VITE_FIREBASE_VAPID_KEY as string | undefined,
  };
  if (!config.apiKey || !config.projectId || !config.messagingSenderId || !config.appId || !config.vapidKey) {
    return null;
  }
  const authDomain = env.VITE_FIREBASE_AUTH_DOMAIN as string | undefined;
  return {
    apiKey: config.apiKey,
    projectId: config.projectId,
    messagingSenderId: config.messagingSenderId,
    appId: config.appId,
    vapidKey: config.vapidKey,
    ...(authDomain ? { authDomain } : {}),
  };
}

/**
 * The stand-in for a push service (demo server, end-to-end tests): a random token made once per device. The
 * server's local provider "delivers" to it by recording the payload; tests hand that payload to the browser.
 */
export const localTokenSource: TokenSource = {
  provider: "local",
  async getToken() {
    const stored = readText(STORAGE_KEYS.pushLocalToken);
    if (stored) return stored;
    const token = `local-${crypto.randomUUID()}`;
    writeText(STORAGE_KEYS.pushLocalToken, token);
    return token;
  },
};

export async function tokenSourceFor(provider: PushProviderName): Promise<TokenSource> {
  if (provider === "local") return localTokenSource;
  const config = firebaseWebConfig();
  if (!config) throw new Error("Firebase web config missing from this build");
  // Firebase is a chunk of its own, loaded only here: after login, with permission granted.
  const { firebaseTokenSource } = await import("./firebaseTokenSource.ts");
  return firebaseTokenSource(config);
}
