import { createFileRoute } from "@tanstack/react-router";
import { QrDepositPage } from "../../../../features/wallet/QrDepositPage.tsx";
import { idSearch } from "../../../../features/wallet/search.ts";

export const Route = createFileRoute("/_member/credit/deposit/qrcode")({
  validateSearch: idSearch,
  component: QrDepositPage,
});
