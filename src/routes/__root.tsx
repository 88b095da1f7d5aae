import { createRootRouteWithContext, Outlet, useMatches } from "@tanstack/react-router";
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

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /**
     * The page brings its own chrome and the shell shows none of its own (no top bar, drawer, offline banner or
     * update prompt): LOTTOUP Originals' game pages, which the lobby shows in a frame
     * (src/routes/external/originals, docs/architecture.md "Pages without the shell").
     */
    bare?: boolean;
  }
}

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

/** A page in a frame (staticData.bare): only the loading bar and the page itself. */
function BareShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="app app-bare">
      <LoadingBar />
      <main id="main" className="app-bare-main">
        {children}
      </main>
    </div>
  );
}

function RootLayout() {
  const siteStatus = useAtomValue(siteStatusAtom);
  const unauthorized = useAtomValue(unauthorizedAtom);
  const forbidden = useAtomValue(forbiddenAtom);
  const bare = useMatches({ select: (matches) => matches.some((match) => match.staticData?.bare === true) });
  const Frame = bare ? BareShell : Shell;
  return (
    <Frame>
      {siteStatus === "not-allowed" ? (
        <NotAllowDomainScreen />
      ) : unauthorized ? (
        <UnauthorizedScreen />
      ) : forbidden !== null ? (
        <ForbiddenScreen />
      ) : (
        <Outlet />
      )}
    </Frame>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // A suspended member (status 1) is logged out on every page.
  beforeLoad: guardPublic(),
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ({ error }) => <RouteErrorScreen error={error} />,
});
