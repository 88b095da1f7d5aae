import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { tr } from "./catalog.ts";
import { E2E_STAFF, LINE_STAND_IN } from "./support/constants.ts";
import { staffActAndConfirm, staffHeaders } from "./support/ledger.ts";
import {
  asPlayerOnPhone,
  balanceChip,
  memberHeaders,
  PIN,
  register,
  screens,
  switchLanguage,
} from "./support/player.ts";
import { APP_HEADERS, tokenOf } from "./support/session.ts";

// The wallet as a player on a phone sees it: bank accounts, every deposit channel (paid by the clearly labelled
// demo bank and demo chain), withdrawals within the limits, the live top-bar balance and the statement.

const HOLDER = "Somchai Jaidee";

asPlayerOnPhone();

let counter = 0;

/** A 10-digit account number nobody has registered yet (not ending in 9999: that is the demo mismatch). */
function newAccountNumber() {
  counter += 1;
  const digits = `${String(Date.now()).slice(-6)}${counter % 10}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
  return digits.endsWith("9999") ? `${digits.slice(0, 9)}1` : digits;
}

async function setName(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  // A new name is confirmed with the PIN (the field shows once the name differs).
  await page.getByRole("form", { name: "Your details" }).getByLabel("Your PIN").fill(PIN);
  await page.getByRole("button", { name: "Save" }).click();
  // The PIN is checked with scrypt: seconds on a loaded runner.
  await expect(page.getByText("Your profile has been saved.")).toBeVisible({ timeout: 30_000 });
}

async function addBank(page: Page, bankName: string, accountNumber: string) {
  await page.goto("/bank/add");
  await page.getByRole("radio", { name: bankName }).check();
  await page.getByLabel("Account number").fill(accountNumber);
  await page.getByLabel("Your PIN").fill(PIN);
  await page.getByRole("button", { name: "Add bank account" }).click();
}

/** A signed-up member with a name and a verified bank account (Kasikornbank). */
async function memberWithBank(page: Page) {
  const userName = await register(page, "w");
  await page.goto("/profile/edit");
  await setName(page, HOLDER);
  await addBank(page, "Kasikornbank", newAccountNumber());
  await expect(page).toHaveURL(/\/bank\/status$/, { timeout: 30_000 });
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  return userName;
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/staff/login", {
    headers: APP_HEADERS,
    data: { userName: E2E_STAFF.userName, password: E2E_STAFF.password },
  });
  expect(res.status()).toBe(200);
  return tokenOf(res);
}

test("logged out, the wallet pages lead to the login", async ({ page }) => {
  for (const path of ["/credit/deposit", "/credit/withdraw", "/bank/status"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  }
});

test("the session token is out of every script's reach, another site's request changes nothing, and the app works", async ({
  page,
  context,
}) => {
  await register(page, "ck");
  const session = (await context.cookies()).find((c) => c.name === "accessToken");
  expect(session?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
  const token = session?.value ?? "";
  // What any script in the page (ours, a chat widget's, an injected one) can read: the hint, never the token.
  const readable = await page.evaluate(() => ({
    cookie: document.cookie,
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  }));
  expect(readable.cookie).toContain("sessionHint=");
  expect(readable.cookie).not.toContain("accessToken");
  expect(readable.cookie).not.toContain(token);
  expect(readable.storage).not.toContain(token);

  // Another page on this machine (same site, other port, so SameSite lets the cookie go with it) posts a form to
  // the logout, the one change that needs no body. The browser sends the cookie; the server refuses the request
  // (its Origin is not ours, and it lacks the app's header), so the member stays logged in.
  const other = await context.newPage();
  await other.goto(`http://localhost:${LINE_STAND_IN.port}/.well-known/openid-configuration`);
  const target = new URL("/api/users.logout", page.url()).toString();
  const answered = other.waitForResponse((r) => r.url() === target);
  await other.evaluate((url) => {
    const form = document.createElement("form");
    form.method = "POST";
    form.enctype = "text/plain";
    form.action = url;
    document.body.append(form);
    form.submit();
  }, target);
  const forged = await answered;
  const sentWith = await forged.request().allHeaders();
  expect(sentWith.cookie).toContain(`accessToken=${token}`);
  expect(sentWith.origin).toBe(`http://localhost:${LINE_STAND_IN.port}`);
  expect(forged.status()).toBe(403);
  expect((await forged.json()).code).toBe("CSRF_REFUSED");
  await other.close();
  const stillIn = await page.evaluate(async () => {
    const res = await fetch("/api/users.auth", {
      method: "POST",
      headers: { "x-requested-with": "lottoup" },
    });
    return res.status;
  });
  expect(stillIn).toBe(200);

  // The app still works: the live balance, and a money form.
  await page.goto("/main");
  await expect(page).toHaveURL(/\/main$/);
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿0.00");
  await page.goto("/credit/deposit/truemoney");
  const code = `${Date.now().toString(16)}c00c1e51`;
  await page.getByLabel("Voucher link").fill(`https://gift.truemoney.com/campaign/?v=${code}`);
  await page.getByRole("button", { name: "Redeem voucher" }).click();
  await expect(page.getByRole("heading", { name: "Voucher redeemed" })).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿100.00");
  expect((await context.cookies()).find((c) => c.name === "accessToken")?.value).toBe(token);
});

