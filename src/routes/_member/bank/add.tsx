import { createFileRoute } from "@tanstack/react-router";
import { AddBankPage } from "../../../features/wallet/AddBankPage.tsx";

export const Route = createFileRoute("/_member/bank/add")({
  component: AddBankPage,
});
