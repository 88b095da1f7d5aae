import { createFileRoute } from "@tanstack/react-router";
import { ChangePinPage } from "../../../features/profile/ChangePinPage.tsx";

export const Route = createFileRoute("/_member/profile/change-pin")({ component: ChangePinPage });
