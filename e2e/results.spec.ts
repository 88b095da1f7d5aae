import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_CHECKER } from "./support/constants.ts";
import { staffHeaders } from "./support/ledger.ts";
import {
  asPlayerOnPhone,
  fund,
  memberHeaders,
  newUserName,
  PIN,
  phone,
  register,
  screens,
} from "./support/player.ts";
import { APP_HEADERS, bearerOf } from "./support/session.ts";

// After the draw, as a player on a phone sees it: /results for guests (latest results, any day's, cancelled
// rounds), a settled slip's outcome in /poy, and number sets saved from the builder and loaded into another round.
// The rounds are this spec's own (stock markets, else Lao Super and Malay; the lotto spec bets on the government
// draw, Lao and Hanoi): staff close one, enter its result and confirm it (four eyes), and cancel another.

asPlayerOnPhone();

const PHONE = phone();

/** Today in Bangkok (yyyy-mm-dd) and as the app writes dates (dd/mm/yyyy). */
function bangkokDay(offsetDays = 0): { iso: string; shown: string } {
  const iso = new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split("-");
  return { iso, shown: `${d}/${m}/${y}` };
}

interface ListedRound {
  betId: number;
  betGroup: string;
  betName: string;
  dt: string;
  active: boolean;
}

/** How a round is drawn in this spec, what its result shows, and a slip with winning and losing lines. */
interface DrawPlan {
  payload: Record<string, string>;
  /** Text only this result's card has. */
  cardText: string;
  /** The result card's labelled digits. */
  cells: [string, string][];
  /** The slip's result digits in /poy. */
  slipCells: string[];
  /** [option, number, wins]. */
  lines: [string, string, boolean][];
  /** How a line reads in /poy, by number. */
  lineText: Record<string, string>;
}

function planFor(round: ListedRound): DrawPlan {
  if (round.betGroup === "stock")
    // Close 38,654.42 and change +123.76: 3 top 442, 2 top 42, 2 bottom 76 (docs/rules.md "Options and how each wins").
    return {
      payload: { close: "38,654.42", change: "+123.76" },
      cardText: "Index close 38,654.42, change +123.76",
      cells: [
        ["3 top", "442"],
        ["2 top", "42"],
        ["2 bottom", "76"],
      ],
      slipCells: ["3 top442", "2 top42", "2 bottom76"],
      lines: [
        ["teng_bon_3", "442", true],
        ["teng_bon_2", "42", true],
        ["teng_lang_2", "11", false],
      ],
      lineText: { "442": "442 3 top", "11": "11 2 bottom" },
    };
  // Lao Super 564693 (or Malay's first prize 4693): 4693, 3 straight 693, 3 front 469, 2 front 46, 2 back 93.
  const lao = round.betName === "lao-super";
  return {
    payload: lao ? { draw: "564693" } : { first: "4693" },
    cardText: lao ? "Draw: 564693" : "1st prize: 4693",
    cells: [
      ["4 straight", "4693"],
      ["3 straight", "693"],
      ["3 front", "469"],
      ["2 front", "46"],
      ["2 back", "93"],
    ],
    slipCells: ["4 straight4693"],
    lines: [
      ["four_top", "4693", true],
      ["two_back", "93", true],
      ["two_front", "11", false],
    ],
    lineText: { "4693": "4693 4 straight", "11": "11 2 front" },
  };
}

/**
 * Two open rounds of different markets that no other spec bets on: stock markets (weekdays), else Lao Super and
 * Malay (the lotto spec uses Lao and Hanoi). Today's first.
 */
async function twoRounds(request: APIRequestContext): Promise<[ListedRound, ListedRound]> {
  const lists = await (await request.get("/poy-api/bet-lists.latest")).json();
  const four = await (
    await request.post("/poy-api/lotteries.4d.latest", { headers: APP_HEADERS, data: {} })
  ).json();
  const today = bangkokDay().iso;
  const candidates = [
    // From the end of the stock list: markets closing late stay open through the test.
    ...(lists.stock as ListedRound[]).slice().reverse(),
    four.laoSuper,
    four.malay,
  ]
    .filter((r): r is ListedRound => Boolean(r?.active))
    .sort((a, b) => Number(b.dt === today) - Number(a.dt === today));
  const first = candidates[0];
  const second = candidates.find((r) => r.betName !== first?.betName);
  expect(first && second, "two open rounds of markets no other spec uses").toBeTruthy();
  return [first as ListedRound, second as ListedRound];
}

