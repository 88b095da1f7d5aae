import { createFileRoute } from "@tanstack/react-router";
import { CryptoQueuePage } from "../../../../../features/wallet/CryptoDepositPage.tsx";
import { idSearch } from "../../../../../features/wallet/search.ts";

export const Route = createFileRoute("/_member/credit/deposit/crypto/queue")({
  validateSearch: idSearch,
  component: CryptoQueuePage,
});
