import { createFileRoute } from "@tanstack/react-router";
import { FourDigitPage } from "../../../features/lotto/index.ts";

export const Route = createFileRoute("/_member/lotto/4d")({ component: FourDigitPage });
