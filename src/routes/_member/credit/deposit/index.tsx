import { createFileRoute } from "@tanstack/react-router";
import { DepositChannelsPage } from "../../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/deposit/")({
  component: DepositChannelsPage,
});
