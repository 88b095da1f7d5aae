import { createFileRoute } from "@tanstack/react-router";
import { GamesAt } from "../../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/gpx/{gameList}/{gameId}, a GPX game. */
export const Route = createFileRoute("/game/gpx/$gameList/$gameId")({
  component: function GpxGame() {
    const { gameList, gameId } = Route.useParams();
    return <GamesAt provider="gpx" rest={[gameList, gameId]} />;
  },
});
