import { createFileRoute } from "@tanstack/react-router";
import { MainPage } from "../../features/auth/index.ts";

export const Route = createFileRoute("/_member/main")({ component: MainPage });
