import { createFileRoute } from "@tanstack/react-router";
import { GamesAt, gameAddress } from "../../features/games/index.ts";

/**
 * docs/rules.md "Routes": every provider page under /game, one route: `/game/{provider}`, `/game/{provider}/{gameId}`
 * and the list shapes (`/game/wm/list`, `/game/wl/{gameList}`, `/game/wl/{gameList?}/{gameId}`,
 * `/game/wl/index-backup`, `/game/wl-game-test/…`, `/game/gpx/{gameList}`, `/game/gpx/{gameList}/{gameId}`,
 * `/game/gpx/pgSport`, `/game/pg-soft2/{gameId?}`). One rule (`screenOf`, docs/games.md "The player's screens")
 * opens the provider's lobby or the game's page; one route and not fifteen keeps the route tree, which every first
 * visit downloads, small (docs/footguns.md "The landing page has no room").
 */
export const Route = createFileRoute("/game/$")({
  component: function ProviderPage() {
    const { _splat } = Route.useParams();
    const { provider, rest } = gameAddress(_splat ?? "");
    return <GamesAt provider={provider} rest={rest} />;
  },
});
