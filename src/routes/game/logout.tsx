import { createFileRoute } from "@tanstack/react-router";
import { GamesLogoutPage } from "../../features/games/index.ts";

/** docs/rules.md "Routes": /game/logout, closes the member's game sessions. */
export const Route = createFileRoute("/game/logout")({ component: GamesLogoutPage });
