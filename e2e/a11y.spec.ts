import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { E2E_STAFF } from "./support/constants.ts";
import { fund, PIN, phone, register } from "./support/player.ts";

// Accessible to every player (issue 13): every route of the app, opened on a 360-pixel phone (and the guest pages
// once more on a desktop), has no serious or critical axe-core violation of WCAG 2.0/2.1 A and AA; and the slip
// builder works by keyboard alone, with focus never dropped on <body> and never hidden under the sticky submit bar.
// docs/accessibility.md says what is checked and how.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const PHONE = phone(360, 780);

/**
 * The games routes: the lobby, a provider's lobby, one that is not connected, a game launched into its frame (a
 * LOTTOUP Original: axe reads the framed page too), the live tables and the game logout.
 */
const GAMES_ROUTES: readonly string[] = [
  "/games",
  "/game",
  "/game/lottoup",
  "/game/sa",
  "/game/lottoup/lottoup-dice",
  "/live/casino",
  "/game/logout",
];

/** Serious and critical violations on the page as it is now, one readable block each (empty when none). */
async function violationsOn(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) => `    ${n.target.join(" ")}\n      ${(n.failureSummary ?? "").replaceAll("\n", "\n      ")}`,
        )
        .join("\n");
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
      return `${where}: ${v.id} (${v.impact}, ${v.nodes.length} element(s)): ${v.help}\n${nodes}${more}`;
    });
}

/** Waits until the page has its title heading and nothing of it is still loading. */
async function settled(page: Page) {
  // A game's page is its frame under a slim bar (no title of its own): wait for the framed game's heading.
  const game = page.locator("main iframe");
  await expect(page.getByRole("heading", { level: 1 }).first().or(game)).toBeVisible();
  if ((await game.count()) > 0)
    await expect(page.frameLocator("main iframe").getByRole("heading").first()).toBeVisible();
  await expect(page.locator(".loading-text")).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/** Opens each path and checks it; asserts once at the end, so one run lists every page's violations. */
async function checkRoutes(
  page: Page,
  paths: readonly string[],
  label: string,
  langs: readonly string[] = ["en"],
) {
  const found: string[] = [];
  if (page.url() === "about:blank") await page.goto("/");
  for (const lang of langs) {
    await page.evaluate((l) => localStorage.setItem("locale", l), lang);
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      found.push(...(await violationsOn(page, `${label} ${lang} ${path}`)));
    }
  }
  expect(found, `serious or critical axe violations:\n\n${found.join("\n\n")}`).toEqual([]);
}

async function isNotFound(page: Page, path: string): Promise<boolean> {
  await page.goto(path);
  await settled(page);
  return (await page.getByRole("heading", { name: "Page Not Found" }).count()) > 0;
}

const GUEST_ROUTES = [
  "/",
  "/login",
  "/register",
  "/forgot-pin",
  "/how-to",
  "/howto/lotto",
  "/howto/deposit",
  "/results",
  "/download",
  "/maintenance",
  "/no-such-page",
  "/staff",
] as const;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en");
  });
});