test("bank accounts: the name comes first, numbers are checked per bank, a mismatch is shown", async ({
  page,
}) => {
  await register(page, "w");
  await page.getByRole("button", { name: "Menu" }).click();
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Bank accounts" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Bank accounts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No bank account yet" })).toBeVisible();
  await page.getByRole("link", { name: "Add bank account" }).click();

  // No name on the profile yet: the page says so and leads there.
  await expect(page.getByRole("heading", { name: "First, add your name" })).toBeVisible();
  await page.getByRole("link", { name: "Add my name" }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await setName(page, HOLDER);

  await page.goto("/bank/add");
  await expect(page.getByRole("main").getByText(HOLDER)).toBeVisible();
  await page.getByRole("radio", { name: "Government Savings Bank" }).check();
  await page.getByLabel("Account number").fill("1234567890");
  await page.getByLabel("Your PIN").fill(PIN);
  await page.getByRole("button", { name: "Add bank account" }).click();
  await expect(
    page.getByText("This account number is not valid for Government Savings Bank. It must have 12 digits."),
  ).toBeVisible();

  await page.getByRole("radio", { name: "Kasikornbank" }).check();
  const own = newAccountNumber();
  await page.getByLabel("Account number").fill(own);
  await page.getByRole("button", { name: "Add bank account" }).click();
  await expect(page).toHaveURL(/\/bank\/status$/);
  await expect(page.getByText("Your bank account was added and verified.", { exact: false })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Kasikornbank" })).toContainText("Verified");

  // Another holder (the demo verifier's numbers ending in 9999).
  await addBank(page, "Siam Commercial Bank", `${newAccountNumber().slice(0, 6)}9999`);
  await expect(page).toHaveURL(/\/bank\/status$/);
  await expect(page.getByRole("listitem").filter({ hasText: "Siam Commercial Bank" })).toContainText(
    "Name does not match",
  );
  await expect(page.getByRole("listitem").filter({ hasText: "Siam Commercial Bank" })).toContainText(
    "DEMO OTHER PERSON",
  );

  // The same account twice: the server's own message.
  await addBank(page, "Kasikornbank", own);
  await expect(page.getByText("This bank account is already registered.")).toBeVisible();
});

