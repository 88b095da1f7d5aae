import { redirect } from "@tanstack/react-router";
import { HttpStatusError } from "../../lib/routeErrors.ts";
import { forgetSession, memberStatus } from "./auth.ts";
import { decideGuard, type GuardedRouteName } from "./guards.ts";

function apply(decision: ReturnType<typeof decideGuard>): void {
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

/** beforeLoad of public routes; the named ones send a logged-in member to /main. */
export function guardPublic(routeName?: GuardedRouteName) {
  return ({ location }: { location: { pathname: string } }) =>
    apply(
      decideGuard({
        path: location.pathname,
        routeName,
        protectedRoute: false,
        memberStatus: memberStatus(),
      }),
    );
}

/** beforeLoad of the member layout: logged in, and the status allows the area. */
export function guardMember({ location }: { location: { pathname: string } }) {
  apply(decideGuard({ path: location.pathname, protectedRoute: true, memberStatus: memberStatus() }));
}
