import { mkdirSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { HTML_LANG, LANGS, type Lang, NATIVE_NAME, tr } from "../catalog.ts";
import { expectLedgerSound, staffActAndConfirm, staffHeaders } from "./ledger.ts";
import { memberTokenIn } from "./session.ts";

/** What the money and lotto specs share: a player on a phone, in English unless a test switches. */
export const PIN = "Secret#123";
export const SCREENS = "test-results/screens";

/** A mid-range Android phone's browser (mobile user agent: the menu drawer starts closed) at this size. */
export function phone(width = 390, height = 844) {
  return {
    viewport: { width, height },
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
    isMobile: true,
    hasTouch: true,
  };
}

/** Phone, English first, and the ledger checked after every test. Call once at the top of a spec file. */
export function asPlayerOnPhone(): void {
  test.use(phone());
  // Every movement a test made still balances: debits equal credits, no balance below zero.
  test.afterEach(async ({ request }) => {
    await expectLedgerSound(request);
  });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en");
    });
  });
}

let counter = 0;

/** A user name nobody has, starting with `prefix`. */
export function newUserName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

/**
 * Signs a player up in a browser context of its own, closed afterwards, so the test's page stays a guest who can
 * then log in as them; returns the user name.
 */
export async function registerElsewhere(browser: Browser, prefix: string): Promise<string> {
  const other = await browser.newContext();
  try {
    const signUp = await other.newPage();
    await signUp.addInitScript(() => localStorage.setItem("locale", "en"));
    return await register(signUp, prefix);
  } finally {
    await other.close();
  }
}

/** Signs up through /register and lands on /main; returns the user name. */
export async function register(page: Page, prefix = "p"): Promise<string> {
  const userName = newUserName(prefix);
  await registerAs(page, userName);
  return userName;
}

/** The logged-in member's authorization header, for setting up through the API (from the HttpOnly cookie). */
export async function memberHeaders(page: Page): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await memberTokenIn(page.context())}` };
}

/** Staff credit `amount` baht to the member logged in on `page` (ADMIN_INCREASE). */
export async function fund(page: Page, request: APIRequestContext, amount: string): Promise<void> {
  const { uuid } = await (
    await request.get("/api/users-infos", { headers: await memberHeaders(page) })
  ).json();
  // Proposed by one administrator, confirmed by the second (every adjustment has four eyes).
  await staffActAndConfirm(request, "/api/staff/members.adjust", {
    uuid,
    type: "ADMIN_INCREASE",
    amount,
    reason: "e2e funds",
    idempotencyKey: `e2e-fund-${uuid}-${amount}`,
  });
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The top bar's live balance ("Balance: ฿1,234.56" in English). */
export function balanceChip(page: Page, lang: Lang = "en") {
  const prefix = tr(lang, "Balance: {amount}").replace("{amount}", "");
  return page.getByRole("banner").getByRole("link", { name: new RegExp(`^${escapeRegExp(prefix)}`) });
}

export async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  await page.getByRole("banner").getByRole("combobox").selectOption({ label: NATIVE_NAME[lang] });
  await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[lang]);
}

/** A full-page screenshot in every language, once `heading` (English source) shows; ends in `after`. */
export async function screens(
  page: Page,
  name: string,
  heading: string,
  options: { level?: 1 | 2; after?: Lang } = {},
): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  for (const lang of LANGS) {
    await switchLanguage(page, lang);
    await expect(
      page.getByRole("heading", { level: options.level ?? 1, name: tr(lang, heading) }).first(),
    ).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/${name}-${lang}.png`, fullPage: true });
  }
  await switchLanguage(page, options.after ?? "en");
}

/** A user name of exactly `length` characters (the longest the rules allow is 30), unique to this run. */
export function longUserName(length = 30): string {
  return `${newUserName("w")}abcdefghijklmnopqrstuvwxyz0123456789`.slice(0, length);
}

/** Signs up through /register with this exact user name and lands on /main. */
export async function registerAs(page: Page, userName: string): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("Username").fill(userName);
  await page.getByLabel("PIN", { exact: true }).fill(PIN);
  await page.getByLabel("Confirm PIN").fill(PIN);
  await page.getByLabel("Phone number").fill("0812345678");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/main$/);
}

/**
 * How far the page and two of its boxes stick out of their width, in pixels (0 when they fit), once the fonts have
 * loaded: the document against the window (and the phone's screen), and each given element's content against its
 * own box.
 */
export async function overflowOf(page: Page, selectors: readonly string[]): Promise<Record<string, number>> {
  return page.evaluate(async (list) => {
    await document.fonts.ready;
    // On a phone (isMobile) Chromium widens the layout viewport to fit content that overflows, so innerWidth grows
    // with it and scrollWidth <= innerWidth always holds: the document is measured against the screen's width too.
    const width = Math.min(window.innerWidth, window.screen.width);
    const out: Record<string, number> = {
      document: Math.max(0, document.documentElement.scrollWidth - width, window.innerWidth - width),
    };
    for (const selector of list) {
      const element = document.querySelector(selector);
      out[selector] = element ? Math.max(0, element.scrollWidth - element.clientWidth) : -1;
    }
    return out;
  }, selectors);
}

/** An administrator sets the status of the member logged in on `page` (POST /api/staff/members.status). */
export async function setStatus(page: Page, request: APIRequestContext, status: number): Promise<void> {
  const { uuid } = await (
    await request.get("/api/users-infos", { headers: await memberHeaders(page) })
  ).json();
  const res = await request.post("/api/staff/members.status", {
    headers: await staffHeaders(request),
    data: { uuid, status },
  });
  expect(res.status(), await res.text()).toBe(200);
}
