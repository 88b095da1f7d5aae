import { createFileRoute } from "@tanstack/react-router";
import { NumberSetsPage } from "../../features/numberSets/index.ts";

/** docs/rules.md "Routes": /number-set: the member's saved number sets; lotto although its path has no "/lotto". */
export const Route = createFileRoute("/_member/number-set")({
  staticData: { area: "lotto" },
  component: NumberSetsPage,
});
