import { describe, expect, it } from "vitest";
import { areaOfPath, canLogIn, isAreaBlocked, MEMBER_STATUS } from "./access.ts";

describe("member status access rules", () => {
  it("maps paths to areas by the spec's substrings", () => {
    expect(areaOfPath("/credit/deposit")).toBe("money");
    expect(areaOfPath("/bank/add")).toBe("money");
    expect(areaOfPath("/game/sa")).toBe("games");
    expect(areaOfPath("/games")).toBe("games");
    expect(areaOfPath("/lotto/yeekee/12")).toBe("lotto");
    expect(areaOfPath("/profile")).toBeNull();
    expect(areaOfPath("/main")).toBeNull();
  });

  it("status 2 blocks /credit and /bank only", () => {
    expect(isAreaBlocked(2, areaOfPath("/credit/withdraw"))).toBe(true);
    expect(isAreaBlocked(2, areaOfPath("/bank/status"))).toBe(true);
    expect(isAreaBlocked(2, areaOfPath("/lotto"))).toBe(false);
    expect(isAreaBlocked(2, areaOfPath("/game"))).toBe(false);
  });

  it("status 3 blocks /game only", () => {
    expect(isAreaBlocked(3, areaOfPath("/game/joker/1"))).toBe(true);
    expect(isAreaBlocked(3, areaOfPath("/credit/deposit"))).toBe(false);
    expect(isAreaBlocked(3, areaOfPath("/lotto"))).toBe(false);
  });

  it("status 4 blocks /lotto only", () => {
    expect(isAreaBlocked(4, areaOfPath("/lotto/gov/1"))).toBe(true);
    expect(isAreaBlocked(4, areaOfPath("/game"))).toBe(false);
    expect(isAreaBlocked(4, areaOfPath("/bank/add"))).toBe(false);
  });

  it("an active member may go everywhere; a suspended one may not log in", () => {
    for (const path of ["/credit", "/bank/add", "/game", "/lotto", "/profile"]) {
      expect(isAreaBlocked(MEMBER_STATUS.active, areaOfPath(path))).toBe(false);
    }
    expect(canLogIn(MEMBER_STATUS.suspended)).toBe(false);
    expect(canLogIn(MEMBER_STATUS.active)).toBe(true);
    expect(canLogIn(MEMBER_STATUS.noLotto)).toBe(true);
  });
});
