import { createFileRoute } from "@tanstack/react-router";
import { WithdrawPage } from "../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/withdraw")({
  component: WithdrawPage,
});
