import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";
import { loadHowtoCatalog } from "../../features/content/howtoCatalog.ts";

export const Route = createFileRoute("/howto/deposit")({
  loader: loadHowtoCatalog,
  component: () => <HowToGuide slug="deposit" />,
});
