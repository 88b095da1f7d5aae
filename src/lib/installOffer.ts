import { number } from "valibot";
import { read, write } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";

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

const count = () => read(STORAGE_KEYS.installVisits, number());

/** Counts this browser session as one visit (once per session, whatever the number of reloads). */
export function countVisit(): number {
  const visits = count() ?? 0;
  if (read(STORAGE_KEYS.installCounted, number()) !== null) return visits;
  // Without storage nothing is counted: the offer never shows (it is for returning players).
  if (!write(STORAGE_KEYS.installCounted, 1)) return 0;
  write(STORAGE_KEYS.installVisits, visits + 1);
  return visits + 1;
}

export function visitsSoFar(): number {
  return count() ?? 0;
}

export function dismissedAt(): number | null {
  const value = read(STORAGE_KEYS.installDismissedAt, number());
  return value !== null && Number.isFinite(value) && value > 0 ? value : null;
}

/** Private mode: the card simply comes back next visit. */
export function dismissInstallOffer(now: number): void {
  write(STORAGE_KEYS.installDismissedAt, now);
}
