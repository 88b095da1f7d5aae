import { describe, expect, it } from "vitest";
import type { PushRegistration } from "./device.ts";
import {
  choosePushProvider,
  needsRegistration,
  PROMPT_QUIET_MS,
  REREGISTER_AFTER_MS,
  shouldOfferPush,
} from "./pushState.ts";

describe("which token source", () => {
  it("follows the server, and Firebase only when this build carries its web config", () => {
    expect(choosePushProvider("local", false)).toBe("local");
    expect(choosePushProvider("local", true)).toBe("local");
    expect(choosePushProvider("firebase", true)).toBe("firebase");
    expect(choosePushProvider("firebase", false)).toBeNull();
    expect(choosePushProvider("none", true)).toBeNull();
    expect(choosePushProvider(undefined, true)).toBeNull();
  });
});

describe("the in-app permission card", () => {
  const now = Date.UTC(2026, 10, 21);
  it("shows only while the browser would still ask", () => {
    expect(shouldOfferPush({ provider: "local", permission: "default", dismissedAt: null, now })).toBe(true);
    for (const permission of ["granted", "denied", "unsupported"] as const) {
      expect(shouldOfferPush({ provider: "local", permission, dismissedAt: null, now })).toBe(false);
    }
    expect(shouldOfferPush({ provider: null, permission: "default", dismissedAt: null, now })).toBe(false);
  });

  it("stays away for a month after Not now", () => {
    const offer = (dismissedAt: number) =>
      shouldOfferPush({ provider: "firebase", permission: "default", dismissedAt, now });
    expect(offer(now - 1000)).toBe(false);
    expect(offer(now - PROMPT_QUIET_MS + 1)).toBe(false);
    expect(offer(now - PROMPT_QUIET_MS)).toBe(true);
  });
});

describe("registering the token", () => {
  const now = Date.UTC(2026, 10, 21);
  const stored: PushRegistration = {
    token: "t1",
    provider: "local",
    uuid: "u1",
    locale: "th",
    at: now - 1000,
  };
  const same = { token: "t1", provider: "local" as const, uuid: "u1", locale: "th" };

  it("sends it when missing, changed, for another member or language, or a week old", () => {
    expect(needsRegistration(null, same, now)).toBe(true);
    expect(needsRegistration(stored, same, now)).toBe(false);
    expect(needsRegistration(stored, { ...same, token: "t2" }, now)).toBe(true);
    expect(needsRegistration(stored, { ...same, uuid: "u2" }, now)).toBe(true);
    expect(needsRegistration(stored, { ...same, locale: "km" }, now)).toBe(true);
    expect(needsRegistration(stored, { ...same, provider: "firebase" }, now)).toBe(true);
    expect(needsRegistration({ ...stored, at: now - REREGISTER_AFTER_MS }, same, now)).toBe(true);
  });
});
