/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The shell, every route chunk, the catalogs, the fonts and the icons: the app starts and the how-to pages
// read with no network once the worker is installed.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// App routes fall back to the cached shell. API, slip API and socket.io are never answered with it.
const NEVER_SHELL = [/^\/api(\/|$)/, /^\/poy-api(\/|$)/, /^\/ccu(\/|$)/];
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: NEVER_SHELL }));

// "Update now" in the app's prompt: take over only when the player asks, never silently under a page.
self.addEventListener("message", (event) => {
  if (event.data && (event.data as { type?: string }).type === "SKIP_WAITING") void self.skipWaiting();
});
