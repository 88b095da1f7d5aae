import { createFileRoute } from "@tanstack/react-router";
import { FastDepositPage } from "../../../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/deposit/fast/")({
  component: FastDepositPage,
});
