import { createFileRoute } from "@tanstack/react-router";
import { CryptoQueuePage } from "../../../../../features/wallet/index.ts";
import { idSearch } from "../../../../../lib/routeSearch.ts";

export const Route = createFileRoute("/_member/credit/deposit/crypto/queue")({
  validateSearch: idSearch,
  component: CryptoQueuePage,
});
