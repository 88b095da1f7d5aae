import { createFileRoute } from "@tanstack/react-router";
import { MaintenancePage } from "../features/content/index.ts";
import { loadPagesCatalog } from "../lib/catalogs.ts";

export const Route = createFileRoute("/maintenance")({
  loader: loadPagesCatalog,
  component: MaintenancePage,
});
