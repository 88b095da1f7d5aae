import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { LANGS, type Lang, tr } from "./catalog.ts";
import { asPlayerOnPhone, fund, overflowOf, register, SCREENS } from "./support/player.ts";
import { APP_HEADERS } from "./support/session.ts";

// LOTTOUP Originals as a player plays them on a 360-pixel phone: the lobby's launch gives a framed page's URL, and
// each game page opens with the game session token, plays (a baccarat hand, a slot spin, dice rolls and an
// autoplay), follows the balance, rotates the seed and verifies a round in the browser; the statement lists the
// games' transactions. Every game is photographed in th, en, kh and mm.

asPlayerOnPhone();
test.use({ viewport: { width: 360, height: 780 } });

const LANG_PARAM: Record<Lang, string> = { th: "th", en: "en", kh: "kh", mm: "mm" };

/** The URL `games.launch` answers for an Original (from the page, with the member's cookie and the app's header). */
async function launch(page: Page, gameCode: string): Promise<string> {
  const res = await page.request.post("/api/games.launch", {
    headers: APP_HEADERS,
    data: { provider: "lottoup", gameCode, platform: "mobile" },
  });
  expect(res.status()).toBe(200);
  const answer = (await res.json()) as { url: string; frame: boolean };
  expect(answer.frame).toBe(true);
  expect(answer.url).toMatch(new RegExp(`^/external/originals/${gameCode}\\?token=[^&]+&lang=`));
  return answer.url;
}

const inLang = (url: string, lang: Lang) => url.replace(/lang=[a-z]+/, `lang=${LANG_PARAM[lang]}`);

const balance = (page: Page) => page.locator(".og-balance .money");

async function photograph(page: Page, name: string, lang: Lang) {
  mkdirSync(SCREENS, { recursive: true });
  const overflow = await overflowOf(page, [".og", ".og-table"]);
  expect(overflow).toEqual({ document: 0, ".og": 0, ".og-table": 0 });
  await page.screenshot({ path: `${SCREENS}/originals-${name}-${lang}.png`, fullPage: true });
}

