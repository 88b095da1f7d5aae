import { createFileRoute } from "@tanstack/react-router";
import { RegisterPage } from "../../features/auth/index.ts";
import { loadPagesCatalog } from "../../lib/catalogs.ts";
import { guardPublic } from "../../lib/guards.ts";

export const Route = createFileRoute("/register/$afSlug")({
  beforeLoad: guardPublic("register-afSlug"),
  loader: loadPagesCatalog,
  component: function AffiliateRegister() {
    const { afSlug } = Route.useParams();
    return <RegisterPage afSlug={afSlug} />;
  },
});
