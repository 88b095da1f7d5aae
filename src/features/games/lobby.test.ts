import { describe, expect, it } from "vitest";
import type { GameView, ProviderView } from "../../domain/gamePlatform.ts";
import {
  artworkOf,
  categoriesWithGames,
  categoryOfList,
  favouriteGames,
  filterGames,
  foldText,
  gameAddress,
  initialsOf,
  launchPath,
  screenOf,
} from "./lobby.ts";

// The lobby's pure rules (docs/games.md "The player's screens"): addresses to screens, filtering and search, and
// the artwork drawn for games without a thumbnail.

function game(
  provider: string,
  id: string,
  gameCode: string,
  name: string,
  category: GameView["category"],
): GameView {
  return {
    id,
    provider,
    gameCode,
    name,
    category,
    product: null,
    thumbnailUrl: null,
    platforms: ["desktop", "mobile"],
  };
}

const providers: ProviderView[] = [
  {
    code: "lottoup",
    name: "LOTTOUP Originals",
    available: true,
    categories: ["table", "slots", "instant"],
    games: [
      game("lottoup", "1", "lottoup-baccarat", "Baccarat", "table"),
      game("lottoup", "2", "lottoup-siam-fortune", "Siam Fortune", "slots"),
      game("lottoup", "3", "lottoup-dice", "Dice", "instant"),
    ],
  },
  {
    code: "hub88",
    name: "Stand-in provider (demo, test games)",
    available: true,
    categories: ["instant", "live-casino"],
    games: [
      game("hub88", "4", "sts_coinflip", "Coin Flip", "instant"),
      game("hub88", "5", "sts_highcard", "High Card Live", "live-casino"),
    ],
  },
  { code: "sa", name: "SA Gaming", available: false, categories: [], games: [] },
  {
    code: "wm",
    name: "WM Casino",
    available: false,
    categories: [],
    // Never listed while the provider is not available, even if a stale answer carried games.
    games: [game("wm", "9", "wm_baccarat", "WM Baccarat", "live-casino")],
  },
];

describe("screenOf: which screen an address opens", () => {
  it("opens a provider's lobby with nothing after it, or a list word", () => {
    expect(screenOf("hub88", [])).toEqual({ kind: "lobby", provider: "hub88", category: null });
    expect(screenOf("wm", ["list"])).toEqual({ kind: "lobby", provider: "wm", category: null });
    expect(screenOf("wl", ["index-backup"])).toEqual({ kind: "lobby", provider: "wl", category: null });
    expect(screenOf("pg-soft2", [undefined])).toEqual({
      kind: "lobby",
      provider: "pg-soft2",
      category: null,
    });
  });

  it("reads one segment as a game everywhere but gpx and wl, where it is a list (a category filters)", () => {
    expect(screenOf("hub88", ["sts_coinflip"])).toEqual({
      kind: "launch",
      provider: "hub88",
      gameCode: "sts_coinflip",
    });
    expect(screenOf("pg-soft2", ["mahjong-ways"])).toEqual({
      kind: "launch",
      provider: "pg-soft2",
      gameCode: "mahjong-ways",
    });
    expect(screenOf("gpx", ["slots"])).toEqual({ kind: "lobby", provider: "gpx", category: "slots" });
    expect(screenOf("gpx", ["pgSport"])).toEqual({ kind: "lobby", provider: "gpx", category: "sports" });
    expect(screenOf("gpx", ["whatever"])).toEqual({ kind: "lobby", provider: "gpx", category: null });
    expect(screenOf("wl", ["Live-Casino"])).toEqual({
      kind: "lobby",
      provider: "wl",
      category: "live-casino",
    });
    expect(screenOf("wl-game-test", ["table"])).toEqual({
      kind: "lobby",
      provider: "wl-game-test",
      category: "table",
    });
  });

  it("reads a list and a game as the game", () => {
    expect(screenOf("gpx", ["slots", "g1"])).toEqual({ kind: "launch", provider: "gpx", gameCode: "g1" });
    // /game/wl/{-$gameList}/$gameId without the list is the address /game/wl/{gameList}: the list, as docs/rules.md names it.
    expect(screenOf("wl", [undefined, "slots"])).toEqual({
      kind: "lobby",
      provider: "wl",
      category: "slots",
    });
    expect(screenOf("wl", ["table", "g3"])).toEqual({ kind: "launch", provider: "wl", gameCode: "g3" });
    expect(screenOf("wl-game-test", ["a", "b", ""])).toEqual({
      kind: "launch",
      provider: "wl-game-test",
      gameCode: "b",
    });
  });

  it("turns list names into categories only when they are one", () => {
    expect(categoryOfList("sports")).toBe("sports");
    expect(categoryOfList("pgsport")).toBe("sports");
    expect(categoryOfList("live")).toBeNull();
    expect(categoryOfList(undefined)).toBeNull();
  });
});

