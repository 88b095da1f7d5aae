import { createFileRoute } from "@tanstack/react-router";
import { PoyPage } from "../../features/lotto/PoyPage.tsx";

export const Route = createFileRoute("/_member/poy")({ component: PoyPage });
