import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";
import { loadHowtoCatalog } from "../../features/content/howtoCatalog.ts";

export const Route = createFileRoute("/howto/result-poy")({
  loader: loadHowtoCatalog,
  component: () => <HowToGuide slug="result-poy" />,
});
