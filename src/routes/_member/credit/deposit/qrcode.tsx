import { createFileRoute } from "@tanstack/react-router";
import { QrDepositPage } from "../../../../features/wallet/index.ts";
import { idSearch } from "../../../../lib/routeSearch.ts";

export const Route = createFileRoute("/_member/credit/deposit/qrcode")({
  validateSearch: idSearch,
  component: QrDepositPage,
});
