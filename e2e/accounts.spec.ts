import { expect, type Page, test } from "@playwright/test";
import { STORAGE_KEYS } from "../src/lib/storageKeys.ts";
import { tr } from "./catalog.ts";
import { LINE_STAND_IN } from "./support/constants.ts";
import { phone } from "./support/player.ts";
import { memberTokenIn } from "./support/session.ts";

/** Where the app keeps the member's details (src/lib/storageKeys.ts). */
const USER_INFO_KEY = STORAGE_KEYS.userInfo.name;

const PIN = "Secret#123";
let counter = 0;
function newUserName() {
  counter += 1;
  return `e2e${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

async function register(page: Page, userName: string, path = "/register") {
  await page.goto(path);
  await page.getByLabel("Username").fill(userName);
  await page.getByLabel("PIN", { exact: true }).fill(PIN);
  await page.getByLabel("Confirm PIN").fill(PIN);
  await page.getByLabel("Phone number").fill("081-234-5678");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${userName}` })).toBeVisible();
}

async function logIn(page: Page, userName: string, pin = PIN) {
  await page.getByLabel("Username").fill(userName);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("PIN", { exact: true }).fill(pin);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en");
  });
});

test("a new player registers, lands on /main, logs out and logs back in in two steps", async ({
  page,
}, testInfo) => {
  const userName = newUserName();
  await register(page, userName);
  await expect(page.getByRole("banner").getByRole("link", { name: "My profile" })).toContainText(userName);
  await page.screenshot({ path: testInfo.outputPath("main-en.png"), fullPage: true });

  await logOut(page);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await logIn(page, userName.toUpperCase());
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${userName}` })).toBeVisible();
});

test("sign-up explains each broken rule next to its field, before anything is sent", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Username").fill("Bad Name");
  await page.getByLabel("PIN", { exact: true }).fill("short");
  await page.getByLabel("Confirm PIN").fill("different");
  await page.getByLabel("Phone number").fill("12345");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(
    page.getByText("Username may contain only lowercase English letters (a-z) and digits (0-9)."),
  ).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByText("Passwords do not match.")).toBeVisible();
  await expect(page.getByText(/^Phone number is invalid/)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("a taken username gets a clear error", async ({ page, browser }) => {
  const userName = newUserName();
  await register(page, userName);
  const other = await browser.newPage();
  await other.addInitScript(() => localStorage.setItem("locale", "en"));
  await other.goto("/register");
  await other.getByLabel("Username").fill(userName);
  await other.getByLabel("PIN", { exact: true }).fill(PIN);
  await other.getByLabel("Confirm PIN").fill(PIN);
  await other.getByLabel("Phone number").fill("0812345678");
  await other.getByRole("button", { name: "Register" }).click();
  await expect(other.getByText("This username is already taken. Please choose another one.")).toBeVisible();
  await other.close();
});

test("wrong PINs get one answer, and the fifth locks the account", async ({ page }) => {
  const userName = newUserName();
  await register(page, userName);
  await logOut(page);
  for (let attempt = 1; attempt <= 4; attempt++) {
    await logIn(page, userName, `Wrong#12${attempt}`);
    await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password." })).toBeVisible();
    await page.getByRole("button", { name: "Change" }).click();
  }
  await logIn(page, userName, "Wrong#125");
  await expect(page.getByText("Login Attempt Count Reach Limit, Please contact call center.")).toBeVisible();
  await page.getByRole("button", { name: "Change" }).click();
  await logIn(page, userName, PIN);
  await expect(page.getByText("Login Attempt Count Reach Limit, Please contact call center.")).toBeVisible();
  await expect(page).not.toHaveURL(/\/main$/);
});

test("guards: logged out, /main goes to /; logged in, / and /register go to /main", async ({ page }) => {
  await page.goto("/main");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();

  await register(page, newUserName());
  await page.goto("/");
  await expect(page).toHaveURL(/\/main$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/main$/);
  await page.goto("/register/someone");
  await expect(page).toHaveURL(/\/main$/);
  await page.goto("/how-to");
  await expect(page).toHaveURL(/\/how-to$/);
});

test("after logout the same token is refused: putting it back does not get in", async ({ page, context }) => {
  await register(page, newUserName());
  // The HttpOnly token and the app's hint, as the browser kept them.
  const saved = (await context.cookies()).filter((c) => c.name === "accessToken" || c.name === "sessionHint");
  const token = saved.find((c) => c.name === "accessToken");
  expect(token?.value).toBeTruthy();
  await logOut(page);
  // The server's logout answer expired both.
  expect((await context.cookies()).find((c) => c.name === "accessToken")).toBeUndefined();
  expect((await context.cookies()).find((c) => c.name === "sessionHint")).toBeUndefined();

  if (!token) throw new Error("no token cookie");
  // Put back, the app believes it is logged in until the server refuses the session.
  await context.addCookies(saved);
  await page.goto("/main");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Your session has ended. Please log in again." }),
  ).toBeVisible();
  // The refusal expired the cookie again; put back once more, the token is still refused.
  await context.addCookies([token]);
  const status = await page.evaluate(async () => {
    const res = await fetch("/api/users.auth", {
      method: "POST",
      headers: { "x-requested-with": "lottoup" },
    });
    return res.status;
  });
  expect(status).toBe(401);
});