describe("gameAddress: the /game route's splat", () => {
  it("splits the provider from the rest and decodes each segment once", () => {
    expect(gameAddress("hub88")).toEqual({ provider: "hub88", rest: [] });
    expect(gameAddress("gpx/slots/a%2Fb")).toEqual({ provider: "gpx", rest: ["slots", "a/b"] });
    expect(gameAddress("wl//g1")).toEqual({ provider: "wl", rest: ["", "g1"] });
    expect(gameAddress("pg-soft2/100%")).toEqual({ provider: "pg-soft2", rest: ["100%"] });
    const { provider, rest } = gameAddress("wl//g1");
    expect(screenOf(provider, rest)).toEqual({ kind: "lobby", provider: "wl", category: null });
  });
});

describe("launchPath: where a card's Play leads", () => {
  it("puts the category as the list where the provider's addresses have one, and escapes the code", () => {
    expect(launchPath(game("hub88", "4", "sts_coinflip", "Coin Flip", "instant"))).toBe(
      "/game/hub88/sts_coinflip",
    );
    expect(launchPath(game("gpx", "7", "a/b c", "X", "slots"))).toBe("/game/gpx/slots/a%2Fb%20c");
    expect(launchPath(game("wl", "8", "w1", "W", "table"))).toBe("/game/wl/table/w1");
  });

  it("comes back to the same game through screenOf", () => {
    for (const g of [
      game("gpx", "7", "g7", "X", "slots"),
      game("lottoup", "1", "lottoup-dice", "Dice", "instant"),
    ]) {
      const [, , provider, ...rest] = launchPath(g).split("/");
      expect(screenOf(provider as string, rest.map(decodeURIComponent))).toEqual({
        kind: "launch",
        provider: g.provider,
        gameCode: g.gameCode,
      });
    }
  });
});

describe("filterGames: the lobby's lists", () => {
  const codes = (list: GameView[]) => list.map((g) => g.gameCode);

  it("lists every available provider's games in order, never an unavailable one's", () => {
    expect(codes(filterGames(providers))).toEqual([
      "lottoup-baccarat",
      "lottoup-siam-fortune",
      "lottoup-dice",
      "sts_coinflip",
      "sts_highcard",
    ]);
    expect(filterGames(providers, { provider: "wm" })).toEqual([]);
  });

  it("filters by provider and category", () => {
    expect(codes(filterGames(providers, { provider: "hub88" }))).toEqual(["sts_coinflip", "sts_highcard"]);
    expect(codes(filterGames(providers, { category: "instant" }))).toEqual(["lottoup-dice", "sts_coinflip"]);
    expect(codes(filterGames(providers, { provider: "lottoup", category: "live-casino" }))).toEqual([]);
  });

  it("searches names, codes and provider names, every word, ignoring case and accents", () => {
    expect(codes(filterGames(providers, { query: "  coin " }))).toEqual(["sts_coinflip"]);
    expect(codes(filterGames(providers, { query: "FORTUNE siam" }))).toEqual(["lottoup-siam-fortune"]);
    expect(codes(filterGames(providers, { query: "stand-in live" }))).toEqual(["sts_highcard"]);
    expect(codes(filterGames(providers, { query: "bàccarat" }))).toEqual(["lottoup-baccarat"]);
    expect(codes(filterGames(providers, { query: "nothing like this" }))).toEqual([]);
    expect(foldText("Siam_Fortune-Ｘ")).toBe("siam fortune x");
  });

  it("names the categories present, in the platform's order, and favourites by id", () => {
    expect(categoriesWithGames(filterGames(providers))).toEqual(["slots", "table", "live-casino", "instant"]);
    expect(favouriteGames(providers, ["4", "404", "1"]).map((g) => g.name)).toEqual([
      "Coin Flip",
      "Baccarat",
    ]);
  });
});

describe("artworkOf: the drawn picture of a game without a thumbnail", () => {
  it("is the same for the same game, every time", () => {
    expect(artworkOf("hub88", "sts_wheel")).toEqual(artworkOf("hub88", "sts_wheel"));
    expect(artworkOf("lottoup", "lottoup-dice")).toMatchInlineSnapshot(`
      {
        "angle": 270,
        "emblem": "waves",
        "from": "hsl(339 70% 38%)",
        "initials": "DI",
        "key": "d20kjf",
        "to": "hsl(105 75% 22%)",
      }
    `);
  });

  it("differs between games and between providers of one code", () => {
    const seen = new Set(
      ["a", "b", "c", "d", "e", "f"].map((code) => JSON.stringify(artworkOf("hub88", code))),
    );
    expect(seen.size).toBe(6);
    expect(artworkOf("hub88", "x").key).not.toBe(artworkOf("gpx", "x").key);
  });

  it("takes its letters from the code, past a provider prefix", () => {
    expect(initialsOf("lottoup-siam-fortune")).toBe("SF");
    expect(initialsOf("sts_wheel")).toBe("WH");
    expect(initialsOf("sts_coinflip")).toBe("CO");
    expect(initialsOf("ไพ่-ป๊อก")).toBe("ไป");
    expect(initialsOf("--")).toBe("?");
  });
});
