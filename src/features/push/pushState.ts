import type { PushRegistration } from "./device.ts";

/** What the browser says about notifications for this site, or that it cannot show them at all. */
export type PushPermission = NotificationPermission | "unsupported";
/** Which token source this build and server use (none: push is off, nothing asks, nothing loads). */
export type PushProviderName = "firebase" | "local";

/** After "Not now" the card stays away this long; the profile page can turn push on at any time. */
export const PROMPT_QUIET_MS = 30 * 24 * 60 * 60 * 1000;
/** A registration older than this is sent again, so the server's copy never goes stale unnoticed. */
export const REREGISTER_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The token source: Firebase when the server delivers through it and this build has the web config; the local
 * stand-in when the server says so (demo, end-to-end tests); otherwise none.
 */
export function choosePushProvider(
  server: "firebase" | "local" | "none" | undefined,
  firebaseConfigured: boolean,
): PushProviderName | null {
  if (server === "local") return "local";
  if (server === "firebase" && firebaseConfigured) return "firebase";
  return null;
}

/** The in-app explanation card: only when the browser would still ask, and not soon after "Not now". */
export function shouldOfferPush(input: {
  provider: PushProviderName | null;
  permission: PushPermission;
  dismissedAt: number | null;
  now: number;
}): boolean {
  if (!input.provider || input.permission !== "default") return false;
  return input.dismissedAt === null || input.now - input.dismissedAt >= PROMPT_QUIET_MS;
}

/** Whether the token must be (re)sent: new, changed, another member, another language, or not sent for a week. */
export function needsRegistration(
  stored: PushRegistration | null,
  current: Omit<PushRegistration, "at">,
  now: number,
): boolean {
  if (!stored) return true;
  return (
    stored.token !== current.token ||
    stored.provider !== current.provider ||
    stored.uuid !== current.uuid ||
    stored.locale !== current.locale ||
    now - stored.at >= REREGISTER_AFTER_MS
  );
}
