import { createFileRoute } from "@tanstack/react-router";
import { MainPage } from "../../features/auth/MainPage.tsx";

export const Route = createFileRoute("/_member/main")({ component: MainPage });
