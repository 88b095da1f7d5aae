import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_APPROVER, E2E_STAFF } from "./support/constants.ts";
import { expectLedgerSound, staffHeaders } from "./support/ledger.ts";
import { APP_HEADERS, bearerOf } from "./support/session.ts";

// The back office as a staff member uses it: log in at /staff, approve a member's reported transfer, pay a
// withdrawal, and pair a transfer the bank reported with no request. The member's side is set up through the API.

const PIN = "Secret#123";

// Every movement a test made still balances: debits equal credits, no balance below zero.
test.afterEach(async ({ request }) => {
  await expectLedgerSound(request);
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en");
  });
});

async function fundedMember(request: APIRequestContext) {
  const userName = `s${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const signup = await request.post("/api/users.signup", {
    headers: APP_HEADERS,
    data: { userName, password: PIN, phoneNumber: "0812345678" },
  });
  expect(signup.status()).toBe(201);
  const headers = bearerOf(signup);
  await request.post("/api/users-infos.update", { headers, data: { name: "Somchai Jaidee", pin: PIN } });
  const accountNumber = `3${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 9)}`;
  const bank = await request.post("/api/users-banks.create", {
    headers,
    data: { bankCode: "kbank", bankAccountNumber: accountNumber, pin: PIN },
  });
  expect(bank.status()).toBe(201);
  return { userName, headers, bankId: (await bank.json()).id as string, accountNumber };
}

test("staff approve a reported transfer and pay a withdrawal from the back office", async ({
  page,
  request,
}) => {
  const member = await fundedMember(request);
  const channels = await (await request.get("/api/deposit-channels", { headers: member.headers })).json();
  const reported = await request.post("/api/deposits.normal", {
    headers: member.headers,
    data: {
      bankId: channels.normal.accounts[0].id,
      bankCode: "kbank",
      bankAccountNumber: member.accountNumber,
      amount: "2500",
      depositAt: new Date(Date.now() - 60_000).toISOString(),
      idempotencyKey: randomUUID(),
    },
  });
  const deposit = await reported.json();
  expect(deposit.status).toBe("waiting");

  await page.goto("/staff");
  await page.getByLabel("Staff username").fill(E2E_STAFF.userName);
  await page.getByLabel("Password").fill(E2E_STAFF.password);
  await page.getByRole("button", { name: "Log in to the back office" }).click();

  const card = page.getByRole("listitem", { name: `Deposit ${deposit.id}` });
  await expect(card).toContainText("฿2,500.00");
  await expect(card).toContainText(member.userName);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(`Deposit ${deposit.id} approved.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  const cash = await (await request.get("/api/cashs", { headers: member.headers })).json();
  expect(cash.money).toBe("2500.00");

  const withdrawal = await (
    await request.post("/api/withdrawals.create", {
      headers: member.headers,
      data: { bankId: member.bankId, amount: "1000", idempotencyKey: randomUUID() },
    })
  ).json();
  await page.getByRole("tab", { name: "Withdrawals to pay" }).click();
  const wCard = page.getByRole("listitem", { name: `Withdrawal ${withdrawal.id}` });
  await expect(wCard).toContainText("฿1,000.00");
  // The first withdrawal to a newly added account is reviewed before it can be paid.
  await expect(wCard).toContainText("First withdrawal to this bank account: waiting for review.");
  await expect(wCard.getByRole("button", { name: "Mark as paid" })).toBeDisabled();
  await wCard.getByRole("button", { name: "Reviewed: approve for payment" }).click();
  await expect(page.getByText(`Withdrawal ${withdrawal.id} reviewed: it can now be paid.`)).toBeVisible();
  await wCard.getByRole("button", { name: "Mark as paid" }).click();
  await expect(page.getByText(`Withdrawal ${withdrawal.id} marked as paid.`)).toBeVisible();
  const status = await (
    await request.post("/api/transactions.bank", { headers: member.headers, data: {} })
  ).json();
  expect(status.withdrawals[0]).toMatchObject({ id: withdrawal.id, status: "paid" });
  await page.screenshot({ path: "test-results/screens/staff-desk-en.png", fullPage: true });

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Log in to the back office" })).toBeVisible();
});

