import { createFileRoute } from "@tanstack/react-router";
import { FamilyPage } from "../../../../features/lotto/index.ts";

export const Route = createFileRoute("/_member/lotto/$betGroup/")({ component: FamilyRoute });

function FamilyRoute() {
  const { betGroup } = Route.useParams();
  return <FamilyPage betGroup={betGroup} />;
}
