import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type CDPSession,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { STORAGE_KEYS } from "../src/lib/storageKeys.ts";
import { missingFeature } from "./browser.ts";
import { E2E_CHECKER } from "./support/constants.ts";
import { staffHeaders } from "./support/ledger.ts";
import { asPlayerOnPhone, fund, memberHeaders, register, screens, switchLanguage } from "./support/player.ts";
import { APP_HEADERS, bearerOf } from "./support/session.ts";

/**
 * Push notifications end to end (issue 7). The demo server delivers through its local provider: the token
 * comes from the app's local token source and the "sent" payload is recorded in the outbox. Here the browser's
 * push service is played by CDP's ServiceWorker.deliverPushMessage with that exact payload, so everything after
 * the token (registration, outbox, sender, service worker, page) is the real thing.
 */
asPlayerOnPhone();
// Every test here needs the browser's notifications (granted, or still to ask): see e2e/browser.ts.
test.skip(missingFeature("notifications") !== undefined, missingFeature("notifications"));

interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted?: boolean;
}

/** The browser's push service for this context, driven through a page's CDP session (it survives navigation). */
async function pushService(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, Registration>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event: { registrations: Registration[] }) => {
    for (const r of event.registrations) registrations.set(r.registrationId, r);
  });
  await cdp.send("ServiceWorker.enable");
  const origin = new URL(page.url()).origin;
  let browserCdp: CDPSession | null = null;
  return {
    async deliver(data: unknown) {
      let id: string | undefined;
      await expect
        .poll(() => {
          id = [...registrations.values()].find(
            (r) => r.scopeURL === `${origin}/` && !r.isDeleted,
          )?.registrationId;
          return id;
        })
        .toBeTruthy();
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: id as string,
        data: JSON.stringify(data),
      });
    },
    /** Notifications permission for this origin, as the browser's site settings would set it. */
    async setPermission(setting: "granted" | "denied" | "prompt") {
      const { targetInfo } = await cdp.send("Target.getTargetInfo");
      // Kept open: the browser drops a session's permission overrides when it detaches.
      browserCdp ??= await (page.context().browser() as Browser).newBrowserCDPSession();
      await browserCdp.send("Browser.setPermission", {
        permission: { name: "notifications" },
        setting,
        origin,
        browserContextId: targetInfo.browserContextId,
      });
    },
  };
}

/** The device's push registration as the app stored it, once the server accepted it. */
async function storedRegistration(page: Page) {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { token: string; provider: string; locale: string }) : null;
  }, STORAGE_KEYS.pushRegistration.name);
}

/** The notifications the service worker is showing (title, body, where a tap goes). */
async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: string } | null)?.url,
      icon: n.icon,
      lang: n.lang,
    }));
  });
}

