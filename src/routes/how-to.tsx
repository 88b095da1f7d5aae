import { createFileRoute } from "@tanstack/react-router";
import { HowToIndex } from "../features/content/index.ts";
import { loadHowtoCatalog } from "../lib/catalogs.ts";

export const Route = createFileRoute("/how-to")({ loader: loadHowtoCatalog, component: HowToIndex });
