import { createFileRoute } from "@tanstack/react-router";
import { CreditStatusPage } from "../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/status")({
  component: CreditStatusPage,
});
