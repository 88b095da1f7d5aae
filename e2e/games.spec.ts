import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { LANGS, tr } from "./catalog.ts";
import {
  asPlayerOnPhone,
  balanceChip,
  fund,
  overflowOf,
  register,
  registerElsewhere,
  SCREENS,
  setStatus,
  switchLanguage,
} from "./support/player.ts";

/*
 * The games lobby as a player uses it (docs/games.md "The player's screens"), on a 360-pixel phone against the demo
 * server: LOTTOUP Originals, the Hub88 stand-in (three test games framed from 127.0.0.1) and the rules' provider slugs listed as
 * not available.
 */
asPlayerOnPhone();
test.use({ viewport: { width: 360, height: 780 } });

const STAND_IN = "Stand-in provider (demo, test games)";

async function openFromMenu(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name, exact: true }).click();
}

/** The balance in the game's bar ("Balance: ฿1,234.56"). */
function barBalance(page: Page) {
  return page.getByRole("region", { name: "Game" }).getByRole("status", { name: /^Balance: / });
}

test("a guest browses the lobby, searches, opens a provider and is asked to log in to play", async ({
  page,
}) => {
  await page.goto("/games");
  await expect(page.getByRole("heading", { level: 1, name: "Games" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Game providers" });
  // Originals first, then the stand-in; the slugs nobody connected are not tabs.
  await expect(tabs.getByRole("link")).toHaveText(["All games", "LOTTOUP Originals", STAND_IN]);
  await expect(page.getByRole("link", { name: "Play Baccarat" }).first()).toBeVisible();
  // Guests have no stars.
  await expect(page.getByRole("button", { name: /^Favourite: / })).toHaveCount(0);

  await page.getByLabel("Search games").fill("coin");
  await expect(page.getByRole("link", { name: "Play Coin Flip" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Play Baccarat" })).toHaveCount(0);
  await page.getByLabel("Search games").fill("no such game anywhere");
  await expect(page.getByText("No game matches your search.")).toBeVisible();

  await tabs.getByRole("link", { name: STAND_IN }).click();
  await expect(page).toHaveURL(/\/game\/hub88$/);
  await expect(page.getByRole("heading", { level: 1, name: STAND_IN })).toBeVisible();
  await page.getByRole("button", { name: "Live casino" }).click();
  const live = page.getByRole("link", { name: /^Play / });
  await expect(live).toHaveCount(1);
  await expect(live).toHaveAccessibleName(/^Play High Card Live\b/);
  await page.getByRole("button", { name: "All", exact: true }).click();
  await page.getByRole("link", { name: "Play Coin Flip" }).click();
  await expect(page).toHaveURL(/\/game\/hub88\/sts_coinflip$/);
  await expect(page.getByRole("heading", { name: "This game needs an account" })).toBeVisible();
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/games-guest-play-en.png`, fullPage: true });
  await page.getByRole("link", { name: "Log in to play" }).click();
  await expect(page).toHaveURL(/\/external\/login\?next=/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await expect(page.getByLabel("Username")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/games-external-login-en.png`, fullPage: true });
  // Framed by another site, it has no top bar: the page carries the language picker itself.
  await page.getByRole("combobox", { name: "Language" }).selectOption("th");
  await expect(page.getByRole("heading", { name: "เข้าสู่ระบบ" })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/games-external-login-th.png`, fullPage: true });
  await page.getByRole("combobox", { name: "ภาษา" }).selectOption("en");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();

  // A provider docs/rules.md lists that this site has not connected says so plainly, with the way back.
  await page.goto("/game/sa");
  await expect(page.getByRole("heading", { name: "Not available on this site" })).toBeVisible();
  await expect(page.getByText("SA Gaming games are not connected on this site")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/games-unavailable-en.png`, fullPage: true });
  await page.getByRole("link", { name: "Back to the games" }).click();
  await expect(page).toHaveURL(/\/games$/);
  // The list addresses open the provider's lobby.
  await page.goto("/game/wm/list");
  await expect(page.getByRole("heading", { name: "Not available on this site" })).toBeVisible();
  await page.goto("/game/gpx/slots");
  await expect(page.getByRole("heading", { level: 1, name: "GPX" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Not available on this site" })).toBeVisible();
  await page.goto("/game/lottoup");
  await expect(page.getByRole("heading", { level: 1, name: "LOTTOUP Originals" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Play / })).toHaveCount(3);
  await page.goto("/live/casino");
  await expect(page.getByRole("heading", { level: 1, name: "Live casino" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Play High Card Live" })).toBeVisible();
});

test("a guest who logs in from a game's page comes back to it", async ({ page, browser }) => {
  const userName = await registerElsewhere(browser, "gl");

  await page.goto("/game/hub88/sts_wheel");
  await page.getByRole("link", { name: "Log in to play" }).click();
  await page.getByLabel("Username").fill(userName);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("PIN", { exact: true }).fill("Secret#123");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/game\/hub88\/sts_wheel$/);
  await expect(
    page.frameLocator("iframe[title='Game: Lucky Wheel']").getByRole("heading", { name: "Lucky Wheel" }),
  ).toBeVisible();
});

test("another site frames /external/login: the login opens as LOTTOUP's own page in a new tab, and holds there", async ({
  page,
  browser,
  baseURL,
}) => {
  const userName = await registerElsewhere(browser, "fx");

  // A partner's page on another site (127.0.0.1, not localhost) frames the embeddable login. Inside it the session
  // cookie (SameSite=Strict) cannot be stored: a login form there failed after the PIN ("Something went wrong").
  const partnerPage = `<!doctype html><meta name="viewport" content="width=device-width"><h1>Partner</h1><iframe title="LOTTOUP login" style="width:340px;height:640px;border:0" src="${baseURL}/external/login?next=%2Fgames"></iframe>`;
  const partner = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(partnerPage);
  });
  await new Promise<void>((listening) => partner.listen(0, "127.0.0.1", listening));
  const { port } = partner.address() as AddressInfo;
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
  } finally {
    partner.close();
  }
  const framed = page.frameLocator("iframe[title='LOTTOUP login']");
  // Its storage is the partner's partition, so it opens in the default language: the player picks theirs.
  await framed.getByRole("combobox", { name: "ภาษา" }).selectOption("en");
  await expect(
    framed.getByText("This page is shown inside another website.", { exact: false }),
  ).toBeVisible();
  await expect(framed.getByLabel("Username")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/games-external-login-framed-en.png` });

  const opened = page.waitForEvent("popup");
  await framed.getByRole("link", { name: "Log in on LOTTOUP" }).click();
  const own = await opened;
  await expect(own).toHaveURL(/\/external\/login\?next=%2Fgames$/);
  await own.getByRole("combobox", { name: "ภาษา" }).selectOption("en");
  await own.getByLabel("Username").fill(userName);
  await own.getByRole("button", { name: "Next" }).click();
  await own.getByLabel("PIN", { exact: true }).fill("Secret#123");
  await own.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(own).toHaveURL(/\/games$/);
  await expect(balanceChip(own)).toBeVisible();
  await own.close();
});

test("a funded member marks a favourite, plays the stand-in's Coin Flip in the frame; balance, recent and statement follow", async ({
  page,
  request,
}) => {
  await register(page, "gm");
  await fund(page, request, "100.00");
  await openFromMenu(page, "Games");
  await expect(page).toHaveURL(/\/games$/);
  await expect(page.getByRole("heading", { level: 1, name: "Games" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Highlights" })).toBeVisible();

  // The star keeps Coin Flip in the favourites, which now lead the lobby.
  const allGames = page.getByRole("region", { name: /^All games/ });
  const star = allGames.getByRole("button", { name: "Favourite: Coin Flip" });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await expect(
    page.getByRole("region", { name: "Favourites" }).getByRole("link", { name: "Play Coin Flip" }),
  ).toBeVisible();
  // Kept by the server: still there after a reload.
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Favourites" }).getByRole("link", { name: "Play Coin Flip" }),
  ).toBeVisible();

  await allGames.getByRole("link", { name: "Play Coin Flip" }).click();
  await expect(page).toHaveURL(/\/game\/hub88\/sts_coinflip$/);
  const frame = page.frameLocator("iframe[title='Game: Coin Flip']");
  await expect(frame.getByRole("heading", { name: "Coin Flip" })).toBeVisible();
  await expect(barBalance(page)).toHaveAccessibleName("Balance: ฿100.00");

  // Play until a call is right (a lost round is a bet only; a won one a bet and a win).
  let won = false;
  for (let round = 0; round < 20 && !won; round++) {
    await frame.getByRole("button", { name: "Play", exact: true }).click();
    const result = frame.getByRole("status");
    await expect(result).toHaveText(/you (win|lose)\.$/);
    won = /you win\.$/.test((await result.textContent()) ?? "");
    await expect(frame.getByRole("button", { name: "Play", exact: true })).toBeEnabled();
  }
  expect(won).toBe(true);
  // The bar follows the wallet (money-update over the member's socket), without reloading.
  await expect(barBalance(page)).not.toHaveAccessibleName("Balance: ฿100.00");

  await page.getByRole("link", { name: "Lobby" }).click();
  await expect(page).toHaveURL(/\/game\/hub88$/);
  await page
    .getByRole("navigation", { name: "Game providers" })
    .getByRole("link", { name: "All games" })
    .click();
  await expect(
    page.getByRole("region", { name: "Recently played" }).getByRole("link", { name: "Play Coin Flip" }),
  ).toBeVisible();

  await page.goto("/credit/statement");
  await page.getByRole("tab", { name: "Games" }).click();
  const rows = page.getByRole("tabpanel");
  await expect(rows.getByText("Game bet").first()).toBeVisible();
  await expect(rows.getByText("Game win").first()).toBeVisible();
  await expect(rows.getByText("Deposit")).toHaveCount(0);

  // An Original launches into the same frame, from the site itself.
  await page.goto("/game/lottoup");
  await page.getByRole("link", { name: "Play Dice" }).click();
  await expect(page.locator("iframe[title='Game: Dice']")).toHaveAttribute(
    "src",
    /^\/external\/originals\/lottoup-dice\?token=.+&lang=en/,
  );

  // /game/logout closes the game sessions.
  await page.goto("/game/logout");
  await expect(page.getByRole("heading", { name: "Your game sessions are closed" })).toBeVisible();
});

test("a member plays Baccarat and Siam Fortune inside the lobby's frame; the bar's balance follows every round", async ({
  page,
  request,
}) => {
  await register(page, "go");
  await fund(page, request, "100.00");
  await page.goto("/game/lottoup");
  // What the framed game shows as its balance, and the app's bar beside it (money-update over the member's socket).
  const sameBalance = async (frame: ReturnType<Page["frameLocator"]>) => {
    const shown = (await frame.locator(".og-balance .money").textContent()) ?? "";
    expect(shown).toMatch(/^฿[\d,]+\.\d\d$/);
    await expect(barBalance(page)).toHaveAccessibleName(`Balance: ${shown}`);
    return shown;
  };

  await page.getByRole("link", { name: "Play Baccarat" }).click();
  await expect(page).toHaveURL(/\/game\/lottoup\/lottoup-baccarat$/);
  const table = page.frameLocator("iframe[title='Game: Baccarat']");
  await expect(table.getByRole("heading", { level: 1, name: "Baccarat" })).toBeVisible();
  await expect(barBalance(page)).toHaveAccessibleName("Balance: ฿100.00");
  await table.getByRole("button", { name: "Add a 10 baht chip to Banker", exact: true }).click();
  await table.getByRole("button", { name: "Deal", exact: true }).click();
  await expect(table.getByRole("img", { name: / of (spades|hearts|diamonds|clubs)$/ }).first()).toBeVisible();
  let shown = await sameBalance(table);

  await page.getByRole("link", { name: "Lobby" }).click();
  await page.getByRole("link", { name: "Play Siam Fortune" }).click();
  const slot = page.frameLocator("iframe[title='Game: Siam Fortune']");
  await expect(slot.getByRole("heading", { level: 1, name: "Siam Fortune" })).toBeVisible();
  await expect(barBalance(page)).toHaveAccessibleName(`Balance: ${shown}`);
  await slot.getByLabel("Total bet").selectOption({ label: "฿10.00" });
  // At least one spin; more while a tie (the banker's stake back) and spins returning their stake left the money where it was.
  for (let spin = 0; spin === 0 || (spin < 6 && shown === "฿100.00"); spin++) {
    await slot.getByRole("button", { name: "Spin", exact: true }).click();
    await expect(
      slot.getByText(/^(You get back ฿[\d,.]+ \(stake ฿10\.00\)|No win this time \(stake ฿10\.00\))$/),
    ).toBeVisible();
    shown = await sameBalance(slot);
    await expect(slot.getByRole("button", { name: "Spin", exact: true })).toBeEnabled();
  }
  expect(shown).not.toBe("฿100.00");

  await page.goto("/credit/statement");
  await page.getByRole("tab", { name: "Games" }).click();
  await expect(page.getByRole("tabpanel").getByText("Game bet").first()).toBeVisible();
});

test("the lobby and a game's page on a 360-pixel phone in th, en, kh and mm", async ({ page, request }) => {
  await register(page, "gs");
  await fund(page, request, "50.00");
  mkdirSync(SCREENS, { recursive: true });
  await page.goto("/games");
  for (const lang of LANGS) {
    await switchLanguage(page, lang);
    await expect(page.getByRole("heading", { level: 1, name: tr(lang, "Games") })).toBeVisible();
    await expect(page.getByRole("link", { name: `${tr(lang, "Play")} Coin Flip` }).first()).toBeVisible();
    expect(await overflowOf(page, [".game-grid", ".games-categories", ".games-search"])).toEqual({
      document: 0,
      ".game-grid": 0,
      ".games-categories": 0,
      ".games-search": 0,
    });
    await page.screenshot({ path: `${SCREENS}/games-lobby-${lang}.png`, fullPage: true });

    await page
      .getByRole("link", { name: `${tr(lang, "Play")} Coin Flip` })
      .first()
      .click();
    await expect(
      page.frameLocator("iframe[title]").getByRole("heading", { name: "Coin Flip" }),
    ).toBeVisible();
    expect((await overflowOf(page, [".game-bar"]))[".game-bar"]).toBe(0);
    await page.screenshot({ path: `${SCREENS}/games-launch-${lang}.png` });
    await page.getByRole("link", { name: tr(lang, "Lobby") }).click();
    await page.goto("/games");
  }
  await switchLanguage(page, "en");
});

test("status 3 (no games): /games, a game's page and /live/casino show 403, the member stays logged in", async ({
  page,
  request,
}) => {
  await register(page, "s3");
  await setStatus(page, request, 3);
  // This device does not know yet: the server refuses the lobby's call (403 FORBIDDEN), the app shows 403.
  await openFromMenu(page, "Games");
  await expect(page.getByRole("heading", { level: 1, name: "Sorry, access denied." })).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
  // Now it knows: the routes refuse the games pages themselves.
  for (const path of ["/games", "/game/hub88/sts_coinflip", "/live/casino"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Sorry, access denied." })).toBeVisible();
  }
  // Lotto is not closed to them.
  await page.goto("/lotto");
  await expect(page.getByRole("heading", { level: 1, name: "Lotto" })).toBeVisible();
});
