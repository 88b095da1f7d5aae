import { createFileRoute } from "@tanstack/react-router";
import { LottoPage } from "../../../features/lotto/RoundsPage.tsx";

export const Route = createFileRoute("/_member/lotto/")({ component: LottoPage });
