/**
 * When to offer installing the app on the member's home page: only to returning players (a first visit is for
 * finding one's way), never in the installed app, only where installing is possible (the browser's one-tap
 * prompt, or iOS's Add to Home Screen), and not again for a month once dismissed.
 */
export const INSTALL_OFFER_SNOOZE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface InstallOfferState {
  standalone: boolean;
  canPrompt: boolean;
  ios: boolean;
  /** Days the app has been opened on this device (counted once per browser session). */
  visits: number;
  dismissedAt: number | null;
  now: number;
}

export function shouldOfferInstall(s: InstallOfferState): boolean {
  if (s.standalone || s.visits < 2) return false;
  if (!s.canPrompt && !s.ios) return false;
  return s.dismissedAt === null || s.now - s.dismissedAt >= INSTALL_OFFER_SNOOZE_DAYS * DAY_MS;
}

const VISITS_KEY = "install-offer-visits";
const SESSION_KEY = "install-offer-counted";
const DISMISSED_KEY = "install-offer-dismissed-at";

/** Counts this browser session as one visit (once per session, whatever the number of reloads). */
export function countVisit(storage: Storage = localStorage, session: Storage = sessionStorage): number {
  try {
    const visits = Number(storage.getItem(VISITS_KEY) ?? "0") || 0;
    if (session.getItem(SESSION_KEY)) return visits;
    session.setItem(SESSION_KEY, "1");
    storage.setItem(VISITS_KEY, String(visits + 1));
    return visits + 1;
  } catch {
    return 0;
  }
}

export function visitsSoFar(storage: Storage = localStorage): number {
  try {
    return Number(storage.getItem(VISITS_KEY) ?? "0") || 0;
  } catch {
    return 0;
  }
}

export function dismissedAt(storage: Storage = localStorage): number | null {
  try {
    const value = Number(storage.getItem(DISMISSED_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function dismissInstallOffer(now: number, storage: Storage = localStorage): void {
  try {
    storage.setItem(DISMISSED_KEY, String(now));
  } catch {
    // Private mode: the card simply comes back next visit.
  }
}
