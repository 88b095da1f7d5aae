import { createFileRoute } from "@tanstack/react-router";
import { LineCallbackPage } from "../../../features/auth/index.ts";
import { loadPagesCatalog } from "../../../lib/catalogs.ts";
import { guardPublic } from "../../../lib/guards.ts";

interface LineCallbackSearch {
  code?: string;
  state?: string;
  error?: string;
}

const text = (value: unknown) => (typeof value === "string" && value.length <= 2000 ? value : undefined);

export const Route = createFileRoute("/login/line/auth")({
  validateSearch: (search: Record<string, unknown>): LineCallbackSearch => ({
    code: text(search.code),
    state: text(search.state),
    error: text(search.error),
  }),
  beforeLoad: guardPublic(),
  loader: loadPagesCatalog,
  component: function LineCallback() {
    const search = Route.useSearch();
    return <LineCallbackPage {...search} />;
  },
});
