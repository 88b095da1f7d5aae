import { createFileRoute } from "@tanstack/react-router";
import { YingPage } from "../../../../features/yeekee/index.ts";

/** The shooting screen of a yeekee round; the builder at /lotto/$betGroup/$betId links here and back. */
export const Route = createFileRoute("/_member/lotto/$betGroup/$betId_/ying")({ component: ShootingRoute });

function ShootingRoute() {
  const { betId } = Route.useParams();
  return <YingPage key={betId} betId={betId} />;
}
