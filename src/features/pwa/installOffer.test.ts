import { describe, expect, it } from "vitest";
import {
  countVisit,
  dismissedAt,
  dismissInstallOffer,
  INSTALL_OFFER_SNOOZE_DAYS,
  shouldOfferInstall,
  visitsSoFar,
} from "./installOffer.ts";

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const base = {
  standalone: false,
  canPrompt: true,
  ios: false,
  visits: 2,
  dismissedAt: null,
  now: 1_000_000_000_000,
};
const DAY = 86_400_000;

describe("the install offer", () => {
  it("is made to a returning player whose browser can install", () => {
    expect(shouldOfferInstall(base)).toBe(true);
    expect(shouldOfferInstall({ ...base, canPrompt: false, ios: true })).toBe(true);
  });

  it("is not made on a first visit, in the installed app, or where installing is impossible", () => {
    expect(shouldOfferInstall({ ...base, visits: 1 })).toBe(false);
    expect(shouldOfferInstall({ ...base, standalone: true })).toBe(false);
    expect(shouldOfferInstall({ ...base, canPrompt: false, ios: false })).toBe(false);
  });

  it("stays away for a month once dismissed", () => {
    const dismissed = base.now - (INSTALL_OFFER_SNOOZE_DAYS * DAY - 1);
    expect(shouldOfferInstall({ ...base, dismissedAt: dismissed })).toBe(false);
    expect(shouldOfferInstall({ ...base, dismissedAt: base.now - INSTALL_OFFER_SNOOZE_DAYS * DAY })).toBe(
      true,
    );
  });

  it("counts a visit once per browser session and remembers a dismissal", () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    expect(countVisit(local, session)).toBe(1);
    expect(countVisit(local, session)).toBe(1);
    expect(countVisit(local, new MemoryStorage())).toBe(2);
    expect(visitsSoFar(local)).toBe(2);
    expect(dismissedAt(local)).toBeNull();
    dismissInstallOffer(1234, local);
    expect(dismissedAt(local)).toBe(1234);
  });
});
