import { createFileRoute } from "@tanstack/react-router";
import { QrHistoryPage } from "../../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/deposit/qrcodes")({
  component: QrHistoryPage,
});
