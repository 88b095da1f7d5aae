import { createFileRoute } from "@tanstack/react-router";
import { LottoPage } from "../../../features/lotto/index.ts";

export const Route = createFileRoute("/_member/lotto/")({ component: LottoPage });
