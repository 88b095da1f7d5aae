import { createFileRoute } from "@tanstack/react-router";
import { VerifyPage } from "../features/yeekee/index.ts";
import { loadPagesCatalog } from "../lib/catalogs.ts";

/** Public: anyone, logged in or not, can recompute a yeekee or ping-pong result. */
export const Route = createFileRoute("/results_/verify/$betId")({
  loader: loadPagesCatalog,
  component: VerifyRoute,
});

function VerifyRoute() {
  const { betId } = Route.useParams();
  return <VerifyPage key={betId} betId={betId} />;
}