test.describe("on a 360-pixel phone", () => {
  test.use(PHONE);

  test("every guest page has no serious or critical axe violation", async ({ page }) => {
    await checkRoutes(page, GUEST_ROUTES, "phone", ["en", "th"]);
  });

  test("every member page has no serious or critical axe violation", async ({ page, request }) => {
    test.slow();
    await register(page, "a");
    await fund(page, request, "500");
    // A name and a verified bank account, so the deposit channels and the withdrawal show their forms.
    await page.goto("/profile/edit");
    await page.getByLabel("Name", { exact: true }).fill("Somchai Jaidee");
    await page.getByRole("form", { name: "Your details" }).getByLabel("Your PIN").fill(PIN);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your profile has been saved.")).toBeVisible({ timeout: 30_000 });
    await page.goto("/bank/add");
    await settled(page);
    const found = await violationsOn(page, "phone /bank/add");
    await page.getByRole("radio", { name: "Kasikornbank" }).check();
    const account = `${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 1000)}`.padStart(10, "1");
    await page
      .getByLabel("Account number")
      .fill(account.endsWith("9999") ? `${account.slice(0, 9)}1` : account);
    await page.getByLabel("Your PIN").fill(PIN);
    await page.getByRole("button", { name: "Add bank account" }).click();
    await expect(page).toHaveURL(/\/bank\/status$/, { timeout: 30_000 });

    // A deposit notice waiting for staff, so the status page lists one with its badge.
    await page.goto("/credit/deposit/normal");
    await page.getByRole("radio").first().check();
    await page.getByLabel("Amount you transferred (baht)").fill("250");
    await page.getByRole("button", { name: "Send deposit notice" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, we have your deposit notice" })).toBeVisible();
    found.push(...(await violationsOn(page, "phone deposit notice sent")));

    // A yeekee round with a placed slip: its builder (with the round's popular numbers), shooting and verify pages.
    const betId = await placeYeekeeSlip(page);
    await page.getByRole("button", { name: "Bet again in this round" }).click();
    await expect(page.getByRole("region", { name: "Popular in this round" })).toBeVisible();
    found.push(...(await violationsOn(page, "phone slip builder with popular numbers")));
    // The builder with a line in the slip (the lines, their prices and the sticky submit bar).
    const number = page.getByRole("textbox", { name: "Number", exact: true });
    await number.fill("7");
    await number.press("Enter");
    await expect(page.getByRole("heading", { name: "Your slip (1 line)" })).toBeVisible();
    found.push(...(await violationsOn(page, "phone slip builder with a line")));

    const paths = [
      "/main",
      "/profile",
      "/profile/edit",
      "/profile/change-pin",
      "/bank/status",
      "/credit/deposit",
      "/credit/deposit/normal",
      "/credit/deposit/fast",
      "/credit/deposit/fast/queue",
      "/credit/deposit/qrcode",
      "/credit/deposit/qrcodes",
      "/credit/deposit/truemoney",
      "/credit/deposit/crypto",
      "/credit/deposit/crypto/queue",
      "/credit/withdraw",
      "/credit/statement",
      "/credit/status",
      "/credit/turnover",
      "/lotto",
      "/lotto/yeekee",
      "/lotto/yeekee5Min",
      "/lotto/pingpong",
      "/lotto/gov",
      "/lotto/stock",
      "/lotto/4d",
      `/lotto/yeekee/${betId}/ying`,
      "/poy",
      "/poy/yeekee",
      "/number-set",
      `/results/verify/${betId}`,
    ];
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      found.push(...(await violationsOn(page, `phone ${path}`)));
    }
    // Once more in Thai, the players' first language: accessible names must contain the visible text in every
    // language, and Thai words are longer than the English ones.
    await page.evaluate(() => localStorage.setItem("locale", "th"));
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      found.push(...(await violationsOn(page, `phone th ${path}`)));
    }
    expect(found, `serious or critical axe violations:\n\n${found.join("\n\n")}`).toEqual([]);
  });

  test("the games routes have no serious or critical axe violation", async ({ page, request }) => {
    await register(page, "g");
    await fund(page, request, "100");
    for (const path of GAMES_ROUTES) expect(await isNotFound(page, path), path).toBe(false);
    await checkRoutes(page, GAMES_ROUTES, "phone");
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every guest page has no serious or critical axe violation", async ({ page }) => {
    await checkRoutes(page, GUEST_ROUTES, "desktop");
  });

  test("every section of the signed-in back office has no serious or critical axe violation", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en");
    });
    await page.goto("/staff");
    await page.getByLabel("Staff username").fill(E2E_STAFF.userName);
    await page.getByLabel("Password").fill(E2E_STAFF.password);
    await page.getByRole("button", { name: "Log in to the back office" }).click();
    const tabs = page.getByRole("tablist", { name: "Back office sections" }).getByRole("tab");
    await expect(tabs.first()).toBeVisible();
    const names = await tabs.allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(9);
    const found: string[] = [];
    for (const name of names) {
      await page.getByRole("tab", { name, exact: true }).click();
      await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
      await expect(page.locator(".loading-text")).toHaveCount(0);
      found.push(...(await violationsOn(page, `staff ${name}`)));
    }
    expect(found, `serious or critical axe violations:\n\n${found.join("\n\n")}`).toEqual([]);
  });
});

/** Places a one-line run top slip in the second open yeekee round; returns the round's betId. */
async function placeYeekeeSlip(page: Page): Promise<number> {
  await page.goto("/lotto");
  const yeekee = page.getByRole("region", { name: "Yeekee", exact: true });
  const rounds = yeekee.getByRole("link", { name: /^Yeekee round \d+/ });
  await expect(rounds.nth(1)).toBeVisible();
  await rounds.nth(1).click();
  await expect(page).toHaveURL(/\/lotto\/yeekee\/\d+$/);
  const betId = Number(new URL(page.url()).pathname.split("/").pop());
  await page.getByRole("button", { name: /^Run top/ }).click();
  const number = page.getByRole("textbox", { name: "Number", exact: true });
  await number.fill("3");
  await number.press("Enter");
  await page.getByRole("button", { name: /^Place bet/ }).click();
  await expect(page.getByRole("heading", { name: "Your bet is placed" })).toBeVisible();
  return betId;
}