test("fast deposit: unique amount, queue, countdown, paid by the demo bank; the balance changes live", async ({
  page,
  context,
}) => {
  await memberWithBank(page);
  // A second tab on the member home: nothing there polls, so only the live push can change its balance.
  const home = await context.newPage();
  await home.goto("/main");
  await expect(balanceChip(home)).toHaveAccessibleName("Balance: ฿0.00");

  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Deposit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deposit" })).toBeVisible();
  await page.getByRole("link", { name: /^Fast bank transfer/ }).click();

  await page.getByLabel("Amount (baht)").fill("99");
  await page.getByRole("button", { name: "Get the transfer details" }).click();
  await expect(page.getByText("The smallest amount is ฿100.00.")).toBeVisible();
  await page.getByRole("button", { name: "500", exact: true }).click();
  await page.getByRole("button", { name: "Get the transfer details" }).click();

  await expect(page).toHaveURL(/\/credit\/deposit\/fast\/queue\?id=\d+$/);
  const copyAmount = page.getByRole("button", { name: /^Copy the amount ฿500\.\d\d$/ });
  await expect(copyAmount).toBeVisible();
  const label = (await copyAmount.getAttribute("aria-label")) ?? "";
  const amount = /฿500\.(\d\d)$/.exec(label)?.[0] ?? "";
  expect(amount).not.toBe("฿500.00");
  await expect(page.getByText(amount, { exact: true })).toBeVisible();
  await expect(
    page.getByText(/Queue: you are number 1 of \d+ deposits waiting on this account\./),
  ).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^1[45]:\d\d$/);
  await expect(page.getByRole("button", { name: /^Copy account number / })).toBeVisible();
  await screens(page, "deposit-queue", "Fast bank transfer");

  await page.getByRole("button", { name: "Demo bank: send this transfer" }).click();
  await expect(page.getByRole("heading", { name: "Deposit received" })).toBeVisible();
  await expect(page.getByText(`${amount} has been added to your balance.`)).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName(`Balance: ${amount}`);
  await expect(balanceChip(home)).toHaveAccessibleName(`Balance: ${amount}`);

  // Tapping the balance opens the statement, which lists the deposit.
  await balanceChip(page).click();
  await expect(page).toHaveURL(/\/credit\/statement$/);
  const rows = page.getByRole("tabpanel");
  await expect(rows.getByText("Deposit", { exact: true })).toBeVisible();
  await expect(rows.getByText(`+${amount}`)).toBeVisible();
});

test("QR PromptPay deposit shows the QR image and is paid by the demo bank", async ({ page }) => {
  await memberWithBank(page);
  await page.goto("/credit/deposit");
  await page.getByRole("link", { name: /^QR PromptPay/ }).click();
  await page.getByLabel("Amount (baht)").fill("300");
  await page.getByRole("button", { name: "Make my QR code" }).click();

  const qr = page.getByRole("img", {
    name: /^PromptPay QR code for ฿300\.\d\d\. Scan it with your bank app\.$/,
  });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole("timer")).toBeVisible();

  await page.getByRole("button", { name: "Demo bank: send this transfer" }).click();
  await expect(page.getByRole("heading", { name: "Deposit received" })).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName(/^Balance: ฿300\.\d\d$/);

  await page.getByRole("link", { name: "My QR requests" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: /฿300\.\d\d/ })).toContainText("Approved");
});

