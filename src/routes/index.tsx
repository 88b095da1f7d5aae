import { createFileRoute } from "@tanstack/react-router";
import { Landing } from "../features/content/index.ts";
import { guardPublic } from "../lib/guards.ts";

export const Route = createFileRoute("/")({ beforeLoad: guardPublic("index"), component: Landing });
