/// <reference lib="webworker" />
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { STORAGE_KEYS } from "../src/lib/storageKeys.ts";
import { installPush } from "./push.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The shell, every route chunk, the catalogs, the fonts and the icons: the app starts and the how-to pages
// read with no network once the worker is installed.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so the reads of that first visit are kept for offline drafting.
// An update still waits for the player (below); claiming never reloads a page.
clientsClaim();

// App routes fall back to the cached shell. API, slip API and socket.io are never answered with it, nor the pages
// under /external (a game of LOTTOUP Originals, the embeddable login): the site frames them, and the cached shell
// carries the headers of "/", which forbid framing (frame-ancestors 'none'), so a returning player's game frame
// would stay empty. They come from the server, with the headers that let the site frame them; a game needs the
// network anyway.
const NEVER_SHELL = [/^\/api(\/|$)/, /^\/poy-api(\/|$)/, /^\/ccu(\/|$)/, /^\/external(\/|$)/];
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: NEVER_SHELL }));

// Offline drafting: the round lists, a round, its limits and its rates, read once online, answer from a cache when
// the network is gone (or slower than 4 s), so the builder opens and the player drafts. Only these read-only GETs:
// nothing else under /poy-api and nothing under /api (money) is ever cached or replayed. An answer from the cache
// carries X-From-Cache, so the app knows the rates may be out of date and does not take it as "back online".
const DRAFTING_READS = new Set([
  "/poy-api/bet-lists.latest",
  "/poy-api/bet-lists.one",
  "/poy-api/bet-list-min-maxes.all",
  "/poy-api/number-reachs.rate-now.all",
]);
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === "GET" && request.mode !== "navigate" && DRAFTING_READS.has(url.pathname),
  new NetworkFirst({
    cacheName: STORAGE_KEYS.draftingCache.name,
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
      {
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set("X-From-Cache", "1");
          return new Response(await cachedResponse.blob(), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
  "GET",
);

// "Update now" in the app's prompt: take over only when the player asks, never silently under a page.
self.addEventListener("message", (event) => {
  if (event.data && (event.data as { type?: string }).type === "SKIP_WAITING") void self.skipWaiting();
});

// Push notifications: built here in the member's language, or handed to the visible app as a snackbar.
installPush(self);
