import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";

export const Route = createFileRoute("/howto/register-addbank")({
  component: () => <HowToGuide slug="register-addbank" />,
});
