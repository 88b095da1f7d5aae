import { atom } from "jotai";
import { type ApiError, api, getJson } from "../../lib/api.ts";
import { appStore } from "../../lib/store.ts";

export interface AppConfig {
  mode: "demo" | "production";
  /** Set when the server checks reCAPTCHA on sign-up and login. */
  recaptchaSiteKey?: string | null;
  /** LINE login is configured: the LINE buttons show. */
  lineLogin?: boolean;
}

export interface SiteDetail {
  title: string;
  description: string;
  siteVerification: string;
  gaID: string;
}

export type SiteStatus = "loading" | "ready" | "not-allowed";

const CONFIG_CACHE_KEY = "app-config";

function cachedConfig(): AppConfig | null {
  try {
    const raw = localStorage.getItem(CONFIG_CACHE_KEY);
    return raw ? (JSON.parse(raw) as AppConfig) : null;
  } catch {
    return null;
  }
}

export const appConfigAtom = atom<AppConfig | null>(cachedConfig());
export const siteDetailAtom = atom<SiteDetail | null>(null);
export const siteStatusAtom = atom<SiteStatus>("loading");

/**
 * Loads what the shell needs from the server. Offline, the last known configuration is kept and the app
 * still renders; only an explicit 'Not Allow Domain' answer stops it.
 */
export async function loadSite(): Promise<void> {
  const [config, detail] = await Promise.allSettled([
    getJson<AppConfig>(api, "app-config"),
    getJson<SiteDetail>(api, "site-details"),
  ]);
  if (config.status === "fulfilled") {
    appStore.set(appConfigAtom, config.value);
    try {
      localStorage.setItem(CONFIG_CACHE_KEY, JSON.stringify(config.value));
    } catch {}
  }
  if (detail.status === "fulfilled") {
    appStore.set(siteDetailAtom, detail.value);
  } else if ((detail.reason as ApiError).code === "NOT_ALLOW_DOMAIN") {
    appStore.set(siteStatusAtom, "not-allowed");
    return;
  }
  appStore.set(siteStatusAtom, "ready");
}
