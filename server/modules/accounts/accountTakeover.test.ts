import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../../ledger/check.ts";
import { memberAccount, systemAccount, transfer } from "../../ledger/ledger.ts";
import { createTestApp, engineName, staffTokensFor, type TestApp, tokenOf } from "../../test/harness.ts";

// One stolen access token must not be enough to take an account over or cash out (docs/security.md "Account
// takeover"): name, phone and new bank accounts take the PIN; the name freezes once a bank account is verified;
// each change is told to the member; the first withdrawal to a new account waits for staff review; and the member
// sees their security events.

let t: TestApp;
let staff: Record<string, string> = {};
const PIN = "Secret#123";
let seq = 0;

async function call(
  method: "GET" | "POST",
  url: string,
  token: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}
const post = (url: string, token: string | undefined, payload: unknown = {}, headers = {}) =>
  call("POST", url, token, payload, headers);
const get = (url: string, token?: string) => call("GET", url, token);

async function member() {
  seq += 1;
  const userName = `ato${Date.now().toString(36)}${seq}`.slice(0, 20);
  const res = await post("/api/users.signup", undefined, {
    userName,
    password: PIN,
    phoneNumber: "0812345678",
  });
  expect(res.statusCode).toBe(201);
  const uuid = res.json().userInfo.uuid as string;
  const row = await t.database.db
    .selectFrom("members")
    .select("id")
    .where("uuid", "=", uuid)
    .executeTakeFirstOrThrow();
  return { token: tokenOf(res) as string, uuid, id: row.id, userName };
}

const accountNumber = () => `12${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

async function eventsOf(memberId: bigint) {
  const rows = await t.database.db
    .selectFrom("security_events")
    .select(["type", "detail", "actor"])
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.type);
}

async function pushesOf(memberId: bigint) {
  const rows = await t.database.db
    .selectFrom("notification_outbox")
    .select(["type", "params", "url"])
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffTokensFor(t, [
    ["atodesk1", "staff"],
    ["atoadmin1", "administrator"],
  ]);
}, 300_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

describe(`changing the name takes the PIN (${engineName})`, () => {
  it("refuses without a PIN and with a wrong one (counted like a failed login), then accepts the right one", async () => {
    const a = await member();
    const without = await post("/api/users-infos.update", a.token, { name: "Attacker Holder" });
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe("PIN_REQUIRED");

    const wrong = await post("/api/users-infos.update", a.token, {
      name: "Attacker Holder",
      pin: "Wrong#999",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "PIN_WRONG", attemptsLeft: 4 });
    const counted = await t.database.db
      .selectFrom("members")
      .select(["name", "failed_login_count"])
      .where("id", "=", a.id)
      .executeTakeFirstOrThrow();
    expect(counted).toEqual({ name: null, failed_login_count: 1 });

    const ok = await post("/api/users-infos.update", a.token, { name: "Somchai Jaidee", pin: PIN });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().name).toBe("Somchai Jaidee");
    expect(await eventsOf(a.id)).toEqual(["login", "pin-failed", "name-changed"]);
    expect((await pushesOf(a.id)).map((p) => [p.type, p.url])).toEqual([["name-changed", "/profile"]]);
  });

  it("avatar and email stay PIN-free", async () => {
    const a = await member();
    const res = await post("/api/users-infos.update", a.token, {
      email: "a@example.com",
      avatar: "avatar-2",
    });
    expect(res.statusCode).toBe(200);
    expect(await eventsOf(a.id)).toEqual(["login"]);
  });

  it("five wrong PINs lock the account and end the stolen session", async () => {
    const a = await member();
    let last = await post("/api/users-infos.update", a.token, { name: "Attacker Holder", pin: "Wrong#000" });
    for (let i = 1; i < 5; i++) {
      last = await post("/api/users-infos.update", a.token, { name: "Attacker Holder", pin: `Wrong#00${i}` });
    }
    expect(last.statusCode).toBe(423);
    expect(last.json().code).toBe("LOGIN_LOCKED");
    expect((await post("/api/users.auth", a.token)).statusCode).toBe(401);
    const types = await eventsOf(a.id);
    expect(types.filter((x) => x === "pin-failed")).toHaveLength(5);
    expect(types.at(-1)).toBe("locked");
  });
});

