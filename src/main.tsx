import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { Provider as JotaiProvider } from "jotai";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { authAtom, restoreSession, unauthorizedAtom } from "./features/auth/auth.ts";
import { sessionEndedText } from "./features/auth/messages.ts";
import { watchInstallPrompt } from "./features/pwa/install.ts";
import { appConfigAtom, loadSite } from "./features/site/site.ts";
import { visitorIdentity } from "./features/site/visitor.ts";
import { setUnauthorizedHandler } from "./lib/api.ts";
import { reloadForChunkError } from "./lib/chunkReload.ts";
import { activateLocale, i18n } from "./lib/i18n.ts";
import { localeAtom } from "./lib/localeState.ts";
import { watchNetwork } from "./lib/network.ts";
import { appStore } from "./lib/store.ts";
import { createAppRouter } from "./router.tsx";
import { userStoreLoadingAtom } from "./ui/layout.ts";
import { showSnackbar } from "./ui/snackbar.ts";
import "./ui/fonts.ts";
import "./ui/app.css";

window.addEventListener("vite:preloadError", (event) => {
  event.preventDefault();
  reloadForChunkError();
});
watchNetwork();
visitorIdentity(appStore.get(authAtom).decoded?.uuid ?? null);
setUnauthorizedHandler(() => appStore.set(unauthorizedAtom, true));
watchInstallPrompt();

// The catalog is needed for the first paint; everything else (site detail, later the user store) loads
// behind the waiting overlay so a cold start never shows a half-initialised page.
await activateLocale(appStore.get(localeAtom));
const router = createAppRouter();

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <JotaiProvider store={appStore}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </JotaiProvider>
  </StrictMode>,
);

// The token was read synchronously for the guards; users.auth confirms it with the server behind the overlay.
void Promise.all([loadSite().catch(() => undefined), restoreSession()]).then(async ([, session]) => {
  appStore.set(userStoreLoadingAtom, false);
  // A session the server refused sends a member page back through its guard, then says why.
  await router.invalidate();
  if (session === "refused") showSnackbar({ txt: sessionEndedText(i18n), color: "error", timeout: 4000 });
  // Third-party chat only when configured, and only after the app has painted.
  const liveChat = appStore.get(appConfigAtom)?.liveChat;
  if (liveChat) void import("./features/site/liveChat.ts").then(({ loadLiveChat }) => loadLiveChat(liveChat));
});
