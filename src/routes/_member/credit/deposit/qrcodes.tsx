import { createFileRoute } from "@tanstack/react-router";
import { QrHistoryPage } from "../../../../features/wallet/QrDepositPage.tsx";

export const Route = createFileRoute("/_member/credit/deposit/qrcodes")({
  component: QrHistoryPage,
});
