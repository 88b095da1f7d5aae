import { createFileRoute } from "@tanstack/react-router";
import { SlipBuilderPage } from "../../../../features/lotto/index.ts";
import { BuilderSetTools } from "../../../../features/numberSets/index.ts";

export const Route = createFileRoute("/_member/lotto/$betGroup/$betId")({ component: BuilderRoute });

/** The builder, with the number-set tools next to the slip (the two features meet here, not in each other). */
function BuilderRoute() {
  const { betId } = Route.useParams();
  return <SlipBuilderPage key={betId} betId={betId} slipTools={BuilderSetTools} />;
}
