import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_CHECKER, E2E_STAFF } from "./support/constants.ts";
import { expectLedgerSound, staffHeaders } from "./support/ledger.ts";
import { asPlayerOnPhone, balanceChip, fund, memberHeaders, register, screens } from "./support/player.ts";

// Lotto as a player on a phone sees it: the round lists, the slip builder with its helpers, placing a slip that
// the balance and the slip list follow at once, and a draft that survives a reload.

asPlayerOnPhone();

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
  await screens(page, "lotto", "Yeekee", { level: 2 });
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
  await screens(page, "lotto-builder", "Bet type", { level: 2 });

  await page.getByRole("button", { name: "Place bet ฿210.00" }).click();
  await expect(page.getByRole("heading", { name: "Your bet is placed" })).toBeVisible();
  await expect(page.getByText(/42 lines, ฿210\.00 staked\./)).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿790.00");

  await page.getByRole("link", { name: "See my slips" }).click();
  // docs/rules.md "Routes": /poy/{betGroup}/{poyId}: the family's slips, opened at this one.
  await expect(page).toHaveURL(/\/poy\/yeekee\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "My slips: Yeekee" })).toBeVisible();
  const slip = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: /^Yeekee round/ }) });
  await expect(slip).toHaveCount(1);
  await expect(slip).toHaveAttribute("aria-current", "true");
  await expect(slip.getByText(/^05 /).first()).toBeVisible();
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

test("the round's popular numbers can be added with a tap (a count of bets, not a prediction)", async ({
  page,
  request,
}) => {
  await register(page);
  await fund(page, request, "100");
  await openYeekeeRound(page);
  // Run top on 7: no other test of this round bets run top, so 7 is its most played number once placed.
  await page.getByRole("button", { name: /^Run top/ }).click();
  const number = page.getByRole("textbox", { name: "Number", exact: true });
  await number.fill("7");
  await number.press("Enter");
  await page.getByRole("button", { name: /^Place bet/ }).click();
  await expect(page.getByRole("heading", { name: "Your bet is placed" })).toBeVisible();

  await page.getByRole("button", { name: "Bet again in this round" }).click();
  // The bet types chosen before stay chosen for the next slip.
  await expect(page.getByRole("button", { name: /^Run top/ })).toHaveAttribute("aria-pressed", "true");
  const popular = page.getByRole("region", { name: "Popular in this round" });
  await expect(popular).toContainText("not a prediction");
  await popular.getByRole("button", { name: "Add 7 for Run top" }).click();
  await expect(page.getByRole("heading", { name: "Your slip (1 line)" })).toBeVisible();
});

/** The page is controlled by an activated service worker (the first install claims it). */
async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }),
      );
  });
}

