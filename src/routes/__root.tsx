import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { UpdatePrompt } from "../features/pwa/UpdatePrompt.tsx";
import { siteStatusAtom } from "../features/site/site.ts";
import type { AppStore } from "../lib/store.ts";
import { Drawer } from "../ui/Drawer.tsx";
import { NotAllowDomainScreen, NotFoundScreen, RouteErrorScreen } from "../ui/ErrorScreens.tsx";
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
  return <Shell>{siteStatus === "not-allowed" ? <NotAllowDomainScreen /> : <Outlet />}</Shell>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ({ error }) => <RouteErrorScreen error={error} />,
});