test("normal deposit waits for staff on the status page; TrueMoney vouchers redeem at once", async ({
  page,
}) => {
  await memberWithBank(page);
  await page.goto("/credit/deposit/normal");
  await expect(page.getByRole("heading", { level: 1, name: "Normal bank transfer" })).toBeVisible();
  await page.getByRole("radio", { name: /^Kasikornbank 000-0-00000-1$/ }).check();
  await page.getByLabel("Amount you transferred (baht)").fill("250");
  await page.getByRole("button", { name: "Send deposit notice" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, we have your deposit notice" })).toBeVisible();
  await page.getByRole("link", { name: "See the status" }).click();
  await expect(page).toHaveURL(/\/credit\/status$/);
  const notice = page.getByRole("listitem").filter({ hasText: "Normal bank transfer" });
  await expect(notice).toContainText("฿250.00");
  await expect(notice).toContainText("Waiting");
  await expect(notice).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/);

  await page.goto("/credit/deposit/truemoney");
  await page.getByLabel("Voucher link").fill("not a voucher");
  await page.getByRole("button", { name: "Redeem voucher" }).click();
  await expect(page.getByText(/^Please paste a TrueMoney gift voucher link\. It starts with/)).toBeVisible();
  const code = `${Date.now().toString(16)}abcdef12`;
  await page.getByLabel("Voucher link").fill(`https://gift.truemoney.com/campaign/?v=${code}`);
  await page.getByRole("button", { name: "Redeem voucher" }).click();
  await expect(page.getByRole("heading", { name: "Voucher redeemed" })).toBeVisible();
  await expect(page.getByText("฿100.00 has been added to your balance.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "฿100.00" })).toContainText("Approved");
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿100.00");

  // The same voucher again.
  await page.getByLabel("Voucher link").fill(`https://gift.truemoney.com/campaign/?v=${code}`);
  await page.getByRole("button", { name: "Redeem voucher" }).click();
  await expect(page.getByText("This voucher has already been used.")).toBeVisible();
});

test("withdraw within the limits; over 49,000 per time is refused in Thai and English; the statement lists it", async ({
  page,
  request,
}) => {
  // The name and the bank account are confirmed with the PIN (scrypt), and the first payout is reviewed first:
  // the longest player flow here, on a loaded runner.
  test.slow();
  await memberWithBank(page);
  // 1,000 baht of credit through the fast channel.
  await page.goto("/credit/deposit/fast");
  await page.getByLabel("Amount (baht)").fill("1000");
  await page.getByRole("button", { name: "Get the transfer details" }).click();
  await page.getByRole("button", { name: "Demo bank: send this transfer" }).click();
  await expect(page.getByRole("heading", { name: "Deposit received" })).toBeVisible();

  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Withdraw" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Withdraw" })).toBeVisible();
  await expect(page.getByText(/^Used 0 of 200,000 baht today, 0 of 5 withdrawals\.$/)).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Kasikornbank / })).toBeChecked();

  await page.getByLabel("Amount to withdraw (baht)").fill("50000");
  await page.getByRole("button", { name: "Withdraw now" }).click();
  await expect(page.getByText("You can withdraw at most 49,000 baht per time.")).toBeVisible();
  await screens(page, "withdraw", "Withdraw", { after: "th" });
  await page.getByLabel(tr("th", "Amount to withdraw (baht)")).fill("50000");
  await page.getByRole("button", { name: tr("th", "Withdraw now") }).click();
  await expect(page.getByText("ถอนได้สูงสุด 49,000 บาทต่อครั้ง")).toBeVisible();
  await switchLanguage(page, "en");

  await page.getByLabel("Amount to withdraw (baht)").fill("2000");
  await page.getByRole("button", { name: "Withdraw now" }).click();
  await expect(page.getByText("Your balance is not enough for this amount.")).toBeVisible();

  await page.getByLabel("Amount to withdraw (baht)").fill("200");
  await page.getByRole("button", { name: "Withdraw now" }).click();
  await expect(page.getByRole("heading", { name: "Withdrawal requested" })).toBeVisible();
  // The first withdrawal to the account just added waits for a staff review, whatever its amount.
  await expect(
    page.getByText("This is the first withdrawal to this bank account", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(/^Used 200 of 200,000 baht today, 1 of 5 withdrawals\.$/)).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName(/^Balance: ฿80\d\.\d\d$/);

  // One at a time: the next waits for this one.
  await page.getByLabel("Amount to withdraw (baht)").fill("100");
  await page.getByRole("button", { name: "Withdraw now" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please wait for the previous transaction to finish." }),
  ).toBeVisible();

  await page.getByRole("link", { name: "See the status" }).click();
  const waiting = page.getByRole("listitem").filter({ hasText: "Withdrawal" });
  await expect(waiting).toContainText("฿200.00");
  await expect(waiting).toContainText("Waiting for review");

  // Staff pay it; the status page follows live and the statement lists it.
  const token = await staffToken(request);
  const list = await request.get("/api/staff/withdrawals?status=waiting", {
    headers: { authorization: `Bearer ${token}` },
  });
  const item = (
    (await list.json()) as { items: { id: string; amount: string; member: { name: string } }[] }
  ).items.find((w) => w.amount === "200.00" && w.member.name === HOLDER);
  expect(item).toBeTruthy();
  const early = await request.post("/api/staff/withdrawals.pay", {
    headers: { authorization: `Bearer ${token}` },
    data: { id: item?.id },
  });
  expect((await early.json()).code).toBe("WITHDRAWAL_REVIEW_REQUIRED");
  const reviewed = await request.post("/api/staff/withdrawals.review", {
    headers: { authorization: `Bearer ${token}` },
    data: { id: item?.id },
  });
  expect(reviewed.status()).toBe(200);
  await page.reload();
  await expect(waiting).toContainText("Waiting for payment");
  const paid = await request.post("/api/staff/withdrawals.pay", {
    headers: { authorization: `Bearer ${token}` },
    data: { id: item?.id },
  });
  expect(paid.status()).toBe(200);
  await expect(waiting).toContainText("Paid");

  await page.getByRole("link", { name: "Statement" }).click();
  const rows = page.getByRole("tabpanel");
  await expect(rows.getByText("Withdrawal", { exact: true })).toBeVisible();
  await expect(rows.getByText("\u2212฿200.00")).toBeVisible();
  await expect(rows.getByText("Deposit", { exact: true })).toBeVisible();
  await expect(rows.getByText(/^\+฿1,000\.\d\d$/)).toBeVisible();
  await page.getByRole("tab", { name: "Withdrawals" }).click();
  await expect(rows.getByText("Deposit", { exact: true })).toHaveCount(0);
  await expect(rows.getByText("Withdrawal", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "All" }).click();
  await screens(page, "statement", "Statement");
});

