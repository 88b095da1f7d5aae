import { createFileRoute } from "@tanstack/react-router";
import { PoyPage } from "../../features/lotto/index.ts";
import { PoySetTools } from "../../features/numberSets/index.ts";

/** docs/rules.md "Routes": /poy: the member's slips, each with the number-set tools under it. */
export const Route = createFileRoute("/_member/poy")({
  staticData: { area: "lotto" },
  component: () => <PoyPage poyTools={PoySetTools} />,
});
