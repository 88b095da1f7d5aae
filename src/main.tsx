import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { setUnauthorizedHandler } from "./lib/api.ts";
import {
  authAtom,
  forbiddenAtom,
  onLogout,
  refreshUserInfo,
  restoreSession,
  unauthorizedAtom,
} from "./lib/auth.ts";
import { reloadForChunkError } from "./lib/chunkReload.ts";
import { activateLocale, i18n } from "./lib/i18n.ts";
import { watchInstallPrompt } from "./lib/install.ts";
import { localeAtom } from "./lib/localeState.ts";
import { sessionEndedText } from "./lib/messages.ts";
import { watchNetwork } from "./lib/network.ts";
import { appConfigAtom, loadSite } from "./lib/site.ts";
import { readText } from "./lib/storage.ts";
import { STORAGE_KEYS } from "./lib/storageKeys.ts";
import { appStore, StoreProvider } from "./lib/store.ts";
import { visitorIdentity } from "./lib/visitor.ts";
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
visitorIdentity(appStore.get(authAtom).session?.uuid ?? null);
// A refused session ends it (the Unauthorized screen); an area the member's status closes shows the 403 screen and
// keeps the session, and the status is asked again so the guards close that area from now on (docs/architecture.md
// "Access by status").
setUnauthorizedHandler((refusal) => {
  if (refusal === "session") {
    appStore.set(unauthorizedAtom, true);
    return;
  }
  // The page being opened (the router puts it in the address as the navigation starts) is the one refused.
  appStore.set(forbiddenAtom, window.location.pathname);
  void refreshUserInfo().catch(() => undefined);
});
// Logout, while the session still counts: this device stops receiving the member's notifications (loaded only
// when it is registered for them).
onLogout(async () => {
  if (readText(STORAGE_KEYS.pushRegistration) === null) return;
  const { unregisterPushDevice } = await import("./features/push/index.ts");
  await unregisterPushDevice();
});
watchInstallPrompt();

// The catalog is needed for the first paint; everything else (site detail, later the user store) loads
// behind the waiting overlay so a cold start never shows a half-initialised page.
await activateLocale(appStore.get(localeAtom));
const router = createAppRouter();

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <StoreProvider store={appStore}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StoreProvider>
  </StrictMode>,
);

// The token was read synchronously for the guards; users.auth confirms it with the server behind the overlay.
void Promise.all([loadSite().catch(() => undefined), restoreSession()]).then(async ([, session]) => {
  appStore.set(userStoreLoadingAtom, false);
  // A session the server refused sends a member page back through its guard, then says why.
  await router.invalidate();
  if (session === "refused") showSnackbar({ txt: sessionEndedText(i18n), color: "error", timeout: 4000 });
  // Third-party chat only when configured, and only after the app has painted; never on a page without the shell
  // (staticData.bare: a game framed by the lobby, whose own page has the chat).
  const liveChat = appStore.get(appConfigAtom)?.liveChat;
  const bare = router.state.matches.some((match) => match.staticData?.bare === true);
  if (liveChat && !bare) void import("./lib/liveChat.ts").then(({ loadLiveChat }) => loadLiveChat(liveChat));
});
