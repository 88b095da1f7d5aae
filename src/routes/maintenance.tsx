import { createFileRoute } from "@tanstack/react-router";
import { MaintenancePage } from "../features/content/MaintenancePage.tsx";

export const Route = createFileRoute("/maintenance")({ component: MaintenancePage });
