import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";

export const Route = createFileRoute("/howto/lotto")({ component: () => <HowToGuide slug="lotto" /> });
