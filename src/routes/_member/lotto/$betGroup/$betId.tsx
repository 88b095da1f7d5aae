import { createFileRoute } from "@tanstack/react-router";
import { SlipBuilderPage } from "../../../../features/lotto/SlipBuilderPage.tsx";

export const Route = createFileRoute("/_member/lotto/$betGroup/$betId")({ component: BuilderRoute });

function BuilderRoute() {
  const { betId } = Route.useParams();
  return <SlipBuilderPage key={betId} betId={betId} />;
}
