import { createFileRoute } from "@tanstack/react-router";
import { LobbyPage } from "../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/wl/index-backup, WL's lobby. */
export const Route = createFileRoute("/game/wl/index-backup")({
  component: () => <LobbyPage provider="wl" />,
});
