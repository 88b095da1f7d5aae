import { createFileRoute } from "@tanstack/react-router";
import { EditProfilePage } from "../../../features/profile/index.ts";

export const Route = createFileRoute("/_member/profile/edit")({ component: EditProfilePage });
