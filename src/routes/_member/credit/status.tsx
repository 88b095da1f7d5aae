import { createFileRoute } from "@tanstack/react-router";
import { CreditStatusPage } from "../../../features/wallet/CreditStatusPage.tsx";

export const Route = createFileRoute("/_member/credit/status")({
  component: CreditStatusPage,
});
