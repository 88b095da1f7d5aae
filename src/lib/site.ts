import { looseObject, string } from "valibot";
import { type ApiError, api, getJson } from "./api.ts";
import { read, write } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";
import { appStore, atom } from "./store.ts";

/**
 * What the shell needs from the server about this site and this domain (docs/rules.md "Site and visitor"): the app configuration,
 * the site detail (title, description) and the agent's support contact, loaded behind the waiting overlay.
 */

export interface AppConfig {
  mode: "demo" | "production";
  /** Set when the server checks reCAPTCHA on sign-up and login. */
  recaptchaSiteKey?: string | null;
  /** LINE login is configured: the LINE buttons show. */
  lineLogin?: boolean;
  /** A live-chat widget to load after the first paint. */
  liveChat?: { scriptUrl: string; readyGlobal: string } | null;
  /** How the server delivers push notifications; "none" (or absent): the app never asks for permission. */
  push?: "firebase" | "local" | "none";
}

/** The agent's support contact (docs/rules.md "Site and visitor", supportData). */
export interface SupportData {
  activePopup: boolean;
  activeSupport: boolean;
  officePhoneNumber: string | null;
  urlBailek: string | null;
  urlPopup: string | null;
  urlSupport: string | null;
}

export interface SiteDetail {
  title: string;
  description: string;
  siteVerification: string;
  gaID: string;
}

export type SiteStatus = "loading" | "ready" | "not-allowed";

/** The cached configuration is trusted as far as the shell reads it before the server answers: its mode. */
const CachedConfig = looseObject({ mode: string() });

function cachedConfig(): AppConfig | null {
  const cached = read(STORAGE_KEYS.appConfig, CachedConfig);
  return cached && (cached.mode === "demo" || cached.mode === "production") ? (cached as AppConfig) : null;
}

export const appConfigAtom = atom<AppConfig | null>(cachedConfig());
export const siteDetailAtom = atom<SiteDetail | null>(null);
export const siteStatusAtom = atom<SiteStatus>("loading");
export const supportAtom = atom<SupportData | null>(null);

function setMeta(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Each domain's description and search-console verification (docs/rules.md "Site and visitor"). The gaID is
 * kept but no analytics script is loaded: that needs the player's consent, which the product does not ask yet.
 */
function applySiteDetail(detail: SiteDetail): void {
  setMeta("description", detail.description);
  setMeta("google-site-verification", detail.siteVerification);
}

/**
 * Loads what the shell needs from the server. Offline, the last known configuration is kept and the app
 * still renders; only an explicit 'Not Allow Domain' answer stops it.
 */
export async function loadSite(): Promise<void> {
  const [config, detail, support] = await Promise.allSettled([
    getJson<AppConfig>(api, "app-config"),
    getJson<SiteDetail>(api, "site-details"),
    getJson<SupportData>(api, "agents-supports"),
  ]);
  if (support.status === "fulfilled") appStore.set(supportAtom, support.value);
  if (config.status === "fulfilled") {
    appStore.set(appConfigAtom, config.value);
    write(STORAGE_KEYS.appConfig, config.value);
  }
  if (detail.status === "fulfilled") {
    appStore.set(siteDetailAtom, detail.value);
    applySiteDetail(detail.value);
  } else if ((detail.reason as ApiError).code === "NOT_ALLOW_DOMAIN") {
    appStore.set(siteStatusAtom, "not-allowed");
    return;
  }
  appStore.set(siteStatusAtom, "ready");
}
