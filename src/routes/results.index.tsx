import { createFileRoute } from "@tanstack/react-router";
import { loadPagesCatalog } from "../features/content/pagesCatalog.ts";
import { ResultsPage } from "../features/results/ResultsPage.tsx";
import { resultsSearch } from "../features/results/search.ts";

/**
 * /results: public (guests too). An index route, so /results/verify/$betId is its sibling and not its child.
 * ?date=yyyy-mm-dd shows that Bangkok day's results.
 */
export const Route = createFileRoute("/results/")({
  validateSearch: resultsSearch,
  loader: loadPagesCatalog,
  component: ResultsRoute,
});

function ResultsRoute() {
  const { date } = Route.useSearch();
  return <ResultsPage date={date} />;
}
