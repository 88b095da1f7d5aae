import { createFileRoute } from "@tanstack/react-router";
import { GamesAt } from "../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/wl-game-test/…, addressed as WL's: a list, or a list and a game. */
export const Route = createFileRoute("/game/wl-game-test/$")({
  component: function WlGameTest() {
    const { _splat } = Route.useParams();
    return <GamesAt provider="wl-game-test" rest={(_splat ?? "").split("/")} />;
  },
});
