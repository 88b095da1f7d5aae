import { createFileRoute } from "@tanstack/react-router";
import { GamesAt } from "../../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/gpx/{gameList}, GPX's lobby (filtered when the list names a category). */
export const Route = createFileRoute("/game/gpx/$gameList/")({
  component: function GpxList() {
    const { gameList } = Route.useParams();
    return <GamesAt provider="gpx" rest={[gameList]} />;
  },
});
