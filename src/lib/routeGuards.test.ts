// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { authAtom } from "./auth.ts";
import { guardMember, guardPublic } from "./guards.ts";
import { HttpStatusError } from "./routeErrors.ts";
import { appStore } from "./store.ts";

/** The guards as the app wires them, on a router with memory history (no DOM, no components). */
function routerAt(path: string) {
  const root = createRootRoute({ beforeLoad: guardPublic() });
  const index = createRoute({ getParentRoute: () => root, path: "/", beforeLoad: guardPublic("index") });
  const register = createRoute({
    getParentRoute: () => root,
    path: "/register",
    beforeLoad: guardPublic("register"),
  });
  const affiliate = createRoute({
    getParentRoute: () => root,
    path: "/register/$afSlug",
    beforeLoad: guardPublic("register-afSlug"),
  });
  const howTo = createRoute({ getParentRoute: () => root, path: "/how-to" });
  const member = createRoute({ getParentRoute: () => root, id: "_member", beforeLoad: guardMember });
  const pages: readonly (readonly [string, "money" | "games" | "lotto" | undefined])[] = [
    ["/main", undefined],
    ["/profile", undefined],
    ["/game/sa", "games"],
    ["/poy", "lotto"],
    ["/number-set", "lotto"],
  ];
  const memberPages = pages.map(([path, area]) =>
    createRoute({ getParentRoute: () => member, path, staticData: area ? { area } : {} }),
  );
  // A folder's layout declares the area once for the pages under it (src/routes/_member/lotto/route.tsx).
  const lotto = createRoute({ getParentRoute: () => member, path: "/lotto", staticData: { area: "lotto" } });
  const lottoPages = ["/", "/gov"].map((path) => createRoute({ getParentRoute: () => lotto, path }));
  const moneyFolders: readonly (readonly [string, string])[] = [
    ["/credit", "/deposit"],
    ["/bank", "/add"],
  ];
  const moneyPages = moneyFolders.map(([folder, page]) => {
    const layout = createRoute({ getParentRoute: () => member, path: folder, staticData: { area: "money" } });
    return layout.addChildren([createRoute({ getParentRoute: () => layout, path: page })]);
  });
  const routeTree = root.addChildren([
    index,
    register,
    affiliate,
    howTo,
    member.addChildren([...memberPages, lotto.addChildren(lottoPages), ...moneyPages]),
  ]);
  return createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
}

function logIn(status: number | null) {
  appStore.set(authAtom, {
    session: status === null ? null : { id: "session-hint-1", uuid: "u-1", status, exp: 4_000_000_000 },
    userInfo: null,
  });
}

async function visit(path: string) {
  const router = routerAt(path);
  await router.load();
  const match = router.state.matches.at(-1);
  const error = router.state.matches.find((m) => m.status === "error")?.error;
  return {
    path: router.state.location.pathname,
    forbidden: error instanceof HttpStatusError && error.status === 403,
    leaf: match?.routeId,
  };
}

describe("route guards on a real router", () => {
  it("a logged-out visitor on a member page lands on /", async () => {
    logIn(null);
    for (const path of ["/main", "/profile", "/credit/deposit"])
      expect((await visit(path)).path, path).toBe("/");
    expect((await visit("/how-to")).path).toBe("/how-to");
    expect((await visit("/register")).path).toBe("/register");
  });

  it("a logged-in member on index, register or an affiliate link lands on /main", async () => {
    logIn(0);
    for (const path of ["/", "/register", "/register/abc123"])
      expect((await visit(path)).path, path).toBe("/main");
    expect((await visit("/how-to")).path).toBe("/how-to");
    expect((await visit("/profile")).path).toBe("/profile");
  });

  it("a suspended member (status 1) is logged out on public pages and sent home from member pages", async () => {
    logIn(1);
    expect((await visit("/how-to")).path).toBe("/how-to");
    expect(appStore.get(authAtom).session).toBeNull();
    logIn(1);
    expect((await visit("/main")).path).toBe("/");
    expect(appStore.get(authAtom).session).toBeNull();
  });

  it("answers 403 by status on the spec's paths", async () => {
    const cases: [number, string, boolean][] = [
      [2, "/credit/deposit", true],
      [2, "/bank/add", true],
      [2, "/lotto/gov", false],
      [3, "/game/sa", true],
      [3, "/credit/deposit", false],
      [4, "/lotto/gov", true],
      [4, "/poy", true],
      [4, "/number-set", true],
      [4, "/game/sa", false],
      [0, "/credit/deposit", false],
      [0, "/poy", false],
    ];
    for (const [status, path, forbidden] of cases) {
      logIn(status);
      expect((await visit(path)).forbidden, `status ${status} on ${path}`).toBe(forbidden);
    }
  });
});
