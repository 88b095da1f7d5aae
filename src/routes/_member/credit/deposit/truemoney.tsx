import { createFileRoute } from "@tanstack/react-router";
import { TrueMoneyPage } from "../../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/deposit/truemoney")({
  component: TrueMoneyPage,
});
