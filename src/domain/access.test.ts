import { describe, expect, it } from "vitest";
import { canLogIn, isAreaBlocked, MEMBER_STATUS, RESTRICTED_AREAS } from "./access.ts";

describe("member status access rules", () => {
  it("status 2 blocks money only", () => {
    expect(isAreaBlocked(2, "money")).toBe(true);
    expect(isAreaBlocked(2, "lotto")).toBe(false);
    expect(isAreaBlocked(2, "games")).toBe(false);
  });

  it("status 3 blocks games only", () => {
    expect(isAreaBlocked(3, "games")).toBe(true);
    expect(isAreaBlocked(3, "money")).toBe(false);
    expect(isAreaBlocked(3, "lotto")).toBe(false);
  });

  it("status 4 blocks lotto only", () => {
    expect(isAreaBlocked(4, "lotto")).toBe(true);
    expect(isAreaBlocked(4, "games")).toBe(false);
    expect(isAreaBlocked(4, "money")).toBe(false);
  });

  it("a page outside every area is open to any status", () => {
    for (const status of [0, 2, 3, 4]) expect(isAreaBlocked(status, null)).toBe(false);
  });

  it("an active member may go everywhere; a suspended one may not log in", () => {
    for (const area of RESTRICTED_AREAS) expect(isAreaBlocked(MEMBER_STATUS.active, area)).toBe(false);
    expect(canLogIn(MEMBER_STATUS.suspended)).toBe(false);
    expect(canLogIn(MEMBER_STATUS.active)).toBe(true);
    expect(canLogIn(MEMBER_STATUS.noLotto)).toBe(true);
  });
});
