import { createFileRoute } from "@tanstack/react-router";
import { GamesAt } from "../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/pg-soft2/{gameId?}: PG Soft's lobby, or one of its games. */
export const Route = createFileRoute("/game/pg-soft2/{-$gameId}")({
  component: function PgSoft() {
    const { gameId } = Route.useParams();
    return <GamesAt provider="pg-soft2" rest={[gameId]} />;
  },
});
