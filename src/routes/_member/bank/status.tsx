import { createFileRoute } from "@tanstack/react-router";
import { BankStatusPage } from "../../../features/wallet/BankStatusPage.tsx";

export const Route = createFileRoute("/_member/bank/status")({
  component: BankStatusPage,
});
