import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, expect, type Page, test } from "@playwright/test";
import { launchOptions } from "./browser.ts";
import { balanceChip, fund, register } from "./support/player.ts";

// Offline as a player lives it: one online visit while logged in, then the browser is closed and opened again
// with no network. The shell, the last known balance (marked not live), the lotto lists, the builder with its
// cached rates and the draft are all there; the pages that need the network say so plainly.

async function openBrowser(profile: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions(), locale: "en-US" });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(() => {
    if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en");
  });
  return { context, page };
}

test("after one online visit the app starts offline with the last balance, the lotto lists, the builder and the draft", async ({
  baseURL,
  request,
}) => {
  const profile = mkdtempSync(join(tmpdir(), "lottoup-offline-"));
  try {
    let { context, page } = await openBrowser(profile);
    await page.goto(`${baseURL}/`);
    await register(page);
    await fund(page, request, "100");
    // The worker takes control first, so the visit below goes through it (and it keeps the drafting reads).
    await page.goto(`${baseURL}/main`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    });
    await page.goto(`${baseURL}/lotto`);
    await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿100.00");
    const yeekee = page.getByRole("region", { name: "Yeekee", exact: true });
    await yeekee
      .getByRole("link", { name: /^Yeekee round \d+/ })
      .nth(1)
      .click();
    await expect(page.getByRole("heading", { level: 1, name: /^Yeekee round \d+$/ })).toBeVisible();
    const builderUrl = page.url();
    await page.getByRole("button", { name: /^2 top/ }).click();
    const number = page.getByRole("textbox", { name: "Number", exact: true });
    await number.fill("42");
    await number.press("Enter");
    await expect(page.getByRole("heading", { name: "Your slip (1 line)" })).toBeVisible();
    await context.close();

    // The browser opens again, offline from the start.
    ({ context, page } = await openBrowser(profile));
    await context.setOffline(true);
    // A worker the profile starts before the test attaches is not under the offline emulation: cut its
    // requests to the server too, as a real loss of network would.
    await context.route(/\/(api|poy-api|ccu)\//, (route) => route.abort("internetdisconnected"));
    await page.goto(`${baseURL}/main`);
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "You are offline" }).first()).toBeVisible();
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Balance (not live, last known): ฿100.00" }),
    ).toBeVisible();

    await page.goto(`${baseURL}/lotto`);
    await expect(
      page
        .getByRole("region", { name: "Yeekee", exact: true })
        .getByRole("link", { name: /^Yeekee round \d+/ })
        .first(),
    ).toBeVisible();

    // Money and history need the server: each page says so instead of spinning.
    for (const path of ["/credit/deposit", "/credit/statement", "/bank/status", "/poy"]) {
      await page.goto(`${baseURL}${path}`);
      await expect(page.getByText("No connection. Check your internet and try again.").first()).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
    }
    await page.goto(builderUrl);
    await expect(page.getByRole("heading", { level: 1, name: /^Yeekee round \d+$/ })).toBeVisible();
    await expect(page.getByText("Rates may be out of date: they were saved on this device.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your slip (1 line)" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Place bet/ })).toBeDisabled();

    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
