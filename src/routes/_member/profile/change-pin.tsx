import { createFileRoute } from "@tanstack/react-router";
import { ChangePinPage } from "../../../features/profile/index.ts";

export const Route = createFileRoute("/_member/profile/change-pin")({ component: ChangePinPage });
