import { createFileRoute } from "@tanstack/react-router";
import { TurnoverPage } from "../../../features/wallet/TurnoverPage.tsx";

export const Route = createFileRoute("/_member/credit/turnover")({
  component: TurnoverPage,
});
