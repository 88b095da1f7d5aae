import { createFileRoute } from "@tanstack/react-router";
import { ResultsPage } from "../features/results/index.ts";
import { loadPagesCatalog } from "../lib/catalogs.ts";
import { dateSearch } from "../lib/routeSearch.ts";

/**
 * /results: public (guests too). An index route, so /results/verify/$betId is its sibling and not its child.
 * ?date=yyyy-mm-dd shows that Bangkok day's results.
 */
export const Route = createFileRoute("/results/")({
  validateSearch: dateSearch,
  loader: loadPagesCatalog,
  component: ResultsRoute,
});

function ResultsRoute() {
  const { date } = Route.useSearch();
  return <ResultsPage date={date} />;
}
