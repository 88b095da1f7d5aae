import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { HTML_LANG, LANGS, type Lang, NATIVE_NAME, tr } from "./catalog.ts";
import { expectLedgerSound, staffHeaders } from "./support/ledger.ts";

// Lotto as a player on a phone sees it: the round lists, the slip builder with its helpers, placing a slip that
// the balance and the slip list follow at once, and a draft that survives a reload.

const PIN = "Secret#123";
const SCREENS = "test-results/screens";

test.use({
  viewport: { width: 390, height: 844 },
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
  isMobile: true,
  hasTouch: true,
});

test.afterEach(async ({ request }) => {
  await expectLedgerSound(request);
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en");
  });
});

let counter = 0;

async function register(page: Page) {
  counter += 1;
  const userName = `l${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  await page.goto("/register");
  await page.getByLabel("Username").fill(userName);
  await page.getByLabel("PIN", { exact: true }).fill(PIN);
  await page.getByLabel("Confirm PIN").fill(PIN);
  await page.getByLabel("Phone number").fill("0812345678");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/main$/);
  return userName;
}

/** Staff credit `amount` baht to the member logged in on `page`. */
async function fund(page: Page, request: APIRequestContext, amount: string) {
  const token = await page.evaluate(() =>
    decodeURIComponent(document.cookie.match(/accessToken=([^;]+)/)?.[1] ?? ""),
  );
  const { uuid } = await (
    await request.get("/api/users-infos", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const funded = await request.post("/api/staff/members.adjust", {
    headers: await staffHeaders(request),
    data: { uuid, type: "ADMIN_INCREASE", amount, reason: "e2e lotto", idempotencyKey: `e2e-lotto-${uuid}` },
  });
  expect(funded.status()).toBe(200);
}

function balanceChip(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Balance: / });
}

async function switchLanguage(page: Page, lang: Lang) {
  await page.getByRole("banner").getByRole("combobox").selectOption({ label: NATIVE_NAME[lang] });
  await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[lang]);
}

/** Screenshots in every language; `heading` is a level-2 heading on the page, in English. */
async function screens(page: Page, name: string, heading: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const lang of LANGS) {
    await switchLanguage(page, lang);
    await expect(page.getByRole("heading", { level: 2, name: tr(lang, heading) }).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/${name}-${lang}.png`, fullPage: true });
  }
  await switchLanguage(page, "en");
}

/** From /lotto, the builder of an open yeekee round (the second: the first may close during the test). */
async function openYeekeeRound(page: Page) {
  await page.goto("/lotto");
  await expect(page.getByRole("heading", { level: 1, name: "Lotto" })).toBeVisible();
  const yeekee = page.getByRole("region", { name: "Yeekee", exact: true });
  const rounds = yeekee.getByRole("link", { name: /^Yeekee round \d+/ });
  await expect(rounds.nth(1)).toBeVisible();
  await expect(yeekee.getByRole("timer").first()).toContainText(/^\d+:\d\d left$/);
  await rounds.nth(1).click();
  await expect(page).toHaveURL(/\/lotto\/yeekee\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Yeekee round \d+$/ })).toBeVisible();
}

test("a funded player builds a yeekee slip with 19 doors and reverse, places it and finds it in the slip list", async ({
  page,
  request,
}) => {
  await register(page);
  await fund(page, request, "1000");
  await page.goto("/main");
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿1,000.00");

  await page
    .getByRole("link", { name: /^Lotto/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/lotto$/);
  await screens(page, "lotto", "Yeekee");
  await openYeekeeRound(page);

  await page.getByRole("button", { name: /^2 top/ }).click();
  await page.getByRole("button", { name: /^2 bottom/ }).click();
  await expect(page.getByRole("button", { name: /^2 top/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: /^2 bottom/ })).toHaveAttribute("aria-pressed", "true");

  // 19 doors on 5: 19 numbers for each of the two options.
  await page.getByRole("button", { name: "19 doors" }).click();
  const number = page.getByRole("textbox", { name: "Number", exact: true });
  await number.fill("5");
  await number.press("Enter");
  await expect(page.getByRole("heading", { name: "Your slip (38 lines)" })).toBeVisible();

  // Reverse on 12: 12 and 21 for each option (choosing reverse turns 19 doors off).
  await page.getByRole("button", { name: "Reverse (2 digits)" }).click();
  await expect(page.getByRole("button", { name: "19 doors" })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "1", exact: true }).click();
  await page.getByRole("button", { name: "2", exact: true }).click();
  await expect(number).toHaveValue("12");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Your slip (42 lines)" })).toBeVisible();

  await page.getByLabel("Price for every line (baht)").fill("5");
  await page.getByRole("button", { name: "Set all prices" }).click();
  await expect(page.getByLabel("Price for 2 bottom 21")).toHaveValue("5.00");
  await expect(page.getByTestId("slip-stake")).toHaveText("฿210.00");
  await screens(page, "lotto-builder", "Bet type");

  await page.getByRole("button", { name: "Place bet ฿210.00" }).click();
  await expect(page.getByRole("heading", { name: "Your bet is placed" })).toBeVisible();
  await expect(page.getByText(/42 lines, ฿210\.00 staked\./)).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿790.00");

  await page.getByRole("link", { name: "See my slips" }).click();
  await expect(page).toHaveURL(/\/poy$/);
  const slip = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: /^Yeekee round/ }) });
  await expect(slip).toHaveCount(1);
  await expect(slip).toContainText("฿210.00");
  await expect(slip).toContainText("Waiting for the result");
  await expect(slip).toContainText("42 lines");
  // Yeekee slips are never cancelled.
  await expect(slip.getByRole("button", { name: "Cancel slip" })).toHaveCount(0);
});

