import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_STAFF } from "./support/constants.ts";
import { expectLedgerSound } from "./support/ledger.ts";

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
    data: { userName, password: PIN, phoneNumber: "0812345678" },
  });
  expect(signup.status()).toBe(201);
  const token = signup.headers().auth as string;
  const headers = { authorization: `Bearer ${token}` };
  await request.post("/api/users-infos.update", { headers, data: { name: "Somchai Jaidee" } });
  const accountNumber = `3${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 9)}`;
  const bank = await request.post("/api/users-banks.create", {
    headers,
    data: { bankCode: "kbank", bankAccountNumber: accountNumber },
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
