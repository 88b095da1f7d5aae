import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";

export const Route = createFileRoute("/howto/result-poy")({
  component: () => <HowToGuide slug="result-poy" />,
});
