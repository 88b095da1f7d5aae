import { describe, expect, it } from "vitest";
import { areaOf, decideGuard } from "./guards.ts";

const member = (status: number) => status;

describe("route guards (docs/rules.md 'Guards and sessions')", () => {
  it("sends a logged-out visitor on a protected route to /", () => {
    expect(decideGuard({ routeName: "main", protectedRoute: true, area: null, memberStatus: null })).toEqual({
      kind: "redirect",
      to: "/",
    });
    expect(decideGuard({ protectedRoute: true, area: "money", memberStatus: null })).toEqual({
      kind: "redirect",
      to: "/",
    });
  });

  it("lets a logged-out visitor see public pages", () => {
    for (const routeName of ["index", "register", "register-afSlug", undefined] as const) {
      expect(decideGuard({ routeName, protectedRoute: false, area: null, memberStatus: null })).toEqual({
        kind: "allow",
      });
    }
  });

  it("logs a suspended member (status 1) out on public pages and sends them home from protected ones", () => {
    expect(decideGuard({ protectedRoute: false, area: null, memberStatus: member(1) })).toEqual({
      kind: "logout",
    });
    expect(
      decideGuard({ routeName: "index", protectedRoute: false, area: null, memberStatus: member(1) }),
    ).toEqual({ kind: "logout" });
    expect(
      decideGuard({ routeName: "main", protectedRoute: true, area: null, memberStatus: member(1) }),
    ).toEqual({
      kind: "redirect",
      to: "/",
      logout: true,
    });
  });

  it("sends a logged-in member from index, register, register-afSlug and login to /main", () => {
    for (const routeName of ["index", "register", "register-afSlug", "login"] as const) {
      expect(decideGuard({ routeName, protectedRoute: false, area: null, memberStatus: member(0) })).toEqual({
        kind: "redirect",
        to: "/main",
      });
    }
    expect(decideGuard({ protectedRoute: false, area: null, memberStatus: member(0) })).toEqual({
      kind: "allow",
    });
    expect(
      decideGuard({ routeName: "main", protectedRoute: true, area: null, memberStatus: member(0) }),
    ).toEqual({
      kind: "allow",
    });
  });

  it("answers 403 by status in the area the page declares: 2 money, 3 games, 4 lotto", () => {
    const at = (area: "money" | "games" | "lotto" | null, status: number) =>
      decideGuard({ protectedRoute: true, area, memberStatus: status }).kind;
    expect(at("money", 2)).toBe("forbidden");
    expect(at("lotto", 2)).toBe("allow");
    expect(at("games", 3)).toBe("forbidden");
    expect(at("money", 3)).toBe("allow");
    expect(at("lotto", 4)).toBe("forbidden");
    expect(at("games", 4)).toBe("allow");
    expect(at(null, 2)).toBe("allow");
  });

  it("reads the area from the deepest route that declares one", () => {
    expect(areaOf([{}, { staticData: {} }])).toBeNull();
    expect(areaOf([{}, { staticData: { area: "lotto" } }, { staticData: {} }])).toBe("lotto");
    expect(areaOf([{ staticData: { area: "money" } }, { staticData: { area: "lotto" } }])).toBe("lotto");
  });
});