/** A fast deposit the member makes and staff approve: the real event behind a deposit-approved notification. */
async function approvedDeposit(page: Page, request: APIRequestContext, amount: string) {
  const made = await request.post("/api/deposits.fast", {
    headers: await memberHeaders(page),
    data: { amount, idempotencyKey: `e2e-push-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  });
  expect(made.status()).toBe(201);
  const deposit = (await made.json()) as { id: string; prepareAmount: string };
  const approved = await request.post("/api/staff/deposits.approve", {
    headers: await staffHeaders(request),
    data: { id: deposit.id },
  });
  expect(approved.status()).toBe(200);
  return deposit;
}

/** The member's outbox row for an event once the sender delivered it, with the payload it handed the provider. */
async function delivered(
  page: Page,
  request: APIRequestContext,
  type: string,
  match: (p: Record<string, string>) => boolean,
) {
  let item: { status: string; url: string; deliveries: { data: Record<string, string> }[] } | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get("/api/notifications", { headers: await memberHeaders(page) });
        const items = (await res.json()).items as {
          type: string;
          params: Record<string, string>;
          status: string;
          url: string;
          deliveries: { data: Record<string, string> }[];
        }[];
        item = items.find((i) => i.type === type && match(i.params));
        return item?.status;
      },
      // The settlement job runs every 15 s and the sender every 2 s; a loaded machine adds to both.
      { timeout: 60_000 },
    )
    .toBe("sent");
  return item as NonNullable<typeof item>;
}

const baht = (amount: string) => `฿${amount.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

test.describe("with notifications allowed", () => {
  test.use({ permissions: ["notifications"] });

  test("a real deposit approval reaches the open app as a snackbar and the closed app as a notification in the member's language", async ({
    page,
    context,
    request,
  }) => {
    await register(page, "pu");
    // Permission granted already: no card to ask, the token is fetched and registered at once.
    await expect.poll(() => storedRegistration(page)).toMatchObject({ provider: "local", locale: "en" });
    await expect(page.getByRole("heading", { name: "Get notified" })).toHaveCount(0);

    const deposit = await approvedDeposit(page, request, "1500");
    const outbox = await delivered(page, request, "deposit-approved", (p) => p.depositId === deposit.id);
    expect(outbox.url).toBe("/credit/status");
    expect(outbox.deliveries).toHaveLength(1);
    const data = outbox.deliveries[0]?.data as Record<string, string>;
    expect(data).toMatchObject({ type: "deposit-approved", url: "/credit/status", locale: "en" });
    expect(JSON.parse(data.params as string)).toEqual({
      amount: deposit.prepareAmount,
      depositId: deposit.id,
    });

    // The app is open and visible: the worker hands the message to the page, which shows a snackbar.
    const push = await pushService(context, page);
    await push.deliver({ data, from: "local", fcmMessageId: "e2e-1" });
    await expect(page.getByRole("status").filter({ hasText: "Deposit approved" })).toContainText(
      `${baht(deposit.prepareAmount)} has been added to your balance.`,
    );
    expect(await shownNotifications(page)).toEqual([]);

    // The member reads Thai now: the device registers again with its new language and tells its worker.
    await switchLanguage(page, "th");
    await expect.poll(async () => (await storedRegistration(page))?.locale).toBe("th");

    // No app window left: the same push becomes a system notification, worded in Thai, leading to the credit page.
    await page.goto("about:blank");
    await push.deliver({ data, from: "local", fcmMessageId: "e2e-2" });
    const reader = await context.newPage();
    await reader.goto("/how-to");
    await expect
      .poll(() => shownNotifications(reader))
      .toEqual([
        {
          title: "ฝากเงินสำเร็จ",
          body: `เพิ่มเงิน ${baht(deposit.prepareAmount)} เข้ายอดเงินของคุณแล้ว`,
          url: "/credit/status",
          icon: expect.stringContaining("/icons/icon-192.png"),
          lang: "th",
        },
      ]);

    // The member home lists it too, worded the same, for whoever missed the push; a tap opens the same page.
    await reader.goto("/main");
    const list = reader.getByRole("list", { name: "การแจ้งเตือนล่าสุด" });
    const item = list.getByRole("link").filter({ hasText: "ฝากเงินสำเร็จ" });
    await expect(item).toContainText(`เพิ่มเงิน ${baht(deposit.prepareAmount)} เข้ายอดเงินของคุณแล้ว`);
    await screens(reader, "main-notifications", "Your notifications", { level: 2, after: "th" });
    await item.click();
    await expect(reader).toHaveURL(/\/credit\/status$/);
  });

  test("a message the app does not know is only logged, and logout unregisters the device", async ({
    page,
    context,
  }) => {
    await register(page, "pv");
    await expect.poll(() => storedRegistration(page)).not.toBeNull();
    const push = await pushService(context, page);
    await page.goto("about:blank");
    await push.deliver({ data: { type: "promo-blast", params: "{}", url: "https://evil.example/" } });
    const reader = await context.newPage();
    await reader.goto("/how-to");
    // Give the worker time to have shown something, had it wanted to.
    await reader.waitForTimeout(1000);
    expect(await shownNotifications(reader)).toEqual([]);

    const unregistered = reader.waitForResponse((r) => r.url().endsWith("/api/push-tokens.delete"));
    await reader.getByRole("button", { name: "Menu" }).click();
    await reader.getByRole("button", { name: "Log out" }).click();
    const answer = await unregistered;
    expect(await answer.json()).toEqual({ deleted: true });
    await expect(reader).toHaveURL(/\/$/);
    expect(await storedRegistration(reader)).toBeNull();
  });
});

/**
 * The push spec's own stock round (scripts/e2e-fixture-rounds.ts): inserted before the server starts, so among the
 * first ids, and open for a month, beyond what the round lists show, so no other spec bets on it or closes it.
 */
async function fixtureRound(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 20; id++) {
    const res = await request.get(`/poy-api/bet-lists.one?id=${id}`);
    if (res.ok() && (await res.json()).betType === "push-e2e-fixture") return id;
  }
  throw new Error("fixture round push-e2e-fixture not found: was scripts/e2e-fixture-rounds.ts run?");
}

test.describe("with notifications allowed, after a real settlement", () => {
  test.use({ permissions: ["notifications"] });

  test("a won slip, a lost one and the round's result reach the member, worded in Burmese", async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const betId = await fixtureRound(request);
    await register(page, "py");
    await fund(page, request, "100");
    await switchLanguage(page, "mm");
    await expect.poll(async () => (await storedRegistration(page))?.locale).toBe("my");

    // Two slips as the app sends them: 2 top 42 (wins on a close of x,xx4.42) and 2 top 43 (does not).
    const { defaultRate } = await (
      await request.get(`/poy-api/number-reachs.rate-now.all?betId=${betId}`)
    ).json();
    const slip = async (number: string) => {
      const placed = await request.post("/poy-api/poys.create", {
        headers: await memberHeaders(page),
        data: {
          betId,
          lines: [{ option: "teng_bon_2", number, price: "10", multiply: defaultRate.teng_bon_2 as string }],
          idempotencyKey: `push-e2e-${betId}-${number}-${Date.now()}`,
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      return String((await placed.json()).id);
    };
    const winning = await slip("42");
    const losing = await slip("43");

    // Staff close betting, enter the result, a second staff member confirms it; the settlement job pays.
    const admin = await staffHeaders(request);
    const closed = await request.post("/api/staff/lotto/rounds.close", {
      headers: admin,
      data: { betId, reason: "e2e: push notifications" },
    });
    expect(closed.status(), await closed.text()).toBe(200);
    const proposed = await request.post("/api/staff/lotto/results.propose", {
      headers: admin,
      data: { betId, payload: { close: "12,104.42", change: "-0.76" } },
    });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const checker = await request.post("/api/staff/login", {
      headers: APP_HEADERS,
      data: { userName: E2E_CHECKER.userName, password: E2E_CHECKER.password },
    });
    const confirmed = await request.post("/api/staff/lotto/results.confirm", {
      headers: bearerOf(checker),
      data: { resultId: (await proposed.json()).resultId },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    const won = await delivered(page, request, "poy-won", (p) => p.poyId === winning);
    const amount = (Math.round(10 * Number(defaultRate.teng_bon_2) * 100) / 100).toFixed(2);
    expect(won.url).toBe(`/poy/stock/${winning}`);
    const wonData = won.deliveries[0]?.data as Record<string, string>;
    expect(wonData.locale).toBe("my");
    expect(JSON.parse(wonData.params as string)).toMatchObject({ amount, roundNameEn: "Push test stock" });
    const lost = await delivered(page, request, "poy-lost", (p) => p.poyId === losing);
    expect(lost.url).toBe(`/poy/stock/${losing}`);
    const result = await delivered(page, request, "round-result", () => true);
    const resultData = result.deliveries[0]?.data as Record<string, string>;

    // The app is open: the result shows as a snackbar in Burmese.
    const push = await pushService(context, page);
    await push.deliver({ data: resultData });
    await expect(page.getByRole("status").filter({ hasText: "ရလဒ် ထွက်ပါပြီ" })).toContainText(
      "Push test stock: အပေါ် ၃ လုံး 442 · အောက် ၂ လုံး 76",
    );

    // The app is closed: the win becomes a notification that opens the slip.
    await page.goto("about:blank");
    await push.deliver({ data: wonData });
    const reader = await context.newPage();
    await reader.goto("/how-to");
    await expect
      .poll(() => shownNotifications(reader))
      .toEqual([
        {
          title: "ဂုဏ်ယူပါတယ်၊ သင် ပေါက်ပါပြီ",
          body: `Push test stock ထီစာရွက်မှ ${baht(amount)} ပေါက်ပါသည်။`,
          url: `/poy/stock/${winning}`,
          icon: expect.stringContaining("/icons/icon-192.png"),
          lang: "my",
        },
      ]);
  });
});

test.describe("with the browser still to ask", () => {
  test("the card explains first; Not now is remembered; Allow asks the browser and registers the device", async ({
    page,
    context,
  }) => {
    await register(page, "pw");
    const card = page.getByRole("region", { name: "Get notified" });
    await expect(card).toContainText("when a slip wins");
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
    await card.getByRole("button", { name: "Not now" }).click();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await storedRegistration(page)).toBeNull();

    // A month later (the dismissal forgotten), the member says yes and the browser grants it.
    await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.pushPromptDismissedAt.name);
    await page.reload();
    await expect(card).toBeVisible();
    await context.grantPermissions(["notifications"]);
    await card.getByRole("button", { name: "Allow notifications" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Notifications are on for this device." }),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect.poll(() => storedRegistration(page)).toMatchObject({ provider: "local" });
    await page.goto("/profile");
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
      "Notifications are on for this device: results, wins, deposits and withdrawals.",
    );
  });

  test("denied at the browser's question: no more card, the profile explains how to allow them again and follows when that is done", async ({
    page,
    context,
  }) => {
    await register(page, "px");
    const card = page.getByRole("region", { name: "Get notified" });
    // Nobody grants anything here, so the browser answers no (as a member tapping Block would).
    await card.getByRole("button", { name: "Allow notifications" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Notifications are blocked. Your profile page shows how to turn them on." }),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await page.evaluate(() => Notification.permission)).toBe("denied");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await storedRegistration(page)).toBeNull();

    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Notifications" });
    await expect(section).toContainText("Notifications are blocked for LOTTOUP in this browser.");
    await expect(section.getByRole("note", { name: "How to turn notifications back on" })).toContainText(
      "Site settings",
    );
    await switchLanguage(page, "th");
    await expect(page.getByRole("region", { name: "การแจ้งเตือน" })).toContainText("เบราว์เซอร์นี้บล็อกการแจ้งเตือน");
    await switchLanguage(page, "en");

    // The member allows notifications in the browser's site settings and comes back: the page follows by itself.
    const push = await pushService(context, page);
    await push.setPermission("granted");
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(section).toContainText("Notifications are on for this device");
    await expect.poll(() => storedRegistration(page)).toMatchObject({ provider: "local" });
  });
});
