import { createFileRoute } from "@tanstack/react-router";
import { HowToIndex } from "../features/content/HowToIndex.tsx";

export const Route = createFileRoute("/how-to")({ component: HowToIndex });
