import { createFileRoute } from "@tanstack/react-router";
import { GamesAt } from "../../../../features/games/index.ts";

/**
 * docs/rules.md "Routes": /game/wl/{gameList?}/{gameId}. With both, a WL game; the one-segment shape is the same address as
 * /game/wl/{gameList}, so it is the list (GamesAt's one rule, docs/games.md "The player's screens").
 */
export const Route = createFileRoute("/game/wl/{-$gameList}/$gameId")({
  component: function WlGame() {
    const { gameList, gameId } = Route.useParams();
    return <GamesAt provider="wl" rest={[gameList, gameId]} />;
  },
});
