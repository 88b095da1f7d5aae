import { createFileRoute } from "@tanstack/react-router";
import { Landing } from "../features/content/Landing.tsx";

export const Route = createFileRoute("/")({ component: Landing });