test("a funded player plays baccarat, the slot and dice, rotates a seed and sees the round verified", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await register(page, "og");
  await fund(page, request, "1000");

  // ---- Baccarat: a banker and a tie bet, dealt; the hand, the winner and each bet's return ------------------
  const baccarat = await launch(page, "lottoup-baccarat");
  await page.goto(inLang(baccarat, "en"));
  await expect(page.getByRole("heading", { level: 1, name: "Baccarat" })).toBeVisible();
  // The shell's chrome is not there: the page is framed by the lobby.
  await expect(page.getByRole("banner").getByRole("combobox")).toHaveCount(0);
  await expect(balance(page)).toHaveText("฿1,000.00");
  await expect(page.getByText("Shoe position 0 · 416 cards remaining")).toBeVisible();
  await page.getByRole("button", { name: "Add a 10 baht chip to Banker", exact: true }).click();
  await page.getByRole("textbox", { name: /^Tie 8:1/ }).fill("10");
  await expect(page.getByText("Total stake ฿20.00")).toBeVisible();
  // Player and banker together are refused before anything is sent.
  await page.getByRole("textbox", { name: /^Player 1:1/ }).fill("10");
  await page.getByRole("button", { name: "Deal", exact: true }).click();
  await expect(page.getByText("Player and Banker cannot both be bet in the same hand.")).toBeVisible();
  await expect(balance(page)).toHaveText("฿1,000.00");
  await page.getByRole("textbox", { name: /^Player 1:1/ }).fill("");
  await page.getByRole("button", { name: "Deal", exact: true }).click();
  await expect(page.locator(".og-winner")).toHaveText(/^(Player wins|Banker wins|Tie)/);
  await expect(page.getByRole("img", { name: / of (spades|hearts|diamonds|clubs)$/ }).first()).toBeVisible();
  await expect(page.getByText(/^Banker: stake ฿10\.00, returns ฿/)).toBeVisible();
  await expect(balance(page)).not.toHaveText("฿1,000.00");
  await expect(page.getByText(/^Shoe position [4-6] · 41[0-2] cards remaining$/)).toBeVisible();
  for (const lang of LANGS) {
    await page.goto(inLang(baccarat, lang));
    await expect(page.locator("html")).toHaveAttribute(
      "lang",
      { th: "th", en: "en", kh: "km", mm: "my" }[lang],
    );
    await page.getByRole("textbox", { name: new RegExp(`^${tr(lang, "Banker")} 0\\.95:1`) }).fill("10");
    await page.getByRole("button", { name: tr(lang, "Deal"), exact: true }).click();
    await expect(page.locator(".og-winner")).toBeVisible();
    await page.locator("details.og-panel").first().locator("summary").click();
    await photograph(page, "baccarat", lang);
  }

  // ---- Siam Fortune: a spin shows the 3 × 5 window and the lines that paid ------------------------------------
  const slot = await launch(page, "lottoup-siam-fortune");
  await page.goto(inLang(slot, "en"));
  await expect(page.getByRole("heading", { level: 1, name: "Siam Fortune" })).toBeVisible();
  await page.getByLabel("Total bet").selectOption({ label: "฿10.00" });
  await expect(page.getByText("10 lines × ฿1.00 a line")).toBeVisible();
  const before = await balance(page).textContent();
  await page.getByRole("button", { name: "Spin", exact: true }).click();
  await expect(
    page.getByText(/^(You get back ฿[\d,.]+ \(stake ฿10\.00\)|No win this time \(stake ฿10\.00\))$/),
  ).toBeVisible();
  await expect(page.locator(".og-reels td [role=img]")).toHaveCount(15);
  const winning = page.getByRole("list", { name: "Winning lines" });
  if (await winning.isVisible())
    await expect(winning.getByRole("listitem").first()).toHaveText(/^Line \d+: \d × /);
  expect(before).not.toBeNull();
  for (const lang of LANGS) {
    await page.goto(inLang(slot, lang));
    await page.getByRole("button", { name: tr(lang, "Spin"), exact: true }).click();
    await expect(page.locator(".og-round-money")).toBeVisible();
    // The rules panel open: the paytable in the player's language.
    await page.getByText(tr(lang, "Rules and paytable")).click();
    await expect(page.getByRole("table", { name: tr(lang, "Paytable, in line bets") })).toBeVisible();
    await photograph(page, "slot", lang);
  }

  // ---- Dice: stake, target, under; the chance and multiplier follow; a roll wins or loses ---------------------
  const dice = await launch(page, "lottoup-dice");
  await page.goto(inLang(dice, "en"));
  await expect(page.getByRole("heading", { level: 1, name: "Dice" })).toBeVisible();
  await page.getByRole("textbox", { name: "Stake (baht)" }).fill("10");
  await page.getByRole("textbox", { name: "Target (0.00–99.99)" }).fill("25");
  await expect(page.locator(".og-odds")).toContainText("25.00%");
  await expect(page.locator(".og-odds")).toContainText("3.9600×");
  await page.getByRole("button", { name: "Roll over" }).click();
  await expect(page.getByRole("textbox", { name: "Target (0.00–99.99)" })).toHaveValue("74.99");
  await expect(page.locator(".og-odds")).toContainText("25.00%");
  await page.getByRole("button", { name: "Roll under" }).click();
  await page.getByRole("textbox", { name: "Target (0.00–99.99)" }).fill("96");
  await page.getByRole("button", { name: "Roll", exact: true }).click();
  await expect(page.getByText("Pick a target with a win chance between 1% and 95%.")).toBeVisible();
  await page.getByRole("textbox", { name: "Target (0.00–99.99)" }).fill("50.00");
  const beforeRoll = await balance(page).textContent();
  await page.getByRole("button", { name: "Roll", exact: true }).click();
  await expect(page.locator(".og-roll")).toHaveText(/^Result \d{1,2}\.\d\d (You win|You lose)$/);
  await expect(balance(page)).not.toHaveText(beforeRoll ?? "");

  await expect(page.getByText(/^Your bet: under 50\.00$/)).toBeVisible();

  // More than the balance: the wallet refuses, the page says so with the balance, and nothing was played.
  const held = await balance(page).textContent();
  await page.getByRole("textbox", { name: "Stake (baht)" }).fill("5000");
  await page.getByRole("button", { name: "Roll", exact: true }).click();
  await expect(page.getByText(`Not enough money: your balance is ${held}.`)).toBeVisible();
  await expect(balance(page)).toHaveText(held ?? "");
  await page.getByRole("textbox", { name: "Stake (baht)" }).fill("10");

  // Autoplay: 3 rounds, one at a time, then it says it finished.
  await page.getByRole("spinbutton", { name: "Rounds (max 100)" }).fill("3");
  await page.getByRole("button", { name: "Start autoplay" }).click();
  await expect(page.getByText("Autoplay finished. Rounds played: 3")).toBeVisible();

  // The history: sealed until the seed is rotated, then verified in the browser.
  const history = page.getByRole("region", { name: "Bet history" });
  await expect(history.getByText("Verifiable after you rotate the seed").first()).toBeVisible();
  await page.getByText("Provably fair: seeds").click();
  await page.getByLabel("Your own client seed (optional)").fill("my lucky seed");
  await page.getByRole("button", { name: "Rotate seed" }).click();
  await expect(
    page.getByText("A client seed is 1 to 64 letters, digits or symbols, without spaces or a colon."),
  ).toBeVisible();
  await page.getByLabel("Your own client seed (optional)").fill("my-lucky-seed");
  await page.getByRole("button", { name: "Rotate seed" }).click();
  await expect(page.getByText("Previous server seed revealed")).toBeVisible();
  await expect(page.locator(".og-facts dd").nth(1)).toHaveText("my-lucky-seed");
  await expect(history.getByText("Verified ✓")).toHaveCount(4);
  await expect(history.getByText("Verifiable after you rotate the seed")).toHaveCount(0);
  await expect(history.getByText(/Mismatch/)).toHaveCount(0);

  for (const lang of LANGS) {
    await page.goto(inLang(dice, lang));
    await page.getByRole("button", { name: tr(lang, "Roll"), exact: true }).click();
    await expect(page.locator(".og-roll strong")).toBeVisible();
    // The seed panel open: a 64-digit commitment must wrap on a 360-pixel phone.
    await page.getByText(tr(lang, "Provably fair: seeds")).click();
    await expect(page.getByRole("button", { name: tr(lang, "Rotate seed") })).toBeVisible();
    await photograph(page, "dice", lang);
  }

  // ---- A game session that is not (or no longer) valid: said plainly, and the member stays logged in ----------
  await page.goto("/external/originals/lottoup-dice?token=not-a-game-session&lang=en");
  await expect(page.getByRole("heading", { name: "This game session has ended" })).toBeVisible();
  await expect(page.getByText("Go back to the lobby and open the game again.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Roll", exact: true })).toHaveCount(0);

  // ---- The statement lists the games' bets and wins ------------------------------------------------------------
  // The game page took the lobby's language (the app's own): back in English for the statement.
  await page.goto(inLang(dice, "en"));
  await expect(page.getByRole("heading", { level: 1, name: "Dice" })).toBeVisible();
  await page.goto("/credit/statement");
  const rows = page.getByRole("tabpanel");
  await expect(rows.getByText("Game bet", { exact: true }).first()).toBeVisible();
  await expect(rows.getByText("\u2212฿10.00").first()).toBeVisible();
  await page.getByRole("tab", { name: "Games" }).click();
  await expect(rows.getByText("Deposit", { exact: true })).toHaveCount(0);
  await expect(rows.getByText("Game bet", { exact: true }).first()).toBeVisible();
});
