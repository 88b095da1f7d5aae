import { createFileRoute } from "@tanstack/react-router";
import { ForgotPinPage } from "../features/auth/ForgotPinPage.tsx";
import { guardPublic } from "../features/auth/routeGuards.ts";
import { loadPagesCatalog } from "../features/content/pagesCatalog.ts";

export const Route = createFileRoute("/forgot-pin")({
  beforeLoad: guardPublic(),
  loader: loadPagesCatalog,
  component: ForgotPinPage,
});
