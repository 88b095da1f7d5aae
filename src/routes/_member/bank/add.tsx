import { createFileRoute } from "@tanstack/react-router";
import { AddBankPage } from "../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/bank/add")({
  component: AddBankPage,
});
