import { createFileRoute } from "@tanstack/react-router";

/** Every page under /lotto (rounds, the builder, yeekee shooting) is in the lotto area (src/lib/guards.ts). */
export const Route = createFileRoute("/_member/lotto")({ staticData: { area: "lotto" } });