test("after one online visit a player drafts offline; the slip goes once they are back online", async ({
  page,
  context,
  request,
}) => {
  await register(page);
  await fund(page, request, "100");
  await page.goto("/main");
  await waitForServiceWorkerControl(page);
  // The visit that the worker keeps: the round lists, then the builder of a yeekee round (the round, its limits
  // and its rates).
  await openYeekeeRound(page);
  const builderUrl = page.url();
  await expect(page.getByRole("button", { name: /^2 top/ })).toBeVisible();

  const creates: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/poy-api/poys.create") creates.push(r.url());
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "You are offline" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /^Yeekee round \d+$/ })).toBeVisible();
  await expect(page.getByText("Rates may be out of date: they were saved on this device.")).toBeVisible();
  expect(page.url()).toBe(builderUrl);
  // Only the drafting reads are kept; a POST (the 4-digit list, any create) is never answered offline.
  const kept = await page.evaluate(async () => {
    const cache = await caches.open("lotto-drafting-v1");
    return (await cache.keys()).map((r) => `${r.method} ${new URL(r.url).pathname}`);
  });
  expect(new Set(kept)).toEqual(
    new Set([
      "GET /poy-api/bet-lists.latest",
      "GET /poy-api/bet-lists.one",
      "GET /poy-api/bet-list-min-maxes.all",
      "GET /poy-api/number-reachs.rate-now.all",
    ]),
  );
  const post = await page.evaluate(() =>
    fetch("/poy-api/lotteries.4d.latest", { method: "POST", body: "{}" }).then(
      (r) => `answered ${r.status}`,
      () => "failed",
    ),
  );
  expect(post).toBe("failed");
  // So offline the 4-digit list picks the same rounds from the cached round lists.
  await page.goto("/lotto/4d");
  await expect(page.getByRole("heading", { level: 1, name: "4-digit lotteries" })).toBeVisible();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: /Hanoi|Lao|Malay/ })
      .first(),
  ).toBeVisible();
  await page.goto(builderUrl);
  await expect(page.getByRole("heading", { level: 1, name: /^Yeekee round \d+$/ })).toBeVisible();

  await page.getByRole("button", { name: /^2 top/ }).click();
  await page.getByRole("button", { name: "19 doors" }).click();
  const number = page.getByRole("textbox", { name: "Number", exact: true });
  await number.fill("4");
  await number.press("Enter");
  await expect(page.getByRole("heading", { name: "Your slip (19 lines)" })).toBeVisible();
  await page.getByLabel("Price for every line (baht)").fill("2");
  await page.getByRole("button", { name: "Set all prices" }).click();
  await expect(page.getByTestId("slip-stake")).toHaveText("฿38.00");

  const place = page.getByRole("button", { name: "Place bet ฿38.00" });
  await expect(place).toBeDisabled();
  await expect(
    page.getByText("You are offline. Your slip is saved on this device; send it when you are back online."),
  ).toBeVisible();

  // The draft outlives another reload offline.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your slip (19 lines)" })).toBeVisible();
  await expect(place).toBeDisabled();

  await context.setOffline(false);
  await expect(place).toBeEnabled();
  await place.click();
  await expect(page.getByRole("heading", { name: "Your bet is placed" })).toBeVisible();
  await expect(page.getByText(/19 lines, ฿38\.00 staked\./)).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿62.00");
  expect(creates).toHaveLength(1);

  await page.getByRole("link", { name: "See my slips" }).click();
  const slips = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: /^Yeekee round/ }) });
  await expect(slips).toHaveCount(1);
  await expect(slips).toContainText("฿38.00");
});

