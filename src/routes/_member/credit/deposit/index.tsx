import { createFileRoute } from "@tanstack/react-router";
import { DepositChannelsPage } from "../../../../features/wallet/DepositChannelsPage.tsx";

export const Route = createFileRoute("/_member/credit/deposit/")({
  component: DepositChannelsPage,
});
