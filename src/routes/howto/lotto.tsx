import { createFileRoute } from "@tanstack/react-router";
import { HowToGuide } from "../../features/content/index.ts";
import { loadHowtoCatalog } from "../../lib/catalogs.ts";

export const Route = createFileRoute("/howto/lotto")({
  loader: loadHowtoCatalog,
  component: () => <HowToGuide slug="lotto" />,
});
