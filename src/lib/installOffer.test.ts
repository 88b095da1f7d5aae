import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage, stubStorage } from "../test/storage.ts";
import {
  countVisit,
  dismissedAt,
  dismissInstallOffer,
  INSTALL_OFFER_SNOOZE_DAYS,
  shouldOfferInstall,
  visitsSoFar,
} from "./installOffer.ts";

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

  afterEach(() => vi.unstubAllGlobals());

  it("counts a visit once per browser session and remembers a dismissal", () => {
    stubStorage();
    expect(countVisit()).toBe(1);
    expect(countVisit()).toBe(1);
    // A new browser session (a new sessionStorage), the same device.
    vi.stubGlobal("sessionStorage", new MemoryStorage());
    expect(countVisit()).toBe(2);
    expect(visitsSoFar()).toBe(2);
    expect(dismissedAt()).toBeNull();
    dismissInstallOffer(1234);
    expect(dismissedAt()).toBe(1234);
  });

  it("keeps the counts the older build stored under the same names", () => {
    const { local } = stubStorage();
    local.setItem("install-offer-visits", "3");
    local.setItem("install-offer-dismissed-at", "1700000000000");
    expect(visitsSoFar()).toBe(3);
    expect(dismissedAt()).toBe(1_700_000_000_000);
  });
});
