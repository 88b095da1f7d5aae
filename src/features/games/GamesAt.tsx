import { LaunchPage } from "./LaunchPage.tsx";
import { LobbyPage } from "./LobbyPage.tsx";
import { screenOf } from "./lobby.ts";

/**
 * What `/game/<provider>/<rest…>` shows, by one rule (`screenOf`) for every shape docs/rules.md names (the route `src/routes/game/$.tsx`): the provider's lobby
 * (filtered by a list that names a category) or a game's launch page.
 */
export function GamesAt({
  provider,
  rest = [],
}: {
  provider: string;
  rest?: readonly (string | undefined)[];
}) {
  const screen = screenOf(provider, rest);
  return screen.kind === "launch" ? (
    <LaunchPage
      key={`${screen.provider}/${screen.gameCode}`}
      provider={screen.provider}
      gameCode={screen.gameCode}
    />
  ) : (
    <LobbyPage
      key={`${screen.provider}/${screen.category}`}
      provider={screen.provider}
      category={screen.category}
    />
  );
}