test("a draft slip survives a reload", async ({ page }) => {
  await register(page);
  // The 4-digit lotteries have their own list: each with its next open (or last closed) round.
  await page.goto("/lotto/4d");
  await expect(page.getByRole("heading", { level: 1, name: "4-digit lotteries" })).toBeVisible();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: /Hanoi|Lao|Malay/ })
      .first(),
  ).toBeVisible();
  await openYeekeeRound(page);
  await page.getByRole("button", { name: /^3 top/ }).click();
  const number = page.getByRole("textbox", { name: "Number", exact: true });
  await number.fill("123");
  await number.press("Enter");
  await page.getByLabel("Price for 3 top 123").fill("7");
  await expect(page.getByTestId("slip-stake")).toHaveText("฿7.00");
  await expect(page.getByRole("heading", { name: "Your slip (1 line)" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Your slip (1 line)" })).toBeVisible();
  await expect(page.getByLabel("Price for 3 top 123")).toHaveValue("7.00");
  await expect(page.getByTestId("slip-stake")).toHaveText("฿7.00");
});

test("a number restricted after it was added asks the player to confirm the new rates", async ({
  page,
  request,
}) => {
  await register(page);
  await fund(page, request, "100");
  await openYeekeeRound(page);
  const betId = Number(new URL(page.url()).pathname.split("/").pop());
  await page.getByRole("button", { name: /^2 top/ }).click();
  const number = page.getByRole("textbox", { name: "Number", exact: true });
  for (const n of ["67", "78", "89"]) {
    await number.fill(n);
    await number.press("Enter");
  }
  await expect(page.getByRole("heading", { name: "Your slip (3 lines)" })).toBeVisible();

  // Staff cut 67 to half and close 78 after the player added them (the builder still shows ×90). Other tests on
  // this round stay off these numbers (19 doors on 5, reverse on 12), so their rates never move under them.
  const staff = await staffHeaders(request);
  for (const [n, multiply] of [
    ["67", "45"],
    ["78", "0"],
  ]) {
    const cut = await request.post("/api/staff/lotto/restrictions.set", {
      headers: staff,
      data: { betId, option: "teng_bon_2", number: n, multiply },
    });
    expect(cut.status()).toBe(200);
  }

  await page.getByRole("button", { name: "Place bet ฿3.00" }).click();
  const alert = page
    .getByRole("alert")
    .filter({ has: page.getByRole("heading", { name: "Rates have changed" }) });
  await expect(alert).toContainText("2 top 67: ×90 → ×45");
  await expect(alert).toContainText("2 top 78: ×90 → closed (will be removed)");
  await expect(page.getByRole("button", { name: "Place bet ฿3.00" })).toBeDisabled();
  await alert.getByRole("button", { name: "Confirm new rates" }).click();

  await expect(page.getByRole("heading", { name: "Your bet is placed" })).toBeVisible();
  await expect(page.getByText(/2 lines, ฿2\.00 staked\./)).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿98.00");
  await page.getByRole("link", { name: "See my slips" }).click();
  const slip = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: /^Yeekee round/ }) });
  await slip.getByText("2 lines").click();
  await expect(slip).toContainText("67 2 top ×45");
  await expect(slip).not.toContainText("78 2 top");
});
