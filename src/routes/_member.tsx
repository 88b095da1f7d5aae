import { createFileRoute, Outlet } from "@tanstack/react-router";
import { loadPagesCatalog } from "../lib/catalogs.ts";
import { guardMember } from "../lib/guards.ts";

/** Every page under this layout needs a logged-in member whose status allows it (docs/rules.md "Guards and sessions"). */
export const Route = createFileRoute("/_member")({
  beforeLoad: guardMember,
  loader: loadPagesCatalog,
  component: Outlet,
});