test("an affiliate link shows the invitation and registers the new member under it", async ({
  page,
  browser,
}) => {
  await register(page, newUserName());
  const afSlug = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "{}").afSlug as string,
    USER_INFO_KEY,
  );
  expect(afSlug).toBeTruthy();

  const invited = await browser.newPage();
  await invited.addInitScript(() => localStorage.setItem("locale", "en"));
  const userName = newUserName();
  await invited.goto(`/register/${afSlug}`);
  await expect(invited.getByText("You were invited by a LOTTOUP member.", { exact: false })).toBeVisible();
  await register(invited, userName, `/register/${afSlug}`);
  await invited.close();
});

test("the login form reads in Thai", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("locale", "th"));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: tr("th", "Log in") })).toBeVisible();
  await page.getByLabel(tr("th", "Username")).fill("nobody123");
  await page.getByRole("button", { name: tr("th", "Next") }).click();
  await page.getByLabel(tr("th", "PIN"), { exact: true }).fill("Wrong#123");
  await page.getByRole("button", { name: tr("th", "Log in"), exact: true }).click();
  await expect(page.getByText(tr("th", "Invalid username or password."))).toBeVisible();
});

test("a member edits the profile, changes the phone number and the PIN", async ({ page }, testInfo) => {
  // Four PIN checks and two PIN hashes (scrypt): seconds each on a loaded runner.
  test.slow();
  const userName = newUserName();
  await register(page, userName);
  await page.getByRole("banner").getByRole("link", { name: "My profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
  await page.getByRole("link", { name: "Edit profile" }).click();

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("data is null")).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("S");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Name must be 2 to 30 characters.")).toBeVisible();

  // A new name is confirmed with the PIN: refused without it and with a wrong one.
  await page.getByLabel("Name", { exact: true }).fill("Somchai Jaidee");
  await page.getByLabel("Email").fill("somchai@example.com");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter your PIN to confirm this change.")).toBeVisible();
  await page.getByRole("form", { name: "Your details" }).getByLabel("Your PIN").fill("Wrong#999");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText("Your PIN is not correct. Wrong PINs left before the account locks: 4"),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByRole("form", { name: "Your details" }).getByLabel("Your PIN").fill(PIN);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 });
  await expect(page.getByText("Your profile has been saved.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("somchai@example.com")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("profile-en.png"), fullPage: true });

  await page.getByRole("link", { name: "Edit profile" }).click();
  await page.getByLabel("New phone number").fill("+66 91 234 5678");
  await page.getByRole("form", { name: "Phone number" }).getByLabel("Your PIN").fill(PIN);
  await page.getByRole("button", { name: "Change phone number" }).click();
  await expect(page.getByText("Your phone number has been updated.")).toBeVisible({ timeout: 30_000 });

  await page.goto("/profile/change-pin");
  await page.getByLabel("Current PIN").fill("Wrong#999");
  await page.getByLabel("New PIN", { exact: true }).fill("Better#456");
  await page.getByLabel("Confirm new PIN").fill("Better#456");
  await page.getByRole("button", { name: "Change PIN" }).click();
  await expect(page.getByText("Your current PIN is not correct.")).toBeVisible();
  await page.getByLabel("Current PIN").fill(PIN);
  await page.getByRole("button", { name: "Change PIN" }).click();
  await expect(page.getByText("Your PIN has been changed.", { exact: false })).toBeVisible({
    timeout: 30_000,
  });

  await logOut(page);
  await logIn(page, userName, "Better#456");
  await expect(page).toHaveURL(/\/main$/);
});

test("account takeover controls: the name and a new bank account take the PIN; /profile lists the activity", async ({
  page,
  browser,
}) => {
  // Five PIN checks (scrypt), seconds each on a loaded runner.
  test.slow();
  const userName = newUserName();
  await register(page, userName);
  await page.goto("/profile/edit");
  await page.getByLabel("Name", { exact: true }).fill("Somchai Jaidee");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter your PIN to confirm this change.")).toBeVisible();
  await page.getByRole("form", { name: "Your details" }).getByLabel("Your PIN").fill("Wrong#999");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your PIN is not correct.", { exact: false })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("form", { name: "Your details" }).getByLabel("Your PIN").fill(PIN);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your profile has been saved.")).toBeVisible({ timeout: 30_000 });

  await page.goto("/bank/add");
  await page.getByRole("radio", { name: "Kasikornbank" }).check();
  const accountNumber = `4${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 9)}`;
  await page.getByLabel("Account number").fill(accountNumber);
  await page.getByRole("button", { name: "Add bank account" }).click();
  await expect(page.getByText("Please enter your PIN to confirm this change.")).toBeVisible();
  await page.getByLabel("Your PIN").fill("Wrong#888");
  await page.getByRole("button", { name: "Add bank account" }).click();
  await expect(page.getByText("Your PIN is not correct.", { exact: false })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Your PIN").fill(PIN);
  await page.getByRole("button", { name: "Add bank account" }).click();
  await expect(page).toHaveURL(/\/bank\/status$/, { timeout: 30_000 });

  // Once the account is verified the name is frozen.
  await page.goto("/profile/edit");
  await page.getByLabel("Name", { exact: true }).fill("Someone Else");
  await page.getByRole("form", { name: "Your details" }).getByLabel("Your PIN").fill(PIN);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText("Your name cannot be changed because it must match your verified bank account.", {
      exact: false,
    }),
  ).toBeVisible({ timeout: 30_000 });

  await page.goto("/profile");
  const activity = page.getByRole("list", { name: "Account activity" });
  await expect(activity.getByRole("listitem").first()).toContainText("Bank account added");
  await expect(activity).toContainText(`KBANK account ending in ${accountNumber.slice(-4)}`);
  await expect(activity).toContainText("Name changed");
  await expect(activity).toContainText("Wrong PIN entered");
  await expect(activity).toContainText("When confirming a change");
  await expect(activity).toContainText("Logged in");

  // Readable on a small phone, in English and in Thai: nothing wider than the screen. A phone's browser (mobile
  // user agent: the menu drawer starts closed), logged in as this member.
  const smallPhone = await browser.newContext({
    ...phone(360, 780),
    storageState: await page.context().storageState(),
  });
  const small = await smallPhone.newPage();
  await small.setViewportSize({ width: 360, height: 780 });
  await small.goto("/profile");
  for (const locale of ["en", "th"] as const) {
    await small.evaluate((l) => localStorage.setItem("locale", l), locale);
    await small.reload();
    await expect(small.getByRole("list", { name: tr(locale, "Account activity") })).toBeVisible();
    await small.getByRole("heading", { name: tr(locale, "Account activity") }).scrollIntoViewIfNeeded();
    const widest = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(widest).toBeLessThanOrEqual(360);
    await small.screenshot({ path: `test-results/screens/profile-activity-${locale}.png`, fullPage: true });
  }
  await smallPhone.close();
});

