import { createRouter } from "@tanstack/react-router";
import { forbiddenAtom, unauthorizedAtom } from "./lib/auth.ts";
import { prefetchAllowed } from "./lib/device.ts";
import { appStore } from "./lib/store.ts";
import { routeTree } from "./routeTree.gen.ts";
import { NotFoundScreen, RouteErrorScreen } from "./ui/screens.tsx";
import { closeSnackbar } from "./ui/snackbar.ts";

export function createAppRouter() {
  const router = createRouter({
    routeTree,
    context: { store: appStore },
    defaultPreload: prefetchAllowed() ? "intent" : false,
    defaultNotFoundComponent: NotFoundScreen,
    defaultErrorComponent: ({ error }) => <RouteErrorScreen error={error} />,
    scrollRestoration: true,
  });
  // The Unauthorized screen is left by starting a new navigation, not by finishing one: a refusal that arrives while
  // a link the member tapped is still loading must stay on screen instead of being cleared when it resolves.
  router.subscribe("onBeforeNavigate", ({ pathChanged }) => {
    if (pathChanged) appStore.set(unauthorizedAtom, false);
  });
  router.subscribe("onResolved", ({ pathChanged, toLocation }) => {
    if (!pathChanged) return;
    // The snackbar belongs to the page that raised it.
    closeSnackbar();
    // The 403 screen stays until another page has loaded: cleared when the navigation starts, the refused page
    // would show again underneath while the next one loads, ask the server again and be refused again.
    const forbidden = appStore.get(forbiddenAtom);
    if (forbidden !== null && forbidden !== toLocation.pathname) appStore.set(forbiddenAtom, null);
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