describe("a wrong current PIN on the change-PIN page counts on the login lock", () => {
  it("answers OLD_PASSWORD_WRONG with the attempts left, and the fifth locks the account", async () => {
    const a = await member();
    const change = (oldPassword: string) =>
      post("/api/users.change-password", a.token, { oldPassword, newPassword: "Newer#456" });
    const first = await change("Wrong#000");
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: "OLD_PASSWORD_WRONG", attemptsLeft: 4 });
    let last = first;
    for (let i = 1; i < 5; i++) last = await change(`Wrong#00${i}`);
    expect(last.statusCode).toBe(423);
    expect(last.json().code).toBe("LOGIN_LOCKED");
    // The right PIN at the login form is refused until the lock ends, and the stolen session is over.
    const login = await post("/api/users.login", undefined, { userName: a.userName, password: PIN });
    expect(login.statusCode).toBe(423);
    expect((await post("/api/users.auth", a.token)).statusCode).toBe(401);
    expect((await eventsOf(a.id)).filter((x) => x === "pin-failed")).toHaveLength(5);
  });
});

describe("changing the phone number takes the PIN and warns the old number", () => {
  it("refuses without the PIN; with it, changes the number, pushes and texts the OLD phone", async () => {
    const a = await member();
    const without = await post("/api/users.phone-number.update", a.token, { phoneNumber: "0912345678" });
    expect(without.json().code).toBe("PIN_REQUIRED");
    const wrong = await post("/api/users.phone-number.update", a.token, {
      phoneNumber: "0912345678",
      pin: "Wrong#123",
    });
    expect(wrong.json().code).toBe("PIN_WRONG");
    const since = new Date(Date.now() - 1000);
    const ok = await post("/api/users.phone-number.update", a.token, { phoneNumber: "0912345678", pin: PIN });
    expect(ok.json()).toEqual({ phoneNumber: "0912345678" });
    const texts = await t.database.db
      .selectFrom("sms_outbox")
      .select(["phone_number", "body"])
      .where("created_at", ">=", since)
      .where("body", "like", "%5678%")
      .execute();
    expect(texts).toContainEqual({
      phone_number: "0812345678",
      body: expect.stringContaining("ลงท้าย 5678"),
    });
    expect((await pushesOf(a.id)).map((p) => [p.type, p.params])).toEqual([
      ["phone-changed", { last4: "5678" }],
    ]);
    expect(await eventsOf(a.id)).toEqual(["login", "pin-failed", "phone-changed"]);
  });
});

