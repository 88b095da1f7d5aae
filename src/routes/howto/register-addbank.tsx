import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/HowToGuide.tsx";
import { loadHowtoCatalog } from "../../features/content/howtoCatalog.ts";

export const Route = createFileRoute("/howto/register-addbank")({
  loader: loadHowtoCatalog,
  component: () => <HowToGuide slug="register-addbank" />,
});
