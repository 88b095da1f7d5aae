import { createFileRoute } from "@tanstack/react-router";

/** Every page under /bank (the member's bank accounts) is in the money area (src/lib/guards.ts). */
export const Route = createFileRoute("/_member/bank")({ staticData: { area: "money" } });
