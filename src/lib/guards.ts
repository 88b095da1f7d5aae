import { redirect } from "@tanstack/react-router";
import { isAreaBlocked, MEMBER_STATUS, type RestrictedArea } from "../domain/access.ts";
import { forgetSession, memberStatus } from "./auth.ts";
import { HttpStatusError } from "./routeErrors.ts";

/**
 * The route guards (docs/rules.md "Guards and sessions"), run in `beforeLoad`: the root's for every page, the member layout's
 * (src/routes/_member.tsx) for the pages that need a member. Which area a page belongs to is declared on its route,
 * `staticData: { area: "lotto" }` (or on a folder's layout, src/routes/_member/lotto/route.tsx), never guessed from
 * the address.
 */

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The area whose pages a member status may close (lotto, money, games); none for every other page. */
    area?: RestrictedArea;
  }
}

/** Route names used by the guards (docs/rules.md "Guards and sessions"). */
export type GuardedRouteName = "index" | "register" | "register-afSlug" | "login" | "main";

export interface GuardInput {
  /** Set on routes the spec names: index, register, register-afSlug, login, main. */
  routeName?: GuardedRouteName | undefined;
  /** True for pages that need a member (everything under the member layout). */
  protectedRoute: boolean;
  /** The area the page belongs to (its route's staticData), or null. */
  area: RestrictedArea | null;
  /** The member's status, or null when logged out. */
  memberStatus: number | null;
}

export type GuardDecision =
  | { kind: "allow" }
  | { kind: "redirect"; to: "/" | "/main"; logout?: boolean }
  | { kind: "logout" }
  | { kind: "forbidden" };

const HOME_REDIRECTED: ReadonlySet<GuardedRouteName> = new Set([
  "index",
  "register",
  "register-afSlug",
  "login",
]);

/**
 * docs/rules.md "Guards and sessions":
 * - logged out on a protected route -> /;
 * - a suspended member (status 1) is logged out automatically on public pages (and sent to / from protected ones);
 * - a logged-in member on index, register, register-afSlug or login -> /main;
 * - status 2 -> 403 in the money area, status 3 in games, status 4 in lotto (the member stays logged in).
 */
export function decideGuard(input: GuardInput): GuardDecision {
  const { memberStatus } = input;
  if (memberStatus === null) return input.protectedRoute ? { kind: "redirect", to: "/" } : { kind: "allow" };
  if (memberStatus === MEMBER_STATUS.suspended) {
    return input.protectedRoute ? { kind: "redirect", to: "/", logout: true } : { kind: "logout" };
  }
  if (input.routeName && HOME_REDIRECTED.has(input.routeName)) return { kind: "redirect", to: "/main" };
  if (isAreaBlocked(memberStatus, input.area)) return { kind: "forbidden" };
  return { kind: "allow" };
}

/** The area of the page being opened: the deepest match that declares one. */
export function areaOf(
  matches: readonly { staticData?: { area?: RestrictedArea } }[],
): RestrictedArea | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const area = matches[i]?.staticData?.area;
    if (area) return area;
  }
  return null;
}

function apply(decision: GuardDecision): void {
  switch (decision.kind) {
    case "allow":
      return;
    case "logout":
      forgetSession();
      return;
    case "forbidden":
      throw new HttpStatusError(403);
    case "redirect":
      if (decision.logout) forgetSession();
      throw redirect({ to: decision.to, replace: true });
  }
}

type Matches = readonly { staticData?: { area?: RestrictedArea } }[];

/**
 * The matches of the location being opened, from `beforeLoad`'s options. Taken as `unknown` and read here: typing
 * the parameter with the router's own match type would make each route's type depend on the route tree it is part
 * of (a cycle TypeScript refuses).
 */
function matchesOf(options: unknown): Matches {
  const matches = (options as { matches?: unknown } | null)?.matches;
  return Array.isArray(matches) ? (matches as Matches) : [];
}

/** beforeLoad of public routes; the named ones send a logged-in member to /main. */
export function guardPublic(routeName?: GuardedRouteName) {
  return (options: unknown): void =>
    apply(
      decideGuard({
        routeName,
        protectedRoute: false,
        area: areaOf(matchesOf(options)),
        memberStatus: memberStatus(),
      }),
    );
}

/** beforeLoad of the member layout: logged in, and the status opens the page's area. */
export function guardMember(options: unknown): void {
  apply(
    decideGuard({ protectedRoute: true, area: areaOf(matchesOf(options)), memberStatus: memberStatus() }),
  );
}
