import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";

export const Route = createFileRoute("/howto/lotto4d")({ component: () => <HowToGuide slug="lotto4d" /> });