test("a member token cannot use the back office API", async ({ request }) => {
  const member = await fundedMember(request);
  const res = await request.get("/api/staff/deposits", { headers: member.headers });
  expect(res.status()).toBe(401);
});

/** A back-office session of its own (its own browser context, so two staff members are logged in at once). */
async function backOffice(browser: Browser, who: { userName: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem("locale", "en"));
  const page = await context.newPage();
  await page.goto("/staff");
  await page.getByLabel("Staff username").fill(who.userName);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Log in to the back office" }).click();
  await expect(page.getByText(`Signed in as ${who.userName}`)).toBeVisible();
  return page;
}

test("a balance adjustment waits for a second administrator and moves the balance once", async ({
  browser,
  request,
}) => {
  // Two back-office logins and a sign-up, each hashing a password with scrypt on purpose: slow on a busy runner.
  test.slow();
  const userName = `a${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const signup = await request.post("/api/users.signup", {
    headers: APP_HEADERS,
    data: { userName, password: PIN, phoneNumber: "0812345678" },
  });
  expect(signup.status()).toBe(201);
  const member = bearerOf(signup);
  const balance = async () => (await (await request.get("/api/cashs", { headers: member })).json()).money;

  // One administrator proposes 6,000 baht (above the 5,000 baht threshold; every adjustment has four eyes).
  const maker = await backOffice(browser, E2E_STAFF);
  await maker.getByRole("tab", { name: "Members" }).click();
  await maker.getByLabel("Username, phone number or name").fill(userName);
  await maker.getByRole("button", { name: "Search" }).click();
  const memberCard = maker.getByRole("listitem", { name: `Member ${userName}` });
  await memberCard.getByLabel("Amount (baht)").fill("6000");
  await memberCard.getByLabel("Reason").fill("e2e goodwill credit");
  await memberCard.getByRole("button", { name: "Propose adjustment" }).click();
  await expect(
    maker.getByText("Adjustment proposed: waiting for a second staff member to confirm it."),
  ).toBeVisible();
  expect(await balance()).toBe("0.00");

  // The proposer sees it waiting, with no way to confirm it; the server refuses it too.
  await maker.getByRole("tab", { name: "Waiting for a second staff member" }).click();
  const mine = maker.getByRole("listitem").filter({ hasText: userName });
  await expect(mine).toContainText("Add to the member's balance");
  await expect(mine).toContainText("฿6,000.00");
  await expect(mine).toContainText(`proposed by ${E2E_STAFF.userName}`);
  await expect(mine).toContainText("You proposed this: waiting for a second staff member.");
  await expect(mine.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  const proposalId = ((await mine.getAttribute("aria-label")) ?? "").replace("Proposal ", "");
  const own = await request.post("/api/staff/proposals.confirm", {
    headers: await staffHeaders(request),
    data: { id: proposalId },
  });
  expect(own.status()).toBe(409);
  expect((await own.json()).code).toBe("FOUR_EYES");
  expect(await balance()).toBe("0.00");

  // A second administrator confirms it: the money moves, once.
  const checker = await backOffice(browser, E2E_APPROVER);
  await checker.getByRole("tab", { name: "Waiting for a second staff member" }).click();
  const theirs = checker.getByRole("listitem", { name: `Proposal ${proposalId}` });
  await expect(theirs).toContainText(`proposed by ${E2E_STAFF.userName}`);
  await expect(theirs).toContainText("e2e goodwill credit");
  await theirs.getByRole("button", { name: "Confirm" }).click();
  await expect(checker.getByText(`Proposal ${proposalId} confirmed.`)).toBeVisible();
  await expect(theirs).toHaveCount(0);
  expect(await balance()).toBe("6000.00");
  await checker.screenshot({ path: "test-results/screens/staff-four-eyes-en.png", fullPage: true });

  // Confirming again changes nothing (sent from the back office's page: its HttpOnly cookie and the app's header).
  const again = await checker.evaluate(async (id) => {
    const res = await fetch("/api/staff/proposals.confirm", {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "lottoup" },
      body: JSON.stringify({ id }),
    });
    return (await res.json()).status;
  }, proposalId);
  expect(again).toBe("confirmed");
  expect(await balance()).toBe("6000.00");
  await maker.context().close();
  await checker.context().close();
});
