import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { HTML_LANG, LANGS, NATIVE_NAME, tr } from "./catalog.ts";
import {
  balanceChip,
  longUserName,
  overflowOf,
  phone,
  registerAs,
  SCREENS,
  switchLanguage,
} from "./support/player.ts";

const HERO = "Thai lottery, yeekee and world lotteries in one place";

test.describe("the app shell", () => {
  test("opens in Thai for a new visitor, with the demo marker", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: tr("th", HERO) })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.getByRole("banner").getByText(tr("th", "Demo"))).toBeVisible();
    await expect(page).toHaveTitle(`${tr("th", "Thai lottery online")} - LOTTOUP`);
    // The site detail of this domain, from the server's seed.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Thai lottery.*live results/,
    );
  });

  for (const lang of LANGS) {
    test(`switches to ${lang} from the top bar at once and remembers it`, async ({ page }, testInfo) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: tr("th", HERO) })).toBeVisible();
      await page.getByRole("banner").getByRole("combobox").selectOption({ label: NATIVE_NAME[lang] });

      await expect(page.getByRole("heading", { level: 1, name: tr(lang, HERO) })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[lang]);
      await expect(page.getByRole("navigation", { name: tr(lang, "Main menu") })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`shell-${lang}.png`), fullPage: true });

      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: tr(lang, HERO) })).toBeVisible();
      await page
        .getByRole("link", { name: tr(lang, "How to play") })
        .first()
        .click();
      await expect(page).toHaveURL(/\/how-to$/);
      await expect(page.getByRole("heading", { level: 1, name: tr(lang, "How to play") })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`how-to-${lang}.png`), fullPage: true });
    });
  }

  test("falls back to Thai for an unsupported stored language", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("locale", "fr"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: tr("th", HERO) })).toBeVisible();
  });

  test("accepts the BCP-47 codes km and my for Khmer and Burmese", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("locale", "km"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: tr("kh", HERO) })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "km");
  });
});

test.describe("errors and maintenance", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("locale-set")) {
        localStorage.setItem("locale", "en");
        sessionStorage.setItem("locale-set", "1");
      }
    });
  });

  test("an unknown route shows the 404 screen, and Back to Home goes home", async ({ page }) => {
    await page.goto("/no-such-page/at-all");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("This page could not be found")).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found - LOTTOUP");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
  });

  test("addresses the product does not have answer 404", async ({ page }) => {
    for (const path of [
      "/promotions-that-never-were",
      "/games/extra/deep",
      "/external/originals/no-such-game",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    }
  });

  for (const lang of LANGS) {
    test(`the maintenance page reads in ${lang}`, async ({ page }, testInfo) => {
      await page.goto("/");
      await page.getByRole("banner").getByRole("combobox").selectOption({ label: NATIVE_NAME[lang] });
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[lang]);
      await page.goto("/maintenance");
      await expect(page.getByRole("heading", { name: tr(lang, "Under Maintenance") })).toBeVisible();
      await expect(page.getByRole("button", { name: tr(lang, "Go back") })).toBeVisible();
      await page.getByRole("link", { name: tr(lang, "More Information") }).click();
      await expect(page).toHaveURL(/\/how-to$/);
      await page.goto("/maintenance");
      await page.screenshot({ path: testInfo.outputPath(`maintenance-${lang}.png`) });
    });
  }
});

test.describe("layout by device", () => {
  test("on a desktop the drawer is open by default and the menu button closes it", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("locale", "en"));
    await page.goto("/");
    const drawer = page.getByRole("navigation", { name: "Main menu" });
    await expect(drawer).toBeVisible();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(drawer).toBeHidden();
  });

  test.describe("on a phone", () => {
    test.use(phone());

    test("the drawer starts closed, opens from the menu and closes after choosing a page", async ({
      page,
    }, testInfo) => {
      await page.addInitScript(() => localStorage.setItem("locale", "en"));
      await page.goto("/");
      const drawer = page.getByRole("navigation", { name: "Main menu" });
      await expect(drawer).toBeHidden();
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(drawer).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath("mobile-drawer.png") });
      await drawer.getByRole("link", { name: "Install the app" }).click();
      await expect(page).toHaveURL(/\/download$/);
      await expect(drawer).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: "Install the LOTTOUP app" })).toBeVisible();
    });
  });
});

test.describe("the shell on a 360-pixel phone", () => {
  test.use(phone(360, 760));

  test("fits in every language, logged in with a 30-character user name", async ({ page, browser }) => {
    mkdirSync(SCREENS, { recursive: true });
    await page.addInitScript(() => {
      if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en");
    });
    const userName = longUserName(30);
    expect(userName).toHaveLength(30);
    await registerAs(page, userName);
    // A guest's shell (the landing page) in a second phone of the same size.
    const guest = await browser.newPage({
      viewport: { width: 360, height: 760 },
      userAgent: await page.evaluate(() => navigator.userAgent),
      isMobile: true,
      hasTouch: true,
    });
    await guest.goto("/");
    for (const lang of LANGS) {
      await switchLanguage(page, lang);
      await page.goto("/main");
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: tr(lang, "Welcome, {displayName}").replace("{displayName}", userName),
        }),
      ).toBeVisible();
      // The balance is the top bar's widest piece (it loads after the first paint).
      await expect(balanceChip(page, lang)).toBeVisible();
      expect.soft(await overflowOf(page, [".top-bar", ".hero"]), `/main in ${lang}`).toEqual({
        document: 0,
        ".top-bar": 0,
        ".hero": 0,
      });
      await page.screenshot({ path: `${SCREENS}/shell-360-main-${lang}.png`, fullPage: true });
      for (const [path, name] of [
        ["/lotto", "lotto"],
        ["/credit/deposit", "deposit"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(balanceChip(page, lang)).toBeVisible();
        // The page's own content, not its loading state, is what must fit.
        await expect(page.locator(".waiting-overlay")).toHaveCount(0);
        await expect(page.getByText(tr(lang, "Loading…"))).toHaveCount(0);
        expect.soft(await overflowOf(page, [".top-bar"]), `${path} in ${lang}`).toEqual({
          document: 0,
          ".top-bar": 0,
        });
        await page.screenshot({ path: `${SCREENS}/shell-360-${name}-${lang}.png`, fullPage: true });
      }
      await switchLanguage(guest, lang);
      await expect(guest.getByRole("heading", { level: 1, name: tr(lang, HERO) })).toBeVisible();
      expect
        .soft(await overflowOf(guest, [".top-bar"]), `/ in ${lang}`)
        .toEqual({ document: 0, ".top-bar": 0 });
      await guest.screenshot({ path: `${SCREENS}/shell-360-landing-${lang}.png`, fullPage: true });
    }
  });
});
