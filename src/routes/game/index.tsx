import { createFileRoute } from "@tanstack/react-router";
import { LobbyPage } from "../../features/games/index.ts";

/** docs/rules.md "Routes": /game, the lobby (as /games). */
export const Route = createFileRoute("/game/")({ component: () => <LobbyPage /> });
