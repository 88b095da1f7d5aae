import { isStandalone } from "./device.ts";
import { countVisit } from "./installOffer.ts";
import { appStore, atom } from "./store.ts";

/**
 * The browser's offer to install the app, caught at start (it fires once, shortly after load), and whether the app
 * already runs installed. The install card (features/pwa) and the download page read it.
 */

/** Chromium's install event; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);
export const standaloneAtom = atom<boolean>(false);

/** Captures the browser's install offer as early as possible (it fires once, shortly after load). */
export function watchInstallPrompt(): void {
  appStore.set(standaloneAtom, isStandalone());
  countVisit();
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    appStore.set(installPromptAtom, event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => {
    appStore.set(installPromptAtom, null);
  });
  window.matchMedia?.("(display-mode: standalone)").addEventListener("change", (e) => {
    appStore.set(standaloneAtom, e.matches);
  });
}

export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = appStore.get(installPromptAtom);
  if (!event) return "unavailable";
  await event.prompt();
  const { outcome } = await event.userChoice;
  // The event can be used only once.
  appStore.set(installPromptAtom, null);
  return outcome;
}

export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && /Mobile/.test(userAgent));
}
