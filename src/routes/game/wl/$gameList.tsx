import { createFileRoute } from "@tanstack/react-router";
import { GamesAt } from "../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/wl/{gameList}, WL's lobby (filtered when the list names a category). */
export const Route = createFileRoute("/game/wl/$gameList")({
  component: function WlList() {
    const { gameList } = Route.useParams();
    return <GamesAt provider="wl" rest={[gameList]} />;
  },
});
