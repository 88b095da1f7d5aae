import { createFileRoute } from "@tanstack/react-router";
import { TurnoverPage } from "../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/turnover")({
  component: TurnoverPage,
});
