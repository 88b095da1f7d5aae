import { createFileRoute } from "@tanstack/react-router";
import { LobbyPage } from "../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/wm/list, WM's lobby. */
export const Route = createFileRoute("/game/wm/list")({ component: () => <LobbyPage provider="wm" /> });
