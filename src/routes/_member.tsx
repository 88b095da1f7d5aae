import { createFileRoute, Outlet } from "@tanstack/react-router";
import { loadPagesCatalog } from "../lib/catalogs.ts";
import { guardMember } from "../lib/guards.ts";

/** Every page under this layout needs a logged-in member whose status allows it (SPEC.md section 4). */
export const Route = createFileRoute("/_member")({
  beforeLoad: guardMember,
  loader: loadPagesCatalog,
  component: Outlet,
});
