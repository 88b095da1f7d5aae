import { createFileRoute } from "@tanstack/react-router";
import { CryptoDepositPage } from "../../../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/deposit/crypto/")({
  component: CryptoDepositPage,
});
