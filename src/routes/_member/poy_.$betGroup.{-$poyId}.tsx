import { createFileRoute } from "@tanstack/react-router";
import { PoyPage } from "../../features/lotto/index.ts";
import { PoySetTools } from "../../features/numberSets/index.ts";

/** docs/rules.md "Routes": /poy/{betGroup}/{poyId?}: one family's slips, opened at one slip when given. */
export const Route = createFileRoute("/_member/poy_/$betGroup/{-$poyId}")({
  staticData: { area: "lotto" },
  component: function FamilySlips() {
    const { betGroup, poyId } = Route.useParams();
    return <PoyPage betGroup={betGroup} poyId={poyId} poyTools={PoySetTools} />;
  },
});
