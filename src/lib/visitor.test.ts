// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { clearSession, GUEST_COOKIE, getGuestId } from "./session.ts";
import { VISITOR_TTL_SECONDS, visitorIdentity } from "./visitor.ts";

describe("guest id and visitor identity", () => {
  beforeEach(() => {
    clearSession();
    localStorage.clear();
  });

  it("gives a new visitor a guest id cookie for 7 days and keeps it across calls", () => {
    const first = visitorIdentity(null, 1000);
    expect(first.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(getGuestId()).toBe(first.visitorId);
    expect(document.cookie).toContain(`${GUEST_COOKIE}=${first.visitorId}`);
    expect(visitorIdentity(null, 1001)).toEqual(first);
  });

  it("keeps the identity 6 hours, then renews iat and exp for the same visitor", () => {
    const first = visitorIdentity(null, 1000);
    expect(first).toMatchObject({ iat: 1000, exp: 1000 + VISITOR_TTL_SECONDS, uuid: null });
    const later = visitorIdentity(null, 1000 + VISITOR_TTL_SECONDS);
    expect(later).toMatchObject({ visitorId: first.visitorId, iat: 1000 + VISITOR_TTL_SECONDS });
  });

  it("records the member's uuid once logged in, and logout starts a new guest", () => {
    const guest = visitorIdentity(null, 1000);
    expect(visitorIdentity("member-uuid", 1001)).toMatchObject({
      visitorId: guest.visitorId,
      uuid: "member-uuid",
    });
    clearSession();
    expect(visitorIdentity(null, 1002).visitorId).not.toBe(guest.visitorId);
  });
});
