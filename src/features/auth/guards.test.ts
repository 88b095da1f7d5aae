import { describe, expect, it } from "vitest";
import { decideGuard } from "./guards.ts";

const member = (status: number) => status;

describe("route guards (SPEC.md section 4)", () => {
  it("sends a logged-out visitor on a protected route to /", () => {
    expect(
      decideGuard({ path: "/main", routeName: "main", protectedRoute: true, memberStatus: null }),
    ).toEqual({ kind: "redirect", to: "/" });
    expect(decideGuard({ path: "/profile/edit", protectedRoute: true, memberStatus: null })).toEqual({
      kind: "redirect",
      to: "/",
    });
  });

  it("lets a logged-out visitor see public pages", () => {
    for (const [path, routeName] of [
      ["/", "index"],
      ["/register", "register"],
      ["/register/abc", "register-afSlug"],
      ["/how-to", undefined],
    ] as const) {
      expect(decideGuard({ path, routeName, protectedRoute: false, memberStatus: null })).toEqual({
        kind: "allow",
      });
    }
  });

  it("logs a suspended member (status 1) out on public pages and sends them home from protected ones", () => {
    expect(decideGuard({ path: "/how-to", protectedRoute: false, memberStatus: member(1) })).toEqual({
      kind: "logout",
    });
    expect(
      decideGuard({ path: "/", routeName: "index", protectedRoute: false, memberStatus: member(1) }),
    ).toEqual({ kind: "logout" });
    expect(
      decideGuard({ path: "/main", routeName: "main", protectedRoute: true, memberStatus: member(1) }),
    ).toEqual({ kind: "redirect", to: "/", logout: true });
  });

  it("sends a logged-in member from index, register, register-afSlug and login to /main", () => {
    for (const routeName of ["index", "register", "register-afSlug", "login"] as const) {
      expect(decideGuard({ path: "/x", routeName, protectedRoute: false, memberStatus: member(0) })).toEqual({
        kind: "redirect",
        to: "/main",
      });
    }
    expect(decideGuard({ path: "/how-to", protectedRoute: false, memberStatus: member(0) })).toEqual({
      kind: "allow",
    });
    expect(
      decideGuard({ path: "/main", routeName: "main", protectedRoute: true, memberStatus: member(0) }),
    ).toEqual({ kind: "allow" });
  });

  it("answers 403 by status: 2 on /credit and /bank, 3 on /game, 4 on /lotto", () => {
    const at = (path: string, status: number) =>
      decideGuard({ path, protectedRoute: true, memberStatus: status }).kind;
    expect(at("/credit/deposit", 2)).toBe("forbidden");
    expect(at("/bank/add", 2)).toBe("forbidden");
    expect(at("/lotto", 2)).toBe("allow");
    expect(at("/game/sa", 3)).toBe("forbidden");
    expect(at("/credit/withdraw", 3)).toBe("allow");
    expect(at("/lotto/gov/1", 4)).toBe("forbidden");
    expect(at("/game", 4)).toBe("allow");
    expect(at("/profile", 2)).toBe("allow");
  });
});