test("a player who forgot the PIN resets it with the SMS code (demo inbox) and logs in", async ({ page }) => {
  const userName = newUserName();
  await register(page, userName);
  await logOut(page);
  await page.getByRole("link", { name: "Forgot PIN?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot PIN" })).toBeVisible();
  await page.getByLabel("Username").fill(userName);
  await page.getByLabel("Phone number").fill("0812345678");
  await page.getByRole("button", { name: "Send the code" }).click();

  await page.getByRole("button", { name: "Show the demo SMS" }).click();
  const sms = page.getByText(/LOTTOUP: your code is \d{6}/);
  await expect(sms).toBeVisible();
  const code = /code is (\d{6})/.exec((await sms.textContent()) ?? "")?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);

  await page.getByLabel("Verification code").fill(code);
  await page.getByLabel("New PIN", { exact: true }).fill("Fresh#789");
  await page.getByLabel("Confirm new PIN").fill("Fresh#789");
  await page.getByRole("button", { name: "Set new PIN" }).click();
  await expect(page.getByText("Your PIN has been reset")).toBeVisible();

  await page.goto("/");
  await logIn(page, userName, "Fresh#789");
  await expect(page).toHaveURL(/\/main$/);
});

test("a member whose session is revoked elsewhere sees the Unauthorized page and is logged out", async ({
  page,
  request,
}) => {
  await register(page, newUserName());
  // Another device of the member logs this session out (the token from this browser's HttpOnly cookie).
  const elsewhere = await request.post("/api/users.logout", {
    headers: { authorization: `Bearer ${await memberTokenIn(page.context())}` },
  });
  expect(elsewhere.status()).toBe(200);
  // The live balance may notice first (its refresh is refused) and show the page by itself; otherwise the next
  // page the member opens does.
  const unauthorized = page.getByRole("heading", { name: "Unauthorized" });
  if (!(await unauthorized.isVisible())) {
    await page
      .getByRole("banner")
      .getByRole("link", { name: "My profile" })
      .click({ timeout: 3000 })
      .catch(() => undefined);
  }
  await expect(unauthorized).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
});

