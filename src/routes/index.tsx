import { createFileRoute } from "@tanstack/react-router";
import { guardPublic } from "../features/auth/routeGuards.ts";
import { Landing } from "../features/content/Landing.tsx";

export const Route = createFileRoute("/")({ beforeLoad: guardPublic("index"), component: Landing });
