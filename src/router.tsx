import { createRouter } from "@tanstack/react-router";
import { unauthorizedAtom } from "./features/auth/auth.ts";
import { prefetchAllowed } from "./lib/device.ts";
import { appStore } from "./lib/store.ts";
import { routeTree } from "./routeTree.gen.ts";
import { NotFoundScreen, RouteErrorScreen } from "./ui/ErrorScreens.tsx";
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
  // The Unauthorized screen is left by starting a new navigation, not by finishing one: a refusal that arrives
  // while a link the member tapped is still loading must stay on screen instead of being cleared when it resolves.
  router.subscribe("onBeforeNavigate", ({ pathChanged }) => {
    if (pathChanged) appStore.set(unauthorizedAtom, false);
  });
  // The snackbar belongs to the page that raised it.
  router.subscribe("onResolved", ({ pathChanged }) => {
    if (pathChanged) closeSnackbar();
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
