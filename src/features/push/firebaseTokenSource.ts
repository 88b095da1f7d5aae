import { getApps, initializeApp } from "firebase/app";
import { getMessaging, getToken } from "firebase/messaging";
import type { FirebaseWebConfig, TokenSource } from "./tokenSource.ts";

/**
 * Firebase Cloud Messaging's web token. The app's own service worker registration is passed in, so Firebase
 * never registers a second worker of its own (STACK.md: two workers, reload loops); the worker handles the
 * data-only pushes itself (sw/push.ts).
 */
export function firebaseTokenSource(config: FirebaseWebConfig): TokenSource {
  return {
    provider: "firebase",
    async getToken(registration) {
      const { vapidKey, ...options } = config;
      const app = getApps()[0] ?? initializeApp(options);
      return getToken(getMessaging(app), { vapidKey, serviceWorkerRegistration: registration });
    },
  };
}
