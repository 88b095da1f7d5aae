import { createFileRoute } from "@tanstack/react-router";
import { RegisterPage } from "../../features/auth/RegisterPage.tsx";
import { guardPublic } from "../../features/auth/routeGuards.ts";
import { loadPagesCatalog } from "../../features/content/pagesCatalog.ts";

export const Route = createFileRoute("/register/$afSlug")({
  beforeLoad: guardPublic("register-afSlug"),
  loader: loadPagesCatalog,
  component: function AffiliateRegister() {
    const { afSlug } = Route.useParams();
    return <RegisterPage afSlug={afSlug} />;
  },
});
