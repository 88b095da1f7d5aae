import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { type ComponentType, lazy, Suspense } from "react";
import { authAtom, forbiddenAtom, unauthorizedAtom } from "../lib/auth.ts";
import { guardPublic } from "../lib/guards.ts";
import { siteStatusAtom } from "../lib/site.ts";
import { type AppStore, useAtomValue } from "../lib/store.ts";
import { Drawer } from "../ui/Drawer.tsx";
import { LoadingBar } from "../ui/LoadingBar.tsx";
import { isMobileAtom } from "../ui/layout.ts";
import { OfflineBanner } from "../ui/OfflineBanner.tsx";
import { SnackbarHost } from "../ui/SnackbarHost.tsx";
import {
  ForbiddenScreen,
  NotAllowDomainScreen,
  NotFoundScreen,
  RouteErrorScreen,
  UnauthorizedScreen,
} from "../ui/screens.tsx";
import { TopBar } from "../ui/TopBar.tsx";
import { UpdatePrompt } from "../ui/UpdatePrompt.tsx";
import { WaitingOverlay } from "../ui/WaitingOverlay.tsx";

export interface RouterContext {
  store: AppStore;
}

// Push while a member is logged in (foreground messages, token upkeep): loaded after login only, never on the
// first paint (src/features/push/PushAgent.tsx).
const PushAgent: ComponentType<{ uuid: string }> = lazy(() =>
  import("../features/push/index.ts").then((m) => ({ default: m.PushAgent })),
);

function Shell({ children }: { children: React.ReactNode }) {
  const isMobile = useAtomValue(isMobileAtom);
  const { session } = useAtomValue(authAtom);
  return (
    <div className={`app ${isMobile ? "app-mobile" : "app-desktop"}`}>
      <LoadingBar />
      <TopBar />
      <OfflineBanner />
      <SnackbarHost />
      <div className="app-body">
        <Drawer />
        <main id="main" className="app-main">
          {children}
        </main>
      </div>
      {session ? (
        <Suspense fallback={null}>
          <PushAgent uuid={session.uuid} />
        </Suspense>
      ) : null}
      <UpdatePrompt />
      <WaitingOverlay />
    </div>
  );
}

function RootLayout() {
  const siteStatus = useAtomValue(siteStatusAtom);
  const unauthorized = useAtomValue(unauthorizedAtom);
  const forbidden = useAtomValue(forbiddenAtom);
  return (
    <Shell>
      {siteStatus === "not-allowed" ? (
        <NotAllowDomainScreen />
      ) : unauthorized ? (
        <UnauthorizedScreen />
      ) : forbidden !== null ? (
        <ForbiddenScreen />
      ) : (
        <Outlet />
      )}
    </Shell>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // A suspended member (status 1) is logged out on every page.
  beforeLoad: guardPublic(),
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ({ error }) => <RouteErrorScreen error={error} />,
});
