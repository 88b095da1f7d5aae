import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { GameCategoryCode, ProviderView } from "../../domain/gamePlatform.ts";
import { wording } from "../../lib/messages.ts";

// In the "games" catalog: these texts load with the /games, /game and /live/casino routes.

export const CATEGORY_TEXT: Record<GameCategoryCode, MessageDescriptor> = {
  slots: msg`Slots`,
  table: msg`Table games`,
  "live-casino": msg`Live casino`,
  instant: msg`Instant games`,
  sports: msg`Sports`,
};

/**
 * Providers' names are brands and stay as the server gives them, except our own and the demo's stand-in, whose
 * names are words a player should read in their language.
 */
const PROVIDER_TEXT: Readonly<Record<string, MessageDescriptor>> = {
  "LOTTOUP Originals": msg`LOTTOUP Originals`,
  "Stand-in provider (demo, test games)": msg`Stand-in provider (demo, test games)`,
};

export function providerName(i18n: I18n, provider: Pick<ProviderView, "name">): string {
  const own = PROVIDER_TEXT[provider.name];
  return own ? i18n._(own) : provider.name;
}

/** What a launch or a favourite can be refused with (docs/games-api.md), in the player's words. */
export const gamesErrorText = wording({
  FORBIDDEN: msg`Your account cannot play games at the moment. Please contact support.`,
  PROVIDER_UNAVAILABLE: msg`This game provider is not available on this site right now. Please choose another game.`,
  GAME_NOT_FOUND: msg`This game is not in the lobby any more. Please choose another game.`,
  PROVIDER_ERROR: msg`The game provider did not start the game. No money was taken. Please try again in a moment.`,
  requestInvalid: msg`This game address is not valid. Please choose a game from the lobby.`,
});
