import { appStore, atom } from "./store.ts";

/**
 * Whether the app can reach the server: browser online/offline events plus what requests tell us (a page
 * reloaded offline from the service worker may still report navigator.onLine === true).
 */
export const onlineAtom = atom<boolean>(typeof navigator === "undefined" ? true : navigator.onLine);

export function markOffline(): void {
  if (appStore.get(onlineAtom)) appStore.set(onlineAtom, false);
}

export function markOnline(): void {
  if (!appStore.get(onlineAtom)) appStore.set(onlineAtom, true);
}

export function watchNetwork(): void {
  window.addEventListener("online", markOnline);
  window.addEventListener("offline", markOffline);
}
