import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";

export const Route = createFileRoute("/howto/forgot-pin")({
  component: () => <HowToGuide slug="forgot-pin" />,
});