describe("adding a bank account takes the PIN", () => {
  it("refuses without or with a wrong PIN (nothing added), adds with it and tells the member", async () => {
    const a = await member();
    await post("/api/users-infos.update", a.token, { name: "Somchai Jaidee", pin: PIN });
    const number = accountNumber();
    const without = await post("/api/users-banks.create", a.token, {
      bankCode: "kbank",
      bankAccountNumber: number,
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe("PIN_REQUIRED");
    const wrong = await post("/api/users-banks.create", a.token, {
      bankCode: "kbank",
      bankAccountNumber: number,
      pin: "Wrong#123",
    });
    expect(wrong.json().code).toBe("PIN_WRONG");
    expect((await get("/api/users-banks", a.token)).json().banks).toEqual([]);
    const ok = await post("/api/users-banks.create", a.token, {
      bankCode: "kbank",
      bankAccountNumber: number,
      pin: PIN,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().status).toBe("verified");
    expect((await pushesOf(a.id)).map((p) => [p.type, p.params])).toEqual([
      ["name-changed", {}],
      ["bank-added", { bank: "kbank", last4: number.slice(-4) }],
    ]);
    expect(await eventsOf(a.id)).toEqual(["login", "name-changed", "pin-failed", "bank-added"]);
  });
});

describe("the name freezes once a bank account is verified", () => {
  it("the member gets NAME_FROZEN in their language; an administrator may change it, audited", async () => {
    const a = await member();
    await post("/api/users-infos.update", a.token, { name: "Somchai Jaidee", pin: PIN });
    const bank = await post("/api/users-banks.create", a.token, {
      bankCode: "kbank",
      bankAccountNumber: accountNumber(),
      pin: PIN,
    });
    expect(bank.json().status).toBe("verified");
    const frozen = await post(
      "/api/users-infos.update",
      a.token,
      { name: "Attacker Holder", pin: PIN },
      { "x-locale": "en" },
    );
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toEqual({
      code: "NAME_FROZEN",
      message:
        "Your name cannot be changed because it must match your verified bank account. Please contact support.",
    });
    const thai = await post("/api/users-infos.update", a.token, { name: "Attacker Holder", pin: PIN });
    expect(thai.json().message).toMatch(/ไม่สามารถเปลี่ยนชื่อได้/);
    // Email still changes.
    expect((await post("/api/users-infos.update", a.token, { email: "s@example.com" })).statusCode).toBe(200);

    const rename = { uuid: a.uuid, name: "Somchai Jaidee-Rak", reason: "ID card shows the new surname" };
    expect((await post("/api/staff/members.rename", staff.staff, rename)).statusCode).toBe(403);
    const renamed = await post("/api/staff/members.rename", staff.administrator, rename);
    expect(renamed.json()).toEqual({ ok: true, name: "Somchai Jaidee-Rak" });
    const auditRow = await t.database.db
      .selectFrom("audit_log")
      .select(["actor", "before", "after"])
      .where("action", "=", "member.rename")
      .where("subject", "=", `member:${a.uuid}`)
      .executeTakeFirstOrThrow();
    expect(auditRow).toMatchObject({
      actor: expect.stringContaining("atoadmin1"),
      before: { name: "Somchai Jaidee" },
      after: { name: "Somchai Jaidee-Rak", reason: "ID card shows the new surname" },
    });
    const mine = (await get("/api/users.security-events", a.token)).json().items;
    expect(mine[0]).toMatchObject({ type: "name-changed", byStaff: true });
  });
});

describe("the first withdrawal to a newly added bank account waits for staff review", () => {
  async function fundedWithBank() {
    const a = await member();
    await post("/api/users-infos.update", a.token, { name: "Somchai Jaidee", pin: PIN });
    const bank = await post("/api/users-banks.create", a.token, {
      bankCode: "kbank",
      bankAccountNumber: accountNumber(),
      pin: PIN,
    });
    // Funds straight from the house (staff adjustments have a four-eyes flow of their own).
    await transfer(t.database.db, {
      debitAccountId: await systemAccount(t.database.db, "house:adjustments", "house"),
      creditAccountId: await memberAccount(t.database.db, a.id, "member_cash"),
      amount: 200_000n,
      type: "ADMIN_INCREASE",
      reference: "test funds",
      idempotencyKey: `ato-funds:${a.id}`,
    });
    return { ...a, bankId: bank.json().id as string };
  }
  const withdraw = (token: string, bankId: string, amount: string) =>
    post("/api/withdrawals.create", token, { bankId, amount, idempotencyKey: randomUUID() });

  it("is held, cannot be paid before the review, is paid after it; later ones need none", async () => {
    const a = await fundedWithBank();
    const first = await withdraw(a.token, a.bankId, "100");
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: "waiting", review: "required" });
    const listed = (await get("/api/staff/withdrawals", staff.administrator)).json().items;
    expect(listed.find((w: { id: string }) => w.id === first.json().id)).toMatchObject({
      review: "required",
    });

    const early = await post("/api/staff/withdrawals.pay", staff.administrator, { id: first.json().id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("WITHDRAWAL_REVIEW_REQUIRED");
    expect(
      (await post("/api/staff/withdrawals.review", staff.staff, { id: first.json().id })).statusCode,
    ).toBe(403);
    const reviewed = await post("/api/staff/withdrawals.review", staff.administrator, {
      id: first.json().id,
    });
    expect(reviewed.json()).toMatchObject({ status: "waiting", review: "done" });
    const paid = await post("/api/staff/withdrawals.pay", staff.administrator, { id: first.json().id });
    expect(paid.json()).toMatchObject({ status: "paid", review: "done" });
    const audited = await t.database.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject", "=", `withdrawal:${first.json().id}`)
      .orderBy("id")
      .execute();
    expect(audited.map((r) => r.action)).toEqual(["withdrawal.review", "withdrawal.pay"]);

    const second = await withdraw(a.token, a.bankId, "100");
    expect(second.json()).toMatchObject({ review: null });
    const paidAtOnce = await post("/api/staff/withdrawals.pay", staff.administrator, {
      id: second.json().id,
    });
    expect(paidAtOnce.json().status).toBe("paid");
  });

  it("a rejected first withdrawal does not count: the next one is reviewed too", async () => {
    const a = await fundedWithBank();
    const first = await withdraw(a.token, a.bankId, "100");
    await post("/api/staff/withdrawals.reject", staff.administrator, {
      id: first.json().id,
      reason: "Checking",
    });
    const again = await withdraw(a.token, a.bankId, "100");
    expect(again.json().review).toBe("required");
    await post("/api/staff/withdrawals.reject", staff.administrator, {
      id: again.json().id,
      reason: "Checking",
    });
  });

  it("the database refuses to mark an unreviewed first withdrawal paid", async () => {
    const a = await fundedWithBank();
    const first = await withdraw(a.token, a.bankId, "100");
    await expect(
      t.database.db
        .updateTable("withdrawals")
        // A transfer id satisfies the older "a decided withdrawal names its transfer" check: only the review is missing.
        .set({ status: "paid", resolve_transfer_id: sql<bigint>`hold_transfer_id` })
        .where("id", "=", BigInt(first.json().id))
        .execute(),
    ).rejects.toThrow(/withdrawals_reviewed_before_paid/);
    await post("/api/staff/withdrawals.reject", staff.administrator, { id: first.json().id, reason: "Test" });
  });
});

describe("security events", () => {
  it("logins, a new device, failed PINs and PIN changes; the member sees only their own", async () => {
    const a = await member();
    const b = await member();
    const phone = { "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36" };
    const login = (userName: string, password: string, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/users.login",
        remoteAddress,
        headers: phone,
        payload: { userName, password },
      });
    expect((await login(a.userName, "Wrong#123", "198.51.100.7")).statusCode).toBe(401);
    const fresh = await login(a.userName, PIN, "198.51.100.7");
    expect(fresh.statusCode).toBe(200);
    // Same phone, another address on the same /24: not a new device.
    expect((await login(a.userName, PIN, "198.51.100.99")).statusCode).toBe(200);
    const token = tokenOf(fresh) as string;
    const changed = await post("/api/users.change-password", token, {
      oldPassword: PIN,
      newPassword: "Better#456",
    });
    expect(changed.statusCode).toBe(200);

    const mine = (await get("/api/users.security-events", token)).json().items;
    expect(mine.map((e: { type: string }) => e.type)).toEqual([
      "pin-changed",
      "login",
      "login",
      "new-device",
      "pin-failed",
      "login",
    ]);
    expect(mine[1]).toMatchObject({ network: "198.51.100.x", device: "Chrome · Android", byStaff: false });
    expect(mine[4].detail).toEqual({ where: "login" });
    expect(JSON.stringify(mine)).not.toContain("198.51.100.99");
    expect((await pushesOf(a.id)).map((p) => p.type)).toEqual(["pin-changed"]);

    const theirs = (await get("/api/users.security-events", b.token)).json().items;
    expect(theirs.map((e: { type: string }) => e.type)).toEqual(["login"]);
    expect((await get("/api/users.security-events")).statusCode).toBe(401);
  });

  it("the trail is append-only", async () => {
    const a = await member();
    await expect(
      t.database.db
        .updateTable("security_events")
        .set({ type: "login" })
        .where("member_id", "=", a.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.database.db.deleteFrom("security_events").where("member_id", "=", a.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from security_events where member_id = ${a.id}`.execute(t.database.db),
    ).rejects.toThrow(/append-only/);
  });

  it("staff search a member's events by user name; a member cannot use the staff search", async () => {
    const a = await member();
    await post("/api/users-infos.update", a.token, { name: "Somchai Jaidee", pin: "Wrong#123" });
    const found = await get(`/api/staff/security-events?q=${a.userName}`, staff.staff);
    expect(found.statusCode).toBe(200);
    expect(found.json().items.map((e: { type: string }) => e.type)).toEqual(["pin-failed", "login"]);
    expect(found.json().items[0]).toMatchObject({ member: { uuid: a.uuid, userName: a.userName } });
    expect((await get(`/api/staff/security-events?q=${a.userName}`, a.token)).statusCode).toBe(401);
    expect((await get("/api/staff/security-events?q=", staff.staff)).statusCode).toBe(400);
    expect((await get("/api/staff/security-events?q=nobodyhere1", staff.staff)).json()).toEqual({
      items: [],
    });
  });
});
