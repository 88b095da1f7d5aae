import { createFileRoute } from "@tanstack/react-router";
import { FastQueuePage } from "../../../../../features/wallet/index.ts";
import { idSearch } from "../../../../../lib/routeSearch.ts";

export const Route = createFileRoute("/_member/credit/deposit/fast/queue")({
  validateSearch: idSearch,
  component: FastQueuePage,
});
