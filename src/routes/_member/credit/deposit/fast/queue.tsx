import { createFileRoute } from "@tanstack/react-router";
import { FastQueuePage } from "../../../../../features/wallet/FastDepositPage.tsx";
import { idSearch } from "../../../../../features/wallet/search.ts";

export const Route = createFileRoute("/_member/credit/deposit/fast/queue")({
  validateSearch: idSearch,
  component: FastQueuePage,
});
