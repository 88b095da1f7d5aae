// Entry of the games feature (issue 14): the player's side of the casino platform. The lobby (providers,
// categories, search, highlights, favourites, recently played, generated artwork), a game's launch page (the game
// in a full-screen frame with the live balance), the live-casino tables, closing game sessions, and the embeddable
// login. The server side is server/modules/games (docs/games.md).
export { EmbeddedLoginPage } from "./EmbeddedLoginPage.tsx";
export { GamesAt } from "./GamesAt.tsx";
export { GamesLogoutPage } from "./GamesLogoutPage.tsx";
export { LaunchPage } from "./LaunchPage.tsx";
export { LiveCasinoPage } from "./LiveCasinoPage.tsx";
export { LobbyPage } from "./LobbyPage.tsx";
export { gameAddress } from "./lobby.ts";