test.describe("the slip builder by keyboard alone", () => {
  test.use(PHONE);

  test("builds, removes lines and places a slip with Tab, Space, Enter and typing; focus stays in sight", async ({
    page,
    request,
  }) => {
    test.slow();
    await register(page, "k");
    await fund(page, request, "100");
    await page.goto("/lotto");
    const rounds = page
      .getByRole("region", { name: "Yeekee", exact: true })
      .getByRole("link", { name: /^Yeekee round \d+/ });
    await expect(rounds.nth(1)).toBeVisible();
    await page.goto((await rounds.nth(1).getAttribute("href")) as string);
    await expect(page.getByRole("heading", { level: 1, name: /^Yeekee round \d+$/ })).toBeVisible();

    const twoTop = page.getByRole("button", { name: /^2 top/ });
    await tabTo(page, twoTop);
    await page.keyboard.press("Space");
    await expect(twoTop).toHaveAttribute("aria-pressed", "true");

    const number = page.getByRole("textbox", { name: "Number", exact: true });
    await tabTo(page, number);
    for (const n of ["12", "34", "56"]) {
      await page.keyboard.type(n);
      await page.keyboard.press("Enter");
    }
    await expect(page.getByRole("heading", { name: "Your slip (3 lines)" })).toBeVisible();
    await expect(number).toBeFocused();

    await tabTo(page, page.getByLabel("Price for every line (baht)"));
    await page.keyboard.type("2");
    await tabTo(page, page.getByRole("button", { name: "Set all prices" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("slip-stake")).toHaveText("฿6.00");

    // Removing a line moves focus to the line now in its place, else the one before it, else the number field.
    await tabTo(page, page.getByRole("button", { name: "Remove 2 top 34" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Your slip (2 lines)" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove 2 top 56" })).toBeFocused();
    await expectFocusInSight(page);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Remove 2 top 12" })).toBeFocused();
    await expectFocusInSight(page);
    await page.keyboard.press("Space");
    await expect(page.getByRole("heading", { name: "Your slip (0 lines)" })).toBeVisible();
    await expect(number).toBeFocused();

    await page.keyboard.type("78");
    await page.keyboard.press("Enter");
    await page.keyboard.type("90");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Your slip (2 lines)" })).toBeVisible();
    // Every control on the way down to the submit bar is scrolled above it as it gets focus.
    const placeBet = page.getByRole("button", { name: /^Place bet ฿/ });
    await tabTo(page, placeBet);
    const stake = (await placeBet.textContent()) as string;
    expect(stake).toMatch(/^Place bet ฿\d/);
    await page.keyboard.press("Enter");

    // The outcome replaces the builder and takes the focus (not <body>).
    const placed = page.getByRole("heading", { name: "Your bet is placed" });
    await expect(placed).toBeVisible();
    await expect(placed).toBeFocused();
    // Bet again: the builder comes back with the focus on the number field.
    await tabTo(page, page.getByRole("button", { name: "Bet again in this round" }));
    await page.keyboard.press("Enter");
    await expect(number).toBeFocused();
  });
});

/**
 * Presses Tab until `target` has the focus (at most 120 times), checking after every press that the focus is on
 * a control (never <body>) and in sight: inside the window and not under the sticky submit bar.
 */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 120; i += 1) {
    await page.keyboard.press("Tab");
    await expectFocusInSight(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`120 presses of Tab never reached ${target}`);
}

/** The focused element is not <body>, is inside the window, and is above the sticky submit bar (or in it). */
async function expectFocusInSight(page: Page) {
  const focused = page.locator(":focus");
  const what = await focused.evaluate((el) => el.outerHTML.slice(0, 120)).catch(() => "<body>");
  expect(await page.evaluate(() => document.activeElement !== document.body), "focus on <body>").toBe(true);
  const box = await focused.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `focused ${what} has no box`).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y, `focused ${what} above the window`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `focused ${what} below the window`).toBeLessThanOrEqual(viewport.height);
  const bar = page.locator(".submit-bar");
  if ((await bar.count()) === 0) return;
  if (await bar.evaluate((b) => b.contains(document.activeElement))) return;
  const barBox = await bar.boundingBox();
  if (!barBox) return;
  expect(
    box.y + box.height,
    `focused ${what} hidden under the submit bar (top ${barBox.y})`,
  ).toBeLessThanOrEqual(barBox.y + 0.5);
}
