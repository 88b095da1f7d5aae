import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, type Page, test } from "@playwright/test";
import { launchOptions, missingFeature } from "./browser.ts";
import { register } from "./support/player.ts";

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== "activated") {
      await new Promise<void>((resolve) =>
        registration.active?.addEventListener("statechange", function onChange() {
          if (this.state === "activated") resolve();
        }),
      );
    }
  });
}

test.describe("progressive web app", () => {
  test("is installable (no installability errors in a persistent profile)", async ({ baseURL }) => {
    test.skip(missingFeature("installability") !== undefined, missingFeature("installability"));
    const profile = mkdtempSync(join(tmpdir(), "lottoup-profile-"));
    const context = await chromium.launchPersistentContext(profile, launchOptions());
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/`);
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
      const manifest = await (await page.request.get(`${baseURL}/manifest.webmanifest`)).json();
      expect(manifest).toMatchObject({
        display: "standalone",
        start_url: expect.any(String),
        short_name: "LOTTOUP",
      });
      const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes}:${i.purpose}`);
      expect(sizes).toEqual(expect.arrayContaining(["192x192:any", "512x512:any", "512x512:maskable"]));
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("after one visit, reloading offline still shows the shell and the how-to pages, with the offline banner", async ({
    page,
    context,
  }, testInfo) => {
    await page.addInitScript(() => localStorage.setItem("locale", "en"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByRole("heading", { level: 1, name: "Thai lottery, yeekee and world lotteries in one place" }),
    ).toBeVisible();
    const banner = page.getByRole("status").filter({ hasText: "You are offline" });
    await expect(banner).toBeVisible();

    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "How to play" })
      .click();
    await page.getByRole("link", { name: /How to withdraw/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "How to withdraw" })).toBeVisible();
    await expect(page.getByRole("listitem").first()).toBeVisible();

    // A page never opened before, typed in the address bar while offline, comes from the precache too.
    await page.goto("/howto/forgot-pin");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("offline-howto.png"), fullPage: true });

    await context.setOffline(false);
  });

  test("the API is never answered with the cached shell, even offline", async ({ page, context }) => {
    await page.goto("/");
    await waitForServiceWorker(page);
    await context.setOffline(true);
    // The worker lets the navigation through to the (unreachable) network instead of serving index.html; the
    // slip API's reads kept for offline drafting are never answered to a navigation either.
    for (const path of ["/api/health", "/poy-api/bet-lists.latest"]) {
      const outcome = await page.goto(path).then(
        async (response) => `served: ${await response?.text()}`,
        (error: Error) => `failed: ${error.message}`,
      );
      expect(outcome, path).toMatch(/^failed: .*ERR_INTERNET_DISCONNECTED/);
    }
    await context.setOffline(false);
  });
});

test.describe("security headers", () => {
  test("every page and API response carries them; framing is denied except under 'external'", async ({
    request,
  }) => {
    for (const path of ["/", "/howto/deposit", "/api/health", "/sw.js"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["strict-transport-security"], path).toBeTruthy();
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    }
    const external = (await request.get("/external/login")).headers();
    expect(external["x-frame-options"]).toBeUndefined();
    expect(external["content-security-policy"]).not.toContain("frame-ancestors");
  });

  test("the worker, the shell and the manifest are revalidated on every load", async ({ request }) => {
    for (const path of ["/", "/sw.js", "/manifest.webmanifest", "/index.html"]) {
      expect((await request.get(path)).headers()["cache-control"], path).toBe("no-cache");
    }
  });
});

test.describe("the install offer", () => {
  /** Chromium offers installing with beforeinstallprompt, which a headless run never fires: send the same event. */
  async function offerInstall(page: Page, outcome: "accepted" | "dismissed") {
    await page.evaluate((choice) => {
      const event = new Event("beforeinstallprompt") as Event & Record<string, unknown>;
      const w = window as unknown as { prompted: number };
      w.prompted = 0;
      event.prompt = async () => {
        w.prompted += 1;
      };
      event.userChoice = Promise.resolve({ outcome: choice, platform: "web" });
      window.dispatchEvent(event);
    }, outcome);
  }

  test("is made to a returning player only, installs with one tap, and stays away once dismissed", async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en");
    });
    await register(page);
    await offerInstall(page, "dismissed");
    const card = page.getByRole("region", { name: "Install the app" });
    // The first visit is for finding one's way: no offer yet.
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    await expect(card).toHaveCount(0);

    // A new tab is a new visit.
    const again = await context.newPage();
    await again.goto("/main");
    await expect(again.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    await offerInstall(again, "dismissed");
    const offer = again.getByRole("region", { name: "Install the app" });
    await expect(offer).toBeVisible();
    await offer.getByRole("button", { name: "Install app" }).click();
    expect(await again.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
    // Declining the browser's dialog counts as "not now".
    await expect(offer).toHaveCount(0);
    await again.reload();
    await offerInstall(again, "dismissed");
    await expect(again.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    await expect(again.getByRole("region", { name: "Install the app" })).toHaveCount(0);

    // Another visit a month later, in a new tab: the offer is back, and "Not now" puts it away again.
    await again.evaluate(() =>
      localStorage.setItem("install-offer-dismissed-at", String(Date.now() - 31 * 24 * 60 * 60 * 1000)),
    );
    const later = await context.newPage();
    await later.goto("/main");
    await expect(later.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    await offerInstall(later, "accepted");
    const back = later.getByRole("region", { name: "Install the app" });
    await expect(back).toBeVisible();
    await back.getByRole("button", { name: "Not now" }).click();
    await expect(back).toHaveCount(0);
    await offerInstall(later, "accepted");
    await expect(later.getByRole("region", { name: "Install the app" })).toHaveCount(0);
  });
});
