import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";
import { loadHowtoCatalog } from "../../features/content/howtoCatalog.ts";

export const Route = createFileRoute("/howto/forgot-pin")({
  loader: loadHowtoCatalog,
  component: () => <HowToGuide slug="forgot-pin" />,
});