test("the daily limits: over 200,000 baht and a sixth withdrawal are each refused with their message", async ({
  page,
  request,
}) => {
  // Five payouts, most above the four-eyes threshold, so a second administrator logs in and confirms them too.
  test.slow();
  await memberWithBank(page);
  const member = await memberHeaders(page);
  const { uuid } = await (await request.get("/api/users-infos", { headers: member })).json();
  const staff = await staffHeaders(request);
  // The adjustment, and each payment above the four-eyes threshold, is confirmed by a second administrator.
  await staffActAndConfirm(request, "/api/staff/members.adjust", {
    uuid,
    type: "ADMIN_INCREASE",
    amount: "250000",
    reason: "e2e limits",
    idempotencyKey: `e2e-${uuid}`,
  });
  const bankId = (await (await request.get("/api/users-banks", { headers: member })).json()).banks[0].id;
  // Four withdrawals of 49,000, each paid by staff before the next (one waits at a time): 196,000 today.
  for (let i = 0; i < 4; i++) {
    const w = await request.post("/api/withdrawals.create", {
      headers: member,
      data: { bankId, amount: "49000", idempotencyKey: `e2e-${uuid}-${i}` },
    });
    expect(w.status()).toBe(201);
    // The first one to the new account is reviewed first (a no-op for the others).
    await request.post("/api/staff/withdrawals.review", {
      headers: staff,
      data: { id: (await w.json()).id },
    });
    await staffActAndConfirm(request, "/api/staff/withdrawals.pay", { id: (await w.json()).id });
  }

  await page.goto("/credit/withdraw");
  await expect(page.getByText(/^Used 196,000 of 200,000 baht today, 4 of 5 withdrawals\.$/)).toBeVisible();
  await page.getByLabel("Amount to withdraw (baht)").fill("4000.01");
  await page.getByRole("button", { name: "Withdraw now" }).click();
  await expect(page.getByText("You can withdraw at most 200,000 baht per day.")).toBeVisible();

  await page.getByLabel("Amount to withdraw (baht)").fill("4000");
  await page.getByRole("button", { name: "Withdraw now" }).click();
  await expect(page.getByRole("heading", { name: "Withdrawal requested" })).toBeVisible();
  const waiting = (await (await request.post("/api/transactions.bank", { headers: member, data: {} })).json())
    .withdrawals[0];
  await request.post("/api/staff/withdrawals.pay", { headers: staff, data: { id: waiting.id } });

  await page.goto("/credit/withdraw");
  await expect(page.getByText(/^Used 200,000 of 200,000 baht today, 5 of 5 withdrawals\.$/)).toBeVisible();
  await page.getByLabel("Amount to withdraw (baht)").fill("100");
  await page.getByRole("button", { name: "Withdraw now" }).click();
  await expect(page.getByText("You can withdraw at most 5 times per day.")).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿50,000.00");
});

test("crypto deposit: an address and the USDT amount, confirmed by the demo chain", async ({ page }) => {
  await memberWithBank(page);
  await page.goto("/credit/deposit");
  await page.getByRole("link", { name: /^Crypto/ }).click();
  await page.getByLabel("Amount (baht)").fill("365");
  await page.getByRole("button", { name: "Get my deposit address" }).click();
  await expect(page).toHaveURL(/\/credit\/deposit\/crypto\/queue\?id=\d+$/);
  await expect(page.getByText("10.000000", { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/^TDEMO[0-9a-f]{29}$/).first()).toBeVisible();
  await page.getByRole("button", { name: /^Demo chain/ }).click();
  await expect(page.getByRole("heading", { name: "Deposit received" })).toBeVisible();
  await expect(balanceChip(page)).toHaveAccessibleName("Balance: ฿365.00");
});
