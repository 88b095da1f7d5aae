import { createFileRoute } from "@tanstack/react-router";
import { GamesAt } from "../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/{provider}/{gameId}, the game in a full-screen frame (guests are asked to log in). */
export const Route = createFileRoute("/game/$provider/$gameId")({
  component: function ProviderGame() {
    const { provider, gameId } = Route.useParams();
    return <GamesAt provider={provider} rest={[gameId]} />;
  },
});
