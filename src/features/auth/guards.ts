import { areaOfPath, isAreaBlocked, MEMBER_STATUS } from "../../domain/access.ts";

/** Route names used by the guards (SPEC.md section 2). */
export type GuardedRouteName = "index" | "register" | "register-afSlug" | "login" | "main";

export interface GuardInput {
  path: string;
  /** Set on routes the spec names: index, register, register-afSlug, login, main. */
  routeName?: GuardedRouteName | undefined;
  /** True for pages that need a member (everything under the member layout). */
  protectedRoute: boolean;
  /** The member's status from the token, or null when logged out. */
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
 * SPEC.md section 4:
 * - logged out on a protected route -> /;
 * - a suspended member (status 1) is logged out automatically on public pages (and sent to / from protected ones);
 * - a logged-in member on index, register, register-afSlug or login -> /main;
 * - status 2 -> 403 on /credit and /bank, status 3 on /game, status 4 on /lotto.
 */
export function decideGuard(input: GuardInput): GuardDecision {
  const { memberStatus } = input;
  if (memberStatus === null) return input.protectedRoute ? { kind: "redirect", to: "/" } : { kind: "allow" };
  if (memberStatus === MEMBER_STATUS.suspended) {
    return input.protectedRoute ? { kind: "redirect", to: "/", logout: true } : { kind: "logout" };
  }
  if (input.routeName && HOME_REDIRECTED.has(input.routeName)) return { kind: "redirect", to: "/main" };
  if (isAreaBlocked(memberStatus, areaOfPath(input.path))) return { kind: "forbidden" };
  return { kind: "allow" };
}
