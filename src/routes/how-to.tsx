import { createFileRoute } from "@tanstack/react-router";
import { HowToIndex } from "../features/content/HowToIndex.tsx";
import { loadHowtoCatalog } from "../features/content/howtoCatalog.ts";

export const Route = createFileRoute("/how-to")({ loader: loadHowtoCatalog, component: HowToIndex });
