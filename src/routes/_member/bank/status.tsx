import { createFileRoute } from "@tanstack/react-router";
import { BankStatusPage } from "../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/bank/status")({
  component: BankStatusPage,
});