test.describe("the government draw", () => {
  test.describe.configure({ mode: "serial" });

  test("a funded player places a government slip with 3 top and tode, then a 4-digit slip (Lao when it draws)", async ({
    page,
    request,
  }) => {
    await register(page);
    await fund(page, request, "1000");
    await page.goto("/lotto");
    await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿1,000.00");

    // Government: the next draw (1st or 16th) is open in the lists.
    const gov = page.getByRole("region", { name: "Thai government lottery", exact: true });
    await gov
      .getByRole("link", { name: /^Thai government lottery/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/lotto\/gov\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Thai government lottery" })).toBeVisible();
    await page.getByRole("button", { name: /^3 top ×900/ }).click();
    await page.getByRole("button", { name: /^3 tode \(any order\) ×150/ }).click();
    await expect(page.getByRole("button", { name: /^3 top/ })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: /^3 tode/ })).toHaveAttribute("aria-pressed", "true");
    const number = page.getByRole("textbox", { name: "Number", exact: true });
    for (const n of ["123", "456"]) {
      await number.fill(n);
      await number.press("Enter");
    }
    await expect(page.getByRole("heading", { name: "Your slip (4 lines)" })).toBeVisible();
    await expect(page.getByLabel("Price for 3 tode (any order) 456")).toBeVisible();
    await page.getByLabel("Price for every line (baht)").fill("10");
    await page.getByRole("button", { name: "Set all prices" }).click();
    await expect(page.getByTestId("slip-stake")).toHaveText("฿40.00");
    const govCreate = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/poy-api/poys.create",
    );
    await page.getByRole("button", { name: "Place bet ฿40.00" }).click();
    await govCreate;
    await expect(page.getByRole("heading", { name: "Your bet is placed" })).toBeVisible();
    await expect(page.getByText(/Thai government lottery: 4 lines, ฿40\.00 staked\./)).toBeVisible();
    await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿960.00");
    await expectLedgerSound(request);

    // 4-digit: Lao draws Monday, Wednesday and Friday; on other days (or once it has closed) Hanoi, drawn daily.
    await page.goto("/lotto/4d");
    await expect(page.getByRole("heading", { level: 1, name: "4-digit lotteries" })).toBeVisible();
    const lao = page.getByRole("link", { name: /^Lao Closes/ });
    const hanoi = page.getByRole("link", { name: /^Hanoi Closes/ });
    await expect(lao.or(hanoi).first()).toBeVisible();
    const laoOpen = (await lao.count()) > 0;
    await (laoOpen ? lao : hanoi).click();
    await expect(page).toHaveURL(/\/lotto\/set4\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: laoOpen ? "Lao" : "Hanoi" })).toBeVisible();
    await page.getByRole("button", { name: /^4 straight/ }).click();
    await page.getByRole("button", { name: /^4 tode/ }).click();
    await number.fill("1234");
    await number.press("Enter");
    await expect(page.getByRole("heading", { name: "Your slip (2 lines)" })).toBeVisible();
    await page.getByLabel("Price for every line (baht)").fill("10");
    await page.getByRole("button", { name: "Set all prices" }).click();
    await expect(page.getByTestId("slip-stake")).toHaveText("฿20.00");
    const createPath = `/poy-api/lotteries.${laoOpen ? "lao" : "hanoy"}.create`;
    const set4Create = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === createPath,
    );
    await page.getByRole("button", { name: "Place bet ฿20.00" }).click();
    expect((await set4Create).postDataJSON()).toMatchObject({
      lines: [
        { option: "four_top", number: "1234", price: "10.00" },
        { option: "four_tode", number: "1234", price: "10.00" },
      ],
    });
    await expect(page.getByRole("heading", { name: "Your bet is placed" })).toBeVisible();
    await expect(page.getByText(/4-digit lotteries: 2 lines, ฿20\.00 staked\./)).toBeVisible();
    await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿940.00");
    await expectLedgerSound(request);

    await page.getByRole("link", { name: "See my slips" }).click();
    // docs/rules.md "Routes": /poy/lottery/{betType}/{poyId}: that lottery's slips only, opened at this one.
    await expect(page).toHaveURL(/\/poy\/lottery\/(lao|hanoy|lao-super|malay)\/\d+$/);
    await expect(page.getByRole("listitem").filter({ hasText: "฿20.00" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByRole("listitem").filter({ hasText: "฿40.00" })).toHaveCount(0);
    await page.goto("/poy");
    await expect(page.getByRole("listitem").filter({ hasText: "฿40.00" })).toHaveCount(1);
    await expect(page.getByRole("listitem").filter({ hasText: "฿20.00" })).toHaveCount(1);
  });

  // The government draw ends: an administrator closes betting early (a player's late slip is refused), enters the
  // result, a second staff member confirms it (four eyes), and every option's winners are paid at their rates.
  test("staff close the government round, enter and confirm its result; each option's winners are paid", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    await register(page);
    await fund(page, request, "2000");
    await page.goto("/lotto");
    const gov = page.getByRole("region", { name: "Thai government lottery", exact: true });
    await gov
      .getByRole("link", { name: /^Thai government lottery/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/lotto\/gov\/\d+$/);
    const betId = Number(new URL(page.url()).pathname.split("/").at(-1));
    const headers = await memberHeaders(page);

    // One winning and one losing line per option, sent as the app sends them (each at the rate shown).
    const { defaultRate } = await (
      await request.get(`/poy-api/number-reachs.rate-now.all?betId=${betId}`)
    ).json();
    const result = { first: "820123", front3: ["456", "111"], back3: ["789", "222"], bottom2: "45" };
    const winners: [string, string][] = [
      ["teng_bon_3", "123"],
      ["tode_3", "312"],
      ["teng_bon_nha_3", "456"],
      ["teng_lang_3", "789"],
      ["teng_bon_2", "23"],
      ["teng_lang_2", "45"],
      ["teng_bon_1", "2"],
      ["teng_lang_1", "4"],
    ];
    const losers: [string, string][] = [
      ["teng_bon_3", "124"],
      ["tode_3", "999"],
      ["teng_bon_nha_3", "457"],
      ["teng_lang_3", "788"],
      ["teng_bon_2", "32"],
      ["teng_lang_2", "54"],
      ["teng_bon_1", "9"],
      ["teng_lang_1", "0"],
    ];
    const lines = [...winners, ...losers].map(([option, number]) => ({
      option,
      number,
      price: "10",
      multiply: defaultRate[option] as string,
    }));
    const placed = await request.post("/poy-api/poys.create", {
      headers,
      data: { betId, lines, idempotencyKey: `gov-all-options-${betId}-${Date.now()}` },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    // 16 lines of ฿10; each winner pays ฿10 × its rate (rates are decimal strings such as "3.2").
    const satang = (baht: number) => Math.round(baht * 100);
    const expectedWin = winners.reduce((sum, [option]) => sum + satang(10 * Number(defaultRate[option])), 0);
    await page.reload();
    await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿1,840.00");

    // A slip in the builder, ready to go when betting closes under it.
    await page.getByRole("button", { name: /^2 top/ }).click();
    const number = page.getByRole("textbox", { name: "Number", exact: true });
    await number.fill("77");
    await number.press("Enter");
    await expect(page.getByRole("heading", { name: "Your slip (1 line)" })).toBeVisible();

    const desk = await backOffice(browser, E2E_STAFF);
    await desk.getByRole("tab", { name: "Restricted numbers" }).click();
    await desk.getByLabel("Round").selectOption({ value: String(betId) });
    await desk.getByText("Close betting on this round now").click();
    await desk.getByRole("textbox", { name: "Reason" }).fill("e2e: the draw is being held");
    await desk.getByRole("button", { name: "Close betting now" }).click();
    await expect(desk.getByText(/^Betting on .+ is closed\.$/)).toBeVisible();

    // The player's page still shows the round open; the server refuses the slip and nothing is taken.
    await page.getByRole("button", { name: /^Place bet/ }).click();
    await expect(page.getByText("This round is closed. Your slip was not placed.").first()).toBeVisible();
    await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿1,840.00");

    await desk.getByRole("tab", { name: "Results" }).click();
    const { betType } = await (await request.get(`/poy-api/bet-lists.one?id=${betId}`)).json();
    const card = desk.getByRole("listitem").filter({ hasText: betType }).first();
    const entry = card.getByRole("form", { name: /^Enter the result of / });
    await entry.getByLabel("First prize (6 digits)").fill(result.first);
    await entry.getByLabel("3-front #1").fill(result.front3[0] as string);
    await entry.getByLabel("3-front #2").fill(result.front3[1] as string);
    await entry.getByLabel("3-back #1").fill(result.back3[0] as string);
    await entry.getByLabel("3-back #2").fill(result.back3[1] as string);
    await entry.getByLabel("2-bottom").fill(result.bottom2);
    await expect(entry.getByText("Will be judged as 3-top 123, 2-top 23, 2-bottom 45")).toBeVisible();
    await entry.getByRole("button", { name: "Enter result" }).click();
    await expect(
      desk.getByText("Result entered; waiting for a second staff member to confirm."),
    ).toBeVisible();
    // Four eyes: the one who entered it cannot confirm it.
    await expect(
      card.getByText("You entered this result: another staff member must confirm it."),
    ).toBeVisible();
    await expect(card.getByRole("button", { name: "Confirm result" })).toBeDisabled();

    const checker = await backOffice(browser, E2E_CHECKER);
    await checker.getByRole("tab", { name: "Results" }).click();
    const toConfirm = checker
      .getByRole("listitem")
      .filter({ hasText: betType })
      .filter({ has: checker.getByRole("button", { name: "Confirm result" }) })
      .first();
    await expect(toConfirm).toContainText("820123");
    await toConfirm.getByRole("button", { name: "Confirm result" }).click();
    await expect(checker.getByText("Result confirmed; settlement has started.")).toBeVisible();
    await screenshotDesk(checker);

    // Settlement runs within the round job's next tick; the balance follows live.
    const after = (1_840_00 + expectedWin) / 100;
    const shown = `Balance: ฿${after.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    await expect(balanceChip(page)).toHaveAccessibleName(shown, { timeout: 60_000 });
    const slips = await (await request.get("/poy-api/poys", { headers })).json();
    const settled = slips.poys.find((p: { betId: number }) => p.betId === betId);
    expect(settled.status).toBe("won");
    const won = settled.lines.filter((l: { status: string }) => l.status === "won");
    expect(won.map((l: { option: string; number: string }) => `${l.option}:${l.number}`).sort()).toEqual(
      winners.map(([o, n]) => `${o}:${n}`).sort(),
    );
    for (const line of settled.lines as { option: string; status: string; payout: string | null }[]) {
      const rate = Number(defaultRate[line.option]);
      if (line.status === "won") expect(line.payout).toBe((satang(10 * rate) / 100).toFixed(2));
      else expect([null, "0.00"]).toContain(line.payout);
    }
    await expectLedgerSound(request);
    await desk.context().close();
    await checker.context().close();
  });
});

test("when a round closes with a draft left, its lines move to the next open round of the family", async ({
  page,
}) => {
  await register(page);
  await openYeekeeRound(page);
  const betId = new URL(page.url()).pathname.split("/").pop() ?? "";
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  await page.getByRole("button", { name: /^2 top/ }).click();
  const number = page.getByRole("textbox", { name: "Number", exact: true });
  await number.fill("90");
  await number.press("Enter");
  await expect(page.getByRole("heading", { name: "Your slip (1 line)" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Move my lines/ })).toHaveCount(0);

  // The page's clock moves past the round's real close time (the server's lists stay as they are).
  const closeAt = await page.evaluate(async (id) => {
    const res = await fetch(`/poy-api/bet-lists.one?id=${id}`);
    return ((await res.json()) as { unixTimeStamp: { realCloseTime: number } }).unixTimeStamp.realCloseTime;
  }, betId);
  await page.clock.setFixedTime(new Date(closeAt * 1000 + 30_000));
  await expect(page.getByText("Closed", { exact: true })).toBeVisible();
  await expect(page.getByText("This round is closed.")).toBeVisible();
  const carry = page.getByRole("button", { name: /^Move my lines to Yeekee round \d+$/ });
  await expect(carry).toBeVisible();
  const next = (await carry.textContent())?.replace("Move my lines to ", "") ?? "";
  expect(next).not.toBe(heading);

  await carry.click();
  await expect(page.getByRole("heading", { level: 1, name: next })).toBeVisible();
  expect(new URL(page.url()).pathname).not.toBe(`/lotto/yeekee/${betId}`);
  await expect(page.getByRole("heading", { name: "Your slip (1 line)" })).toBeVisible();
  await expect(page.getByLabel("Price for 2 top 90")).toHaveValue("1.00");
  await expect(page.getByRole("button", { name: "Place bet ฿1.00" })).toBeEnabled();
  // The closed round's draft is gone: the lines live under the new round only.
  const left = await page.evaluate(
    (key) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("keyval").objectStore("keyval").get(key);
          get.onsuccess = () => resolve(get.result ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
    `lotto-draft:${betId}`,
  );
  expect(left).toBeNull();
});

/** The results desk after a confirmation, for looking at. */
async function screenshotDesk(desk: Page) {
  await desk.screenshot({ path: "test-results/screens/staff-results-en.png", fullPage: true });
}

/** The back office in its own browser context, logged in as `account`. */
async function backOffice(browser: Browser, account: { userName: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  const desk = await context.newPage();
  await desk.addInitScript(() => localStorage.setItem("locale", "en"));
  await desk.goto("/staff");
  await desk.getByLabel("Staff username").fill(account.userName);
  await desk.getByLabel("Password").fill(account.password);
  await desk.getByRole("button", { name: "Log in to the back office" }).click();
  return desk;
}
