import { createFileRoute } from "@tanstack/react-router";
import { LobbyPage } from "../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/gpx/pgSport, GPX's sports. */
export const Route = createFileRoute("/game/gpx/pgSport")({
  component: () => <LobbyPage provider="gpx" category="sports" />,
});
