import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { unauthorizedAtom } from "../features/auth/auth.ts";
import { guardPublic } from "../features/auth/routeGuards.ts";
import { UpdatePrompt } from "../features/pwa/UpdatePrompt.tsx";
import { siteStatusAtom } from "../features/site/site.ts";
import type { AppStore } from "../lib/store.ts";
import { Drawer } from "../ui/Drawer.tsx";
import {
  NotAllowDomainScreen,
  NotFoundScreen,
  RouteErrorScreen,
  UnauthorizedScreen,
} from "../ui/ErrorScreens.tsx";
import { LoadingBar } from "../ui/LoadingBar.tsx";
import { isMobileAtom } from "../ui/layout.ts";
import { OfflineBanner } from "../ui/OfflineBanner.tsx";
import { Snackbar } from "../ui/Snackbar.tsx";
import { TopBar } from "../ui/TopBar.tsx";
import { WaitingOverlay } from "../ui/WaitingOverlay.tsx";

export interface RouterContext {
  store: AppStore;
}

function Shell({ children }: { children: React.ReactNode }) {
  const isMobile = useAtomValue(isMobileAtom);
  return (
    <div className={`app ${isMobile ? "app-mobile" : "app-desktop"}`}>
      <LoadingBar />
      <TopBar />
      <OfflineBanner />
      <Snackbar />
      <div className="app-body">
        <Drawer />
        <main id="main" className="app-main">
          {children}
        </main>
      </div>
      <UpdatePrompt />
      <WaitingOverlay />
    </div>
  );
}

function RootLayout() {
  const siteStatus = useAtomValue(siteStatusAtom);
  const unauthorized = useAtomValue(unauthorizedAtom);
  return (
    <Shell>
      {siteStatus === "not-allowed" ? (
        <NotAllowDomainScreen />
      ) : unauthorized ? (
        <UnauthorizedScreen />
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
