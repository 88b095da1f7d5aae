import { expect, type Page, test } from "@playwright/test";
import { asPlayerOnPhone, register, setStatus } from "./support/player.ts";

/*
 * Access by status (docs/architecture.md "Access by status"): a member whose status closes an area (2 money, 4
 * lotto; 3 games, in e2e/games.spec.ts) sees the 403 screen on that area's pages and stays logged in, whether
 * the page's route refused it (the area is declared on the route) or the server did (403 FORBIDDEN) because this
 * device had not heard of the new status yet.
 */
asPlayerOnPhone();

/** The API's 403 answers while `page` is open, by path. */
function refusalsOn(page: Page): string[] {
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 403 && response.url().includes("/api/"))
      refused.push(new URL(response.url()).pathname);
  });
  return refused;
}

async function expectAccessDenied(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Sorry, access denied." })).toBeVisible();
}

/** Go Home leads to the member's home: still logged in (no Unauthorized page, the welcome and the balance). */
async function goHomeStillLoggedIn(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Unauthorized" })).toHaveCount(0);
}

async function openFromMenu(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name, exact: true }).click();
}

test("status 2 (no money): /credit/deposit and /bank/status show 403, the member stays logged in", async ({
  page,
  request,
}) => {
  await register(page, "s2");
  const refused = refusalsOn(page);
  await setStatus(page, request, 2);

  // This device still thinks the member may use money: the server refuses the page's call (403 FORBIDDEN), the
  // app shows 403 and keeps the session.
  await openFromMenu(page, "Deposit");
  await expect(page).toHaveURL(/\/credit\/deposit$/);
  await expectAccessDenied(page);
  expect(refused.length).toBeGreaterThan(0);
  await goHomeStillLoggedIn(page);

  // Now it knows: the routes refuse the money pages by themselves, without asking the server.
  refused.length = 0;
  await openFromMenu(page, "Bank accounts");
  await expect(page).toHaveURL(/\/bank\/status$/);
  await expectAccessDenied(page);
  await goHomeStillLoggedIn(page);
  await page.goto("/credit/deposit");
  await expectAccessDenied(page);
  await goHomeStillLoggedIn(page);
  expect(refused).toEqual([]);

  // Lotto is not closed to them.
  await page.goto("/lotto");
  await expect(page.getByRole("heading", { level: 1, name: "Lotto" })).toBeVisible();
});

test("status 4 (no lotto): /lotto, /poy and /number-set show 403, the member stays logged in", async ({
  page,
  request,
}) => {
  await register(page, "s4");
  const refused = refusalsOn(page);
  await setStatus(page, request, 4);

  // /poy has no "/lotto" in its address: its route declares the lotto area. Opened before this device knows the
  // status, the server's 403 FORBIDDEN shows the 403 screen (it used to log the member out).
  await page.goto("/poy");
  await expectAccessDenied(page);
  await goHomeStillLoggedIn(page);

  refused.length = 0;
  await openFromMenu(page, "Lotto");
  await expect(page).toHaveURL(/\/lotto$/);
  await expectAccessDenied(page);
  await goHomeStillLoggedIn(page);
  await openFromMenu(page, "My number sets");
  await expect(page).toHaveURL(/\/number-set$/);
  await expectAccessDenied(page);
  await goHomeStillLoggedIn(page);
  await page.goto("/poy");
  await expectAccessDenied(page);
  await goHomeStillLoggedIn(page);
  // Once known, the routes refused every lotto page by themselves.
  expect(refused).toEqual([]);

  // Money is not closed to them.
  await page.goto("/credit/deposit");
  await expect(page.getByRole("heading", { level: 1, name: "Deposit" })).toBeVisible();
});
