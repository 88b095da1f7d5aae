import { createFileRoute } from "@tanstack/react-router";
import { isAreaBlocked } from "../../domain/access.ts";
import { memberStatus } from "../../features/auth/auth.ts";
import { NumberSetsPage } from "../../features/numberSets/NumberSetsPage.tsx";
import { HttpStatusError } from "../../lib/routeErrors.ts";

/**
 * SPEC.md /number-set: the member's saved number sets. Part of lotto although its path has no "/lotto": a member
 * whose status blocks lotto gets the 403 screen here too (the server refuses the calls alike).
 */
export const Route = createFileRoute("/_member/number-set")({
  beforeLoad: () => {
    const status = memberStatus();
    if (status !== null && isAreaBlocked(status, "lotto")) throw new HttpStatusError(403);
  },
  component: NumberSetsPage,
});
