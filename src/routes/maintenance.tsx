import { createFileRoute } from "@tanstack/react-router";
import { MaintenancePage } from "../features/content/MaintenancePage.tsx";
import { loadPagesCatalog } from "../features/content/pagesCatalog.ts";

export const Route = createFileRoute("/maintenance")({
  loader: loadPagesCatalog,
  component: MaintenancePage,
});
