import { createFileRoute } from "@tanstack/react-router";
import { StatementPage } from "../../../features/wallet/index.ts";

export const Route = createFileRoute("/_member/credit/statement")({
  component: StatementPage,
});
