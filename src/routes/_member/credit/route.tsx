import { createFileRoute } from "@tanstack/react-router";

/** Every page under /credit (deposits, withdrawals, statements) is in the money area (src/lib/guards.ts). */
export const Route = createFileRoute("/_member/credit")({ staticData: { area: "money" } });
