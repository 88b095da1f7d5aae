import { createFileRoute } from "@tanstack/react-router";
import { ForgotPinPage } from "../features/auth/index.ts";
import { loadPagesCatalog } from "../lib/catalogs.ts";
import { guardPublic } from "../lib/guards.ts";

export const Route = createFileRoute("/forgot-pin")({
  beforeLoad: guardPublic(),
  loader: loadPagesCatalog,
  component: ForgotPinPage,
});
