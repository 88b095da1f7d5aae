import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";
import { loadHowtoCatalog } from "../../features/content/howtoCatalog.ts";

export const Route = createFileRoute("/howto/lotto4d")({
  loader: loadHowtoCatalog,
  component: () => <HowToGuide slug="lotto4d" />,
});
