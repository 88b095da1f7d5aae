import { createFileRoute } from "@tanstack/react-router";
import { PoyPage } from "../../features/lotto/index.ts";
import { PoySetTools } from "../../features/numberSets/index.ts";

/** docs/rules.md "Routes": /poy/lottery/{betType?}/{poyId?}: 4-digit lottery slips (hanoy, lao, lao-super, malay). */
export const Route = createFileRoute("/_member/poy_/lottery/{-$betType}/{-$poyId}")({
  staticData: { area: "lotto" },
  component: function LotterySlips() {
    const { betType, poyId } = Route.useParams();
    return betType ? (
      <PoyPage betName={betType} poyId={poyId} poyTools={PoySetTools} />
    ) : (
      <PoyPage betGroup="set4" poyId={poyId} poyTools={PoySetTools} />
    );
  },
});
