import { createFileRoute } from "@tanstack/react-router";
import { NormalDepositPage } from "../../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/deposit/normal")({
  component: NormalDepositPage,
});
