import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../../../features/profile/index.ts";

export const Route = createFileRoute("/_member/profile/")({ component: ProfilePage });