test.describe("LINE login against a local OpenID Connect provider standing in for LINE", () => {
  async function signInAtLine(page: Page, lineLogin: string) {
    // The stand-in's own pages: a sign-in form, then consent.
    await expect(page).toHaveURL(new RegExp(`localhost:${LINE_STAND_IN.port}/interaction/`));
    await page.getByPlaceholder("Enter any login").fill(lineLogin);
    await page.getByPlaceholder("and password").fill("any-password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
  }

  test("a guest logs in with LINE, which creates the account once and finds it again", async ({
    page,
    browser,
  }) => {
    const lineUser = `line${Date.now().toString(36)}`;
    await page.goto("/");
    await page.getByRole("button", { name: "Log in with LINE" }).click();
    await signInAtLine(page, lineUser);
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, LINE ${lineUser}` })).toBeVisible();
    const userName = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? "{}").userName as string,
      USER_INFO_KEY,
    );
    expect(userName).toMatch(/^line[a-z0-9]{10}$/);

    const again = await browser.newPage();
    await again.addInitScript(() => localStorage.setItem("locale", "en"));
    await again.goto("/");
    await again.getByRole("button", { name: "Log in with LINE" }).click();
    await signInAtLine(again, lineUser);
    await expect(again).toHaveURL(/\/main$/);
    const sameUser = await again.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? "{}").userName as string,
      USER_INFO_KEY,
    );
    expect(sameUser).toBe(userName);
    await again.close();
  });

  test("a member connects LINE from the profile, confirming with the PIN", async ({ page }) => {
    await register(page, newUserName());
    await page.goto("/profile");
    const connect = page.getByRole("button", { name: "Connect LINE" });
    await connect.click();
    await expect(page.getByText("Please enter your PIN to confirm this change.")).toBeVisible();
    await page.getByLabel("Your PIN").fill("Wrong#1234");
    await connect.click();
    await expect(page.getByText(/Your PIN is not correct/)).toBeVisible();
    await page.getByLabel("Your PIN").fill(PIN);
    await connect.click();
    await signInAtLine(page, `link${Date.now().toString(36)}`);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("LINE is connected: you can log in with LINE.")).toBeVisible();
  });

  test("a callback link from a flow started in another browser is refused and links nothing", async ({
    page,
    browser,
  }) => {
    // The attacker, in their own browser, starts LINE login and signs in to LINE as themself, but does not let
    // their page finish: they keep the callback link to send to the victim.
    const attacker = await browser.newContext();
    const attackerPage = await attacker.newPage();
    await attackerPage.addInitScript(() => localStorage.setItem("locale", "en"));
    await attackerPage.route("**/api/users.line-login", (route) => route.abort());
    await attackerPage.goto("/");
    await attackerPage.getByRole("button", { name: "Log in with LINE" }).click();
    await signInAtLine(attackerPage, `attacker${Date.now().toString(36)}`);
    await attackerPage.waitForURL(/\/login\/line\/auth\?/);
    const callbackLink = attackerPage.url();
    await attacker.close();

    // The victim is logged in and opens the link.
    await register(page, newUserName());
    await page.goto(callbackLink);
    await expect(page.getByRole("alert")).toHaveText(
      "This LINE login was started in another browser or has expired. Please start again from this page.",
    );
    await page.goto("/profile");
    await expect(page.getByRole("button", { name: "Connect LINE" })).toBeVisible();
    await expect(page.getByText("LINE is connected: you can log in with LINE.")).toHaveCount(0);
  });

  test("a cancelled LINE login says so and offers the way back", async ({ page }) => {
    await page.goto("/login/line/auth?error=access_denied&state=whatever");
    await expect(page.getByRole("alert")).toHaveText("LINE login was cancelled or could not be completed.");
    await page.getByRole("link", { name: "Back to login" }).click();
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  });
});

for (const lang of ["th", "en", "kh", "mm"] as const) {
  test(`sign-up speaks ${lang}: labels and the spec's validation messages`, async ({ page }, testInfo) => {
    await page.addInitScript((l) => localStorage.setItem("locale", l), lang);
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: tr(lang, "Register") })).toBeVisible();
    await page.getByLabel(tr(lang, "PIN"), { exact: true }).fill("abc");
    await page.getByRole("button", { name: tr(lang, "Register") }).click();
    await expect(page.getByText(tr(lang, "Username is required"))).toBeVisible();
    await expect(page.getByText(tr(lang, "Password must be at least 8 characters"))).toBeVisible();
    await expect(page.getByText(tr(lang, "Passwords do not match."))).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`register-${lang}.png`), fullPage: true });
  });
}
