import { createFileRoute } from "@tanstack/react-router";
import { RegisterPage } from "../../features/auth/RegisterPage.tsx";
import { guardPublic } from "../../features/auth/routeGuards.ts";
import { loadPagesCatalog } from "../../features/content/pagesCatalog.ts";

export const Route = createFileRoute("/register/")({
  beforeLoad: guardPublic("register"),
  loader: loadPagesCatalog,
  component: () => <RegisterPage />,
});