async function checkerHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  const login = await request.post("/api/staff/login", {
    headers: APP_HEADERS,
    data: { userName: E2E_CHECKER.userName, password: E2E_CHECKER.password },
  });
  expect(login.status()).toBe(200);
  return bearerOf(login);
}

async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(() => localStorage.setItem("locale", "en"));
  return context.newPage();
}

test("guests read the latest and any day's results; a settled slip shows what each line won", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const [drawn, cancelled] = await twoRounds(request);
  const plan = planFor(drawn);

  // A player's slip on the round that will be drawn: two winning lines and one losing line.
  await register(page);
  await fund(page, request, "100");
  const { defaultRate } = await (
    await request.get(`/poy-api/number-reachs.rate-now.all?betId=${drawn.betId}`)
  ).json();
  const lines = plan.lines.map(([option, number]) => ({
    option,
    number,
    price: "10",
    multiply: defaultRate[option] as string,
  }));
  const create = drawn.betGroup === "set4" ? `lotteries.${drawn.betName}.create` : "poys.create";
  const placed = await request.post(`/poy-api/${create}`, {
    headers: await memberHeaders(page),
    data: { betId: drawn.betId, lines, idempotencyKey: `results-e2e-${drawn.betId}-${Date.now()}` },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  // Staff close betting, enter the result, and a second staff member confirms it; the other round is cancelled.
  const admin = await staffHeaders(request);
  const closed = await request.post("/api/staff/lotto/rounds.close", {
    headers: admin,
    data: { betId: drawn.betId, reason: "e2e: the draw is being held" },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  const proposed = await request.post("/api/staff/lotto/results.propose", {
    headers: admin,
    data: { betId: drawn.betId, payload: plan.payload },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const confirmed = await request.post("/api/staff/lotto/results.confirm", {
    headers: await checkerHeaders(request),
    data: { resultId: (await proposed.json()).resultId },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const cancel = await request.post("/api/staff/lotto/rounds.cancel", {
    headers: admin,
    data: { betId: cancelled.betId, reason: "e2e: the market did not trade" },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);

  // The settlement job (every 15 s) judges the slip.
  const headers = await memberHeaders(page);
  await expect
    .poll(
      async () =>
        (await (await request.get(`/poy-api/poys?betId=${drawn.betId}`, { headers })).json()).poys[0]?.status,
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe("won");
  const pays = (option: string) => 10 * Number(defaultRate[option]);
  const won = plan.lines.filter(([, , wins]) => wins).reduce((sum, [option]) => sum + pays(option), 0);
  const baht = (n: number) => `฿${n.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  const [winner, , loser] = plan.lines as [[string, string, boolean], unknown, [string, string, boolean]];

  await page.goto("/poy");
  await expect(page.getByRole("heading", { level: 1, name: "My slips" })).toBeVisible();
  const slip = page.getByRole("listitem").filter({ hasText: "Total won" });
  await expect(slip).toHaveCount(1);
  await expect(slip).toContainText("Won");
  await expect(slip).toContainText(`Total won${baht(won)}`);
  const result = slip.getByRole("region", { name: "Result" });
  for (const cell of plan.slipCells) await expect(result).toContainText(cell);
  await slip.getByText("3 lines · 2 won").click();
  await expect(
    slip.getByRole("listitem").filter({ hasText: plan.lineText[winner[1]] as string }),
  ).toContainText(`Won ${baht(pays(winner[0]))}`);
  await expect(
    slip.getByRole("listitem").filter({ hasText: plan.lineText[loser[1]] as string }),
  ).toContainText("Not won");
  await screens(page, "poy-outcomes", "My slips");

  // A guest: the latest result of the market, with its digits large, and no login needed.
  const guest = await guestPage(browser);
  await guest.goto("/results");
  await expect(guest.getByRole("heading", { level: 1, name: "Results" })).toBeVisible();
  const latest = guest.getByRole("region", { name: "Latest results" });
  const card = latest.getByRole("listitem").filter({ hasText: plan.cardText });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { level: 4 })).toBeVisible();
  await expect(card.getByRole("term")).toHaveText(plan.cells.map(([label]) => label));
  await expect(card.getByRole("definition")).toHaveText(plan.cells.map(([, digits]) => digits));
  // Entered by staff: nothing to verify in the browser, and not the demo feed.
  await expect(card.getByRole("link", { name: /^Verify/ })).toHaveCount(0);
  await expect(card).not.toContainText("Demo result");

  // The date picker: Bangkok dates, today back to 60 days, never the future.
  const day = guest.getByRole("region", { name: "Results by date" });
  const date = day.getByLabel("Date");
  const today = bangkokDay();
  await expect(date).toHaveValue(today.iso);
  await expect(date).toHaveAttribute("max", today.iso);
  await expect(date).toHaveAttribute("min", bangkokDay(-60).iso);
  await expect(day.getByRole("button", { name: "Next day" })).toBeDisabled();
  await expect(day.getByRole("heading", { name: `Results of ${today.shown}` })).toBeVisible();
  await day.getByRole("button", { name: "Previous day" }).click();
  await expect(guest).toHaveURL(new RegExp(`/results\\?date=${bangkokDay(-1).iso}$`));
  await expect(day.getByRole("heading", { name: `Results of ${bangkokDay(-1).shown}` })).toBeVisible();
  await expect(day.getByRole("button", { name: "Next day" })).toBeEnabled();
  // A date in the future is not offered: the page stays on today.
  await guest.goto(`/results?date=${bangkokDay(3).iso}`);
  await expect(day.getByRole("heading", { name: `Results of ${today.shown}` })).toBeVisible();

  // The day of the two rounds lists both: the drawn round and the cancelled one (refunded). Late in the day the
  // open rounds may be tomorrow's, which the picker does not offer yet.
  if (drawn.dt <= today.iso && cancelled.dt <= today.iso && drawn.dt === cancelled.dt) {
    await guest.goto("/results");
    await date.fill(drawn.dt);
    await expect(guest).toHaveURL(new RegExp(`/results(\\?date=${drawn.dt})?$`));
    await expect(day.getByRole("listitem").filter({ hasText: plan.cardText })).toHaveCount(1);
    await expect(
      day.getByRole("listitem").filter({ hasText: "This round was cancelled; every stake was refunded." }),
    ).toHaveCount(1);
  }
  await guest.goto("/results");
  await expect(latest.getByRole("listitem").first()).toBeVisible();
  await screens(guest, "results", "Results");

  // Offline (the app shell from the service worker): results need the network; the last list seen on this
  // device is still shown, marked as such.
  await guest.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }),
      );
  });
  await guest.context().setOffline(true);
  await guest.reload();
  await expect(guest.getByRole("heading", { level: 1, name: "Results" })).toBeVisible();
  const offline = latest
    .getByRole("status")
    .filter({ hasText: "You are offline. Results need the network." });
  await expect(offline).toContainText("These are the results saved on this device at");
  await expect(latest.getByRole("listitem").filter({ hasText: plan.cardText })).toHaveCount(1);
  await expect(
    day.getByRole("status").filter({ hasText: "You are offline. Results need the network." }),
  ).toBeVisible();
  await guest.context().close();
});

/** From /lotto, the builder of an open yeekee round (the second: the first may close during the test). */
async function openYeekeeRound(page: Page) {
  await page.goto("/lotto");
  const yeekee = page.getByRole("region", { name: "Yeekee", exact: true });
  const rounds = yeekee.getByRole("link", { name: /^Yeekee round \d+/ });
  await expect(rounds.nth(1)).toBeVisible();
  await rounds.nth(1).click();
  await expect(page).toHaveURL(/\/lotto\/yeekee\/\d+$/);
}

async function addNumber(page: Page, option: RegExp, number: string) {
  await page.getByRole("button", { name: option }).click();
  const input = page.getByRole("textbox", { name: "Number", exact: true });
  await input.fill(number);
  await input.press("Enter");
  await page.getByRole("button", { name: option }).click();
}

test("number sets: saved from the builder, renamed, loaded into another round's builder, deleted; nobody else sees them", async ({
  page,
  request,
}) => {
  // The longest player flow here: two members, two builders, eight localized screenshots. Each step waits on what
  // the page shows, never on a clock, so a busy runner makes it slower, not wrong: 60 s (the suite's hang guard)
  // was not enough on a loaded 2-core machine; slow() gives it three times that.
  test.slow();
  // The other member is signed up at once, alongside this one's steps: a sign-up hashes the PIN with scrypt on
  // purpose (4 s on a loaded runner), which the test need not sit through twice in a row.
  const otherSignup = request.post("/api/users.signup", {
    headers: APP_HEADERS,
    data: { userName: newUserName("o"), password: PIN, phoneNumber: "0812345678" },
  });
  // Awaited below; if the test fails first, its rejection (the request context closing) is not an unhandled one.
  otherSignup.catch(() => {});
  await register(page);
  await openYeekeeRound(page);
  await addNumber(page, /^3 top/, "123");
  await addNumber(page, /^2 bottom/, "45");
  await page.getByLabel("Price for 3 top 123").fill("20");
  await expect(page.getByRole("heading", { name: "Your slip (2 lines)" })).toBeVisible();

  await page.getByRole("button", { name: "Save as number set" }).click();
  await expect(page.getByText("2 lines will be saved.")).toBeVisible();
  await page.getByLabel("Name of the number set").fill("Lucky e2e");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved as “Lucky e2e”." })).toBeVisible();
  await page.getByRole("link", { name: "My number sets" }).click();

  await expect(page).toHaveURL(/\/number-set$/);
  await expect(page.getByRole("heading", { level: 1, name: "My number sets" })).toBeVisible();
  const card = () => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(card()).toHaveCount(1);
  await expect(card().getByRole("heading", { level: 2 })).toHaveText("Lucky e2e");
  await expect(card()).toContainText("2 lines");
  await card().getByText("Show the numbers").click();
  await expect(card().getByRole("listitem")).toHaveText(["123 3 top · ฿20.00", "45 2 bottom · ฿1.00"]);

  await card().getByRole("button", { name: "Rename" }).click();
  await card().getByLabel("New name").fill("Birthday e2e");
  await card().getByRole("button", { name: "Save name" }).click();
  await expect(card().getByRole("heading", { level: 2 })).toHaveText("Birthday e2e");
  await page.reload();
  await expect(card().getByRole("heading", { level: 2 })).toHaveText("Birthday e2e");
  await screens(page, "number-sets", "My number sets");

  // Nobody else sees or touches it (the server answers another member as if the set did not exist).
  const mine = await (
    await request.get("/poy-api/number-sets", { headers: await memberHeaders(page) })
  ).json();
  expect(mine.items.map((s: { name: string }) => s.name)).toEqual(["Birthday e2e"]);
  const setId = mine.items[0].id as string;
  const signup = await otherSignup;
  expect(signup.status()).toBe(201);
  const other = bearerOf(signup);
  expect((await (await request.get("/poy-api/number-sets", { headers: other })).json()).items).toEqual([]);
  for (const [call, data] of [
    ["number-sets.rename", { id: setId, name: "Taken" }],
    ["number-sets.delete", { id: setId }],
  ] as const) {
    const refused = await request.post(`/poy-api/${call}`, { headers: other, data });
    expect(refused.status()).toBe(404);
    expect((await refused.json()).code).toBe("NUMBER_SET_NOT_FOUND");
  }

  // Into a ping-pong round (the second listed: the first may close during the test).
  await card().getByRole("button", { name: "Load into a round" }).click();
  await card().getByLabel("Lottery").selectOption({ label: "Ping-pong" });
  const roundSelect = card().getByLabel("Round", { exact: true });
  const options = await roundSelect.locator("option").count();
  await roundSelect.selectOption({ index: options > 1 ? 1 : 0 });
  const roundName = ((await roundSelect.locator("option:checked").textContent()) ?? "").split(",")[0];
  expect(roundName).toMatch(/^Ping-pong round \d+$/);
  await card().getByRole("button", { name: "Load into the builder" }).click();
  await expect(card().getByRole("status")).toContainText(`2 lines added to the slip of ${roundName}.`);
  await card().getByRole("link", { name: "Open the slip" }).click();

  await expect(page).toHaveURL(/\/lotto\/pingpong\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: roundName })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your slip (2 lines)" })).toBeVisible();
  // The saved price, within this round's limits.
  await expect(page.getByLabel("Price for 3 top 123")).toHaveValue("20.00");
  await expect(page.getByLabel("Price for 2 bottom 45")).toHaveValue("1.00");
  // Loading it again in the builder adds nothing twice, and says why.
  await page.getByRole("button", { name: "Load a number set" }).click();
  await expect(page.getByLabel("Number set")).toHaveValue(setId);
  await page.getByRole("button", { name: "Add to slip" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added 0 lines." })).toContainText(
    "Not added: 3 top 123 (already on the slip), 2 bottom 45 (already on the slip).",
  );
  await expect(page.getByRole("heading", { name: "Your slip (2 lines)" })).toBeVisible();
  await screens(page, "number-set-builder", "Bet type", { level: 2 });

  await page.goto("/number-set");
  await card().getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Birthday e2e?" });
  await expect(confirm).toContainText("Delete “Birthday e2e”? This cannot be undone.");
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(card()).toHaveCount(1);
  await card().getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(card()).toHaveCount(0);
  await expect(page.getByText("You have no number sets yet.")).toBeVisible();
  expect(
    (await (await request.get("/poy-api/number-sets", { headers: await memberHeaders(page) })).json()).items,
  ).toEqual([]);
});
