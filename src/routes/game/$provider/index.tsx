import { createFileRoute } from "@tanstack/react-router";
import { GamesAt } from "../../../features/games/index.ts";

/** docs/rules.md "Routes": /game/{provider}, one provider's lobby (or "not available on this site"). */
export const Route = createFileRoute("/game/$provider/")({
  component: function ProviderLobby() {
    const { provider } = Route.useParams();
    return <GamesAt provider={provider} />;
  },
});
