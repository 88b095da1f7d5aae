import { createHmac, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseTlv } from "../../../src/domain/promptpay.ts";
import { checkLedger } from "../../ledger/check.ts";
import { createTestApp, requestsOf, staffTokensFor, type TestApp, tokenOf } from "../../test/harness.ts";

const FEED_SECRET = "test-bank-feed-secret-0123456789abcdef";
let t: TestApp;
const PIN = "Secret#123";
const staffTokens: Record<string, string> = {};

const { post, get } = requestsOf(() => t.app);

let counter = 0;
/** A signed-up member with a name on their profile (a bank holder name must match it). */
async function member(name: string | null = "Somchai Jaidee") {
  counter += 1;
  const userName = `money${Date.now().toString(36)}${counter}`.slice(0, 20);
  const res = await post("/api/users.signup", undefined, {
    userName,
    password: "Secret#123",
    phoneNumber: "0812345678",
  });
  expect(res.statusCode).toBe(201);
  const token = tokenOf(res) as string;
  if (name) expect((await post("/api/users-infos.update", token, { name, pin: PIN })).statusCode).toBe(200);
  return { token, uuid: res.json().userInfo.uuid as string };
}
const key = () => randomUUID();
const cash = async (token: string) => (await get("/api/cashs", token)).json().money as string;

/** Funds a member: one administrator proposes the adjustment, a second confirms it (four eyes). */
async function staffAdjust(uuid: string, amount: string) {
  const res = await post("/api/staff/members.adjust", staffTokens.administrator, {
    uuid,
    type: "ADMIN_INCREASE",
    amount,
    reason: "test funds",
    idempotencyKey: key(),
  });
  expect(res.statusCode).toBe(202);
  const confirmed = await post("/api/staff/proposals.confirm", staffTokens.administrator2, {
    id: res.json().proposal.id,
  });
  expect(confirmed.statusCode).toBe(200);
}

async function verifiedBank(
  token: string,
  accountNumber = `12${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
) {
  const res = await post("/api/users-banks.create", token, {
    pin: PIN,
    bankCode: "kbank",
    bankAccountNumber: accountNumber,
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().status).toBe("verified");
  return res.json().id as string;
}

beforeAll(async () => {
  t = await createTestApp({ BANK_FEED_SECRET: FEED_SECRET });
  Object.assign(
    staffTokens,
    await staffTokensFor(t, [
      ["moneydesk1", "staff"],
      ["moneyadmin1", "administrator"],
    ]),
  );
  // The second pair of eyes for adjustments and payments above the four-eyes threshold.
  staffTokens.administrator2 = (await staffTokensFor(t, [["moneyadmin2", "administrator"]]))
    .administrator as string;
  // Three staff passwords hashed with scrypt on purpose: on a busy runner this set-up can pass a minute.
}, 300_000);
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  const viaApi = await get("/api/staff/ledger.check", staffTokens.administrator);
  expect(viaApi.json()).toEqual({ sound: true, problems: [] });
});
afterAll(async () => t.close());

describe("bank accounts", () => {
  it("verifies an account whose holder is the member, and lists only the member's own", async () => {
    const a = await member("นาย Somchai Jaidee");
    const b = await member("Malee Srisuk");
    const add = await post("/api/users-banks.create", a.token, {
      pin: PIN,
      bankCode: "KBANK",
      bankAccountNumber: "123-4-56789-0",
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ bankCode: "kbank", accountNumber: "1234567890", status: "verified" });
    expect((await get("/api/users-banks", a.token)).json().banks).toHaveLength(1);
    expect((await get("/api/users-banks", b.token)).json().banks).toEqual([]);
    // One account belongs to one member.
    const taken = await post("/api/users-banks.create", b.token, {
      pin: PIN,
      bankCode: "kbank",
      bankAccountNumber: "1234567890",
    });
    expect(taken.statusCode).toBe(409);
    // The add-bank page shows the message as it is (docs/rules.md "Messages"): in the app's language, Thai by default.
    expect(taken.json()).toMatchObject({ code: "BANK_ACCOUNT_TAKEN", message: "บัญชีธนาคารนี้ถูกลงทะเบียนแล้ว" });
    const inEnglish = await t.app.inject({
      method: "POST",
      url: "/api/users-banks.create",
      payload: { bankCode: "kbank", bankAccountNumber: "1234567890", pin: PIN },
      headers: { authorization: `Bearer ${b.token}`, "x-locale": "en" },
    });
    expect(inEnglish.json().message).toBe("This bank account is already registered.");
  });

  it("refuses numbers of the wrong shape for the bank, unknown banks, and members without a name", async () => {
    const a = await member();
    const short = await post("/api/users-banks.create", a.token, {
      pin: PIN,
      bankCode: "kbank",
      bankAccountNumber: "12345",
    });
    expect(short.json()).toMatchObject({ code: "BANK_ACCOUNT_INVALID" });
    expect(short.statusCode).toBe(400);
    const letters = await post("/api/users-banks.create", a.token, {
      pin: PIN,
      bankCode: "scb",
      bankAccountNumber: "12345abcde",
    });
    expect(letters.json().code).toBe("BANK_ACCOUNT_INVALID");
    const unknown = await post("/api/users-banks.create", a.token, {
      pin: PIN,
      bankCode: "nobank",
      bankAccountNumber: "1234567890",
    });
    expect(unknown.json().code).toBe("BANK_UNKNOWN");
    const nameless = await member(null);
    const noName = await post("/api/users-banks.create", nameless.token, {
      pin: PIN,
      bankCode: "kbank",
      bankAccountNumber: "1112223334",
    });
    expect(noName.json().code).toBe("NAME_REQUIRED");
  });

  it("marks an account held by someone else as a mismatch, and withdrawals to it are refused", async () => {
    const a = await member();
    const add = await post("/api/users-banks.create", a.token, {
      pin: PIN,
      bankCode: "scb",
      bankAccountNumber: "5550009999",
    });
    expect(add.json()).toMatchObject({ status: "mismatch", accountName: "DEMO OTHER PERSON" });
    await staffAdjust(a.uuid, "1000");
    const w = await post("/api/withdrawals.create", a.token, {
      bankId: add.json().id,
      amount: "100",
      idempotencyKey: key(),
    });
    expect(w.statusCode).toBe(400);
    expect(w.json().code).toBe("WITHDRAW_BANK_MISMATCH");
  });

  it("allows at most three accounts and keeps every money page from status-2 members", async () => {
    const a = await member();
    for (const n of ["2000000001", "2000000002", "2000000003"]) await verifiedBank(a.token, n);
    const fourth = await post("/api/users-banks.create", a.token, {
      pin: PIN,
      bankCode: "kbank",
      bankAccountNumber: "2000000004",
    });
    expect(fourth.json().code).toBe("BANK_LIMIT");
    const blocked = await member();
    await t.database.db.updateTable("members").set({ status: 2 }).where("uuid", "=", blocked.uuid).execute();
    for (const url of ["/api/users-banks", "/api/deposit-channels", "/api/withdrawals.limits"])
      expect((await get(url, blocked.token)).statusCode).toBe(403);
    expect(
      (await post("/api/deposits.fast", blocked.token, { amount: "100", idempotencyKey: key() })).statusCode,
    ).toBe(403);
  });
});

describe("fast and QR deposits", () => {
  it("gives each waiting request on an account a different satang amount, never .00", async () => {
    const members = await Promise.all([member(), member(), member(), member()]);
    const deposits = await Promise.all(
      members.map((m) => post("/api/deposits.fast", m.token, { amount: "500", idempotencyKey: key() })),
    );
    const amounts = deposits.map((d) => {
      expect(d.statusCode).toBe(201);
      return d.json().prepareAmount as string;
    });
    expect(new Set(amounts).size).toBe(4);
    for (const amount of amounts) {
      expect(amount).toMatch(/^500\.\d\d$/);
      expect(amount.endsWith(".00")).toBe(false);
    }
    const body = deposits[0]?.json();
    expect(body).toMatchObject({
      channel: "fast",
      status: "waiting",
      amount: "500.00",
      referTransferId: null,
    });
    // Once all four wait, each sees its own place in one queue of at least four.
    const queue = await Promise.all(
      members.map(async (m, i) =>
        (await get(`/api/deposits.one?id=${deposits[i]?.json().id}`, m.token)).json(),
      ),
    );
    const total = queue[0].prepareTotal as number;
    expect(total).toBeGreaterThanOrEqual(4);
    expect(queue.every((d) => d.prepareTotal === total)).toBe(true);
    expect(new Set(queue.map((d) => d.prepareIndex)).size).toBe(4);
    for (const d of queue) expect(d.prepareIndex).toBeGreaterThanOrEqual(1);
    expect(new Date(body.expiresAt).getTime() - new Date(body.createdAt).getTime()).toBe(15 * 60 * 1000);
    for (const [i, m] of members.entries())
      await post("/api/deposits.cancel", m.token, { id: deposits[i]?.json().id });
  });

  it("credits the request whose unique amount the demo bank reports, once, and keeps a second request waiting", async () => {
    const a = await member();
    const requestKey = key();
    const first = await post("/api/deposits.fast", a.token, { amount: 300, idempotencyKey: requestKey });
    // A retry of the same request returns it; another request while one waits is refused with the waiting one.
    expect(
      (await post("/api/deposits.fast", a.token, { amount: 300, idempotencyKey: requestKey })).json().id,
    ).toBe(first.json().id);
    const second = await post("/api/deposits.fast", a.token, { amount: 700, idempotencyKey: key() });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: "DEPOSIT_WAITING", deposit: { id: first.json().id } });

    const paid = await post("/api/demo-bank/transfer", a.token, { depositId: first.json().id });
    expect(paid.json()).toMatchObject({ result: "matched", deposit: { status: "approved" } });
    expect(await cash(a.token)).toBe(first.json().prepareAmount);
    const again = await post("/api/demo-bank/transfer", a.token, { depositId: first.json().id });
    expect(again.json().result).toBe("unmatched");
    expect(await cash(a.token)).toBe(first.json().prepareAmount);
  });

  it("whole baht only, within the limits", async () => {
    const a = await member();
    expect(
      (await post("/api/deposits.fast", a.token, { amount: "100.50", idempotencyKey: key() })).json().code,
    ).toBe("AMOUNT_WHOLE_BAHT");
    expect(
      (await post("/api/deposits.fast", a.token, { amount: "99", idempotencyKey: key() })).json().code,
    ).toBe("DEPOSIT_RANGE");
    expect(
      (await post("/api/deposits.fast", a.token, { amount: "50000", idempotencyKey: key() })).json().code,
    ).toBe("DEPOSIT_RANGE");
    expect(
      (await post("/api/deposits.fast", a.token, { amount: "1e3", idempotencyKey: key() })).json().code,
    ).toBe("AMOUNT_INVALID");
  });

  it("QR requests carry a PromptPay payload for exactly the unique amount, with a valid CRC", async () => {
    const a = await member();
    const res = await post("/api/deposits.qrcode", a.token, { amount: "250", idempotencyKey: key() });
    expect(res.statusCode).toBe(201);
    const deposit = res.json();
    const tags = Object.fromEntries(parseTlv(deposit.qrPayload).map((f) => [f.tag, f.value]));
    expect(tags["54"]).toBe(deposit.prepareAmount);
    expect(tags["01"]).toBe("12");
    expect(tags["53"]).toBe("764");
    const paid = await post("/api/demo-bank/transfer", a.token, { depositId: deposit.id });
    expect(paid.json().deposit.status).toBe("approved");
    expect(await cash(a.token)).toBe(deposit.prepareAmount);
  });

  it("another member cannot see, cancel or pay someone else's request", async () => {
    const a = await member();
    const b = await member();
    const dep = (await post("/api/deposits.fast", a.token, { amount: "200", idempotencyKey: key() })).json();
    expect((await get(`/api/deposits.one?id=${dep.id}`, b.token)).statusCode).toBe(404);
    expect((await post("/api/deposits.cancel", b.token, { id: dep.id })).statusCode).toBe(404);
    expect((await post("/api/demo-bank/transfer", b.token, { depositId: dep.id })).statusCode).toBe(404);
    const cancelled = await post("/api/deposits.cancel", a.token, { id: dep.id });
    expect(cancelled.json().status).toBe("cancelled");
  });
});

describe("bank statement feed", () => {
  const sign = (timestamp: string, body: string) =>
    `sha256=${createHmac("sha256", FEED_SECRET).update(`${timestamp}.${body}`).digest("hex")}`;
  // Each delivery is signed at its own second (a second delivery of the same signature is a replay).
  // Each delivery gets its own second, strictly increasing (a retry of the same lines is a new delivery, not a
  // replay); subtracting a counter from the clock collided whenever the clock ticked between two deliveries.
  let lastTimestamp = 0;
  const feed = (lines: unknown[], signature?: string) => {
    const body = JSON.stringify({ lines });
    lastTimestamp = Math.max(Math.floor(Date.now() / 1000), lastTimestamp + 1);
    const timestamp = String(lastTimestamp);
    return t.app.inject({
      method: "POST",
      url: "/api/bank-feed/statements",
      payload: body,
      headers: {
        "content-type": "application/json",
        "x-timestamp": timestamp,
        "x-signature": signature ?? sign(timestamp, body),
      },
    });
  };

  it("refuses a line whose signature does not match", async () => {
    const res = await feed(
      [
        {
          externalId: "x1",
          bankCode: "kbank",
          accountNumber: "0000000001",
          amount: "100.01",
          occurredAt: new Date().toISOString(),
        },
      ],
      "sha256=00",
    );
    expect(res.statusCode).toBe(401);
  });

  it("refuses a delivery signed more than 5 minutes from now, one without a signed timestamp, and a replay", async () => {
    const body = JSON.stringify({
      lines: [
        {
          externalId: `replay-${randomUUID()}`,
          bankCode: "kbank",
          accountNumber: "9999999999",
          amount: "1.00",
          occurredAt: new Date().toISOString(),
        },
      ],
    });
    const send = (timestamp: string | undefined, signature: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/bank-feed/statements",
        payload: body,
        headers: {
          "content-type": "application/json",
          ...(timestamp === undefined ? {} : { "x-timestamp": timestamp }),
          "x-signature": signature,
        },
      });
    const now = Math.floor(Date.now() / 1000);
    for (const skew of [-301, 301, -3600]) {
      const timestamp = String(now + skew);
      const res = await send(timestamp, sign(timestamp, body));
      expect(res.statusCode, String(skew)).toBe(401);
      expect(res.json().code, String(skew)).toBe("SIGNATURE_EXPIRED");
    }
    // The body's HMAC alone (no timestamp in it) is not a signature any more.
    const bodyOnly = `sha256=${createHmac("sha256", FEED_SECRET).update(body).digest("hex")}`;
    expect((await send(undefined, bodyOnly)).json().code).toBe("SIGNATURE_INVALID");
    expect((await send(String(now), bodyOnly)).json().code).toBe("SIGNATURE_INVALID");
    // A timestamp other than the one signed.
    expect((await send(String(now - 1), sign(String(now), body))).json().code).toBe("SIGNATURE_INVALID");

    const timestamp = String(now - 120);
    const first = await send(timestamp, sign(timestamp, body));
    expect(first.statusCode).toBe(200);
    const replay = await send(timestamp, sign(timestamp, body));
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({
      code: "REPLAYED",
      message: "This delivery was received before; sign a new one to send again.",
    });
  });

  it("matches an exact unique amount once, leaves unknown amounts for staff, and staff assign them", async () => {
    const a = await member();
    const dep = (await post("/api/deposits.fast", a.token, { amount: "1000", idempotencyKey: key() })).json();
    const line = {
      externalId: `ext-${randomUUID()}`,
      bankCode: "kbank",
      accountNumber: "000-0-00000-1",
      amount: dep.prepareAmount,
      occurredAt: new Date().toISOString(),
    };
    const first = await feed([line]);
    expect(first.statusCode).toBe(200);
    expect(first.json().results[0]).toMatchObject({ result: "matched", depositId: dep.id });
    expect((await feed([line])).json().results[0]).toMatchObject({ result: "duplicate", depositId: dep.id });
    expect(await cash(a.token)).toBe(dep.prepareAmount);

    // A normal deposit the member reported, and a line with an amount nobody asked for: staff pair them.
    const bankId = await verifiedBank(a.token);
    const banks = (await get("/api/users-banks", a.token)).json().banks;
    const channels = (await get("/api/deposit-channels", a.token)).json();
    const normal = await post("/api/deposits.normal", a.token, {
      bankId: channels.normal.accounts[0].id,
      bankCode: "kbank",
      bankAccountNumber: banks.find((b: { id: string }) => b.id === bankId).accountNumber,
      amount: "777.00",
      depositAt: new Date().toISOString(),
      idempotencyKey: key(),
    });
    expect(normal.json().status).toBe("waiting");
    const stray = await feed([{ ...line, externalId: `ext-${randomUUID()}`, amount: "777.00" }]);
    expect(stray.json().results[0].result).toBe("unmatched");
    const lines = (await get("/api/staff/statement-lines", staffTokens.staff)).json().items;
    const strayLine = lines.find((l: { amount: string }) => l.amount === "777.00");
    const assigned = await post("/api/staff/statement-lines.assign", staffTokens.staff, {
      lineId: strayLine.id,
      depositId: normal.json().id,
    });
    expect(assigned.json().status).toBe("approved");
    expect(await cash(a.token)).toBe((Number(dep.prepareAmount) + 777).toFixed(2));
  });

  it("a transfer that arrives after its request expired waits for staff instead of crediting", async () => {
    const a = await member();
    const dep = (await post("/api/deposits.fast", a.token, { amount: "400", idempotencyKey: key() })).json();
    await t.database.db
      .updateTable("deposits")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", BigInt(dep.id))
      .execute();
    const res = await feed([
      {
        externalId: `ext-${randomUUID()}`,
        bankCode: "kbank",
        accountNumber: "0000000001",
        amount: dep.prepareAmount,
        occurredAt: new Date().toISOString(),
      },
    ]);
    expect(res.json().results[0]).toMatchObject({ result: "review", depositId: dep.id });
    expect(await cash(a.token)).toBe("0.00");
    expect((await get(`/api/deposits.one?id=${dep.id}`, a.token)).json().status).toBe("review");
    // Approving the expired request itself is an override now (four eyes); staff pair the bank's line with it.
    const direct = await post("/api/staff/deposits.approve", staffTokens.staff, { id: dep.id });
    expect(direct.json().code).toBe("DEPOSIT_EXPIRED");
    const lines = (await get("/api/staff/statement-lines", staffTokens.staff)).json().items;
    const late = lines.find((l: { depositId: string | null }) => l.depositId === dep.id);
    const approved = await post("/api/staff/statement-lines.assign", staffTokens.staff, {
      lineId: late.id,
      depositId: dep.id,
    });
    expect(approved.json().status).toBe("approved");
    expect(await cash(a.token)).toBe(dep.prepareAmount);
  });
});

describe("normal, TrueMoney and crypto deposits", () => {
  it("a reported transfer needs the member's own account; staff approve it exactly once, or reject it", async () => {
    const a = await member();
    const bankId = await verifiedBank(a.token);
    const own = (await get("/api/users-banks", a.token))
      .json()
      .banks.find((b: { id: string }) => b.id === bankId);
    const receiving = (await get("/api/deposit-channels", a.token)).json().normal.accounts[0].id;
    const body = {
      bankId: receiving,
      channel: "mobile",
      channelName: "K PLUS",
      bankCode: "kbank",
      bankAccountNumber: own.accountNumber,
      bankAccountName: "Somchai Jaidee",
      amount: "1500",
      depositAt: new Date(Date.now() - 60_000).toISOString(),
      idempotencyKey: key(),
    };
    const notOwn = await post("/api/deposits.normal", a.token, {
      ...body,
      bankAccountNumber: "9876543210",
      idempotencyKey: key(),
    });
    expect(notOwn.json().code).toBe("BANK_NOT_OWN");
    const future = await post("/api/deposits.normal", a.token, {
      ...body,
      depositAt: new Date(Date.now() + 3_600_000).toISOString(),
      idempotencyKey: key(),
    });
    expect(future.json().code).toBe("DEPOSIT_TIME");
    const dep = (await post("/api/deposits.normal", a.token, body)).json();
    expect(dep).toMatchObject({ status: "waiting", prepareAmount: "1500.00", channel: "normal" });
    const pending = (await get("/api/staff/deposits", staffTokens.staff)).json().items;
    expect(pending.some((d: { id: string }) => d.id === dep.id)).toBe(true);
    const approvals = await Promise.all(
      [1, 2, 3].map(() => post("/api/staff/deposits.approve", staffTokens.staff, { id: dep.id })),
    );
    expect(approvals.map((r) => r.json().status)).toEqual(["approved", "approved", "approved"]);
    expect(await cash(a.token)).toBe("1500.00");
    const rejectAfter = await post("/api/staff/deposits.reject", staffTokens.staff, {
      id: dep.id,
      reason: "late",
    });
    expect(rejectAfter.json().code).toBe("DEPOSIT_NOT_PENDING");

    const other = (await post("/api/deposits.normal", a.token, { ...body, idempotencyKey: key() })).json();
    const rejected = await post("/api/staff/deposits.reject", staffTokens.staff, {
      id: other.id,
      reason: "No such transfer",
    });
    expect(rejected.json()).toMatchObject({ status: "rejected", reason: "No such transfer" });
    expect(await cash(a.token)).toBe("1500.00");
    const audit = await t.database.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject", "in", [`deposit:${dep.id}`, `deposit:${other.id}`])
      .execute();
    expect(audit.map((r) => r.action).sort()).toEqual(["deposit.approve", "deposit.reject"]);
  });

  it("redeems a TrueMoney voucher once, even when sent twice at the same moment", async () => {
    const a = await member();
    const b = await member();
    const voucherUrl = `https://gift.truemoney.com/campaign/?v=${randomUUID().replace(/-/g, "").slice(0, 18)}`;
    const both = await Promise.all([
      post("/api/deposits.truemoney", a.token, { voucherUrl, idempotencyKey: key() }),
      post("/api/deposits.truemoney", b.token, { voucherUrl, idempotencyKey: key() }),
    ]);
    const statuses = both.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const total = Number(await cash(a.token)) + Number(await cash(b.token));
    expect(total).toBe(100);
    expect(
      (
        await post("/api/deposits.truemoney", a.token, {
          voucherUrl: "https://example.com/?v=abc",
          idempotencyKey: key(),
        })
      ).json().code,
    ).toBe("VOUCHER_INVALID");
    const expired = await post("/api/deposits.truemoney", a.token, {
      voucherUrl: "https://gift.truemoney.com/campaign/?v=abcdef1234560000",
      idempotencyKey: key(),
    });
    expect(expired.json()).toMatchObject({ code: "VOUCHER_REJECTED", message: "This voucher has expired." });
    const history = (await post("/api/true.wallet.history", a.token)).json().items;
    expect(history.map((h: { status: string }) => h.status)).toContain("rejected");
  });

  it("a crypto request shows an address and a unit amount; the demo chain confirms it", async () => {
    const a = await member();
    const dep = (
      await post("/api/deposits.crypto", a.token, { amount: "365", idempotencyKey: key() })
    ).json();
    expect(dep.crypto).toMatchObject({ currency: "USDT", network: "TRC20", cryptoAmount: "10.000000" });
    expect(dep.crypto.address).toMatch(/^TDEMO/);
    const done = await post("/api/demo-chain/confirm", a.token, { depositId: dep.id });
    expect(done.json().deposit.status).toBe("approved");
    expect(await cash(a.token)).toBe("365.00");
  });
});

describe("withdrawals", () => {
  it("holds the amount at once; staff pay it or reject it and the money comes back", async () => {
    const a = await member();
    const bankId = await verifiedBank(a.token);
    await staffAdjust(a.uuid, "5000");
    const requestKey = key();
    const w = await post("/api/withdrawals.create", a.token, {
      bankId,
      amount: "1200",
      idempotencyKey: requestKey,
    });
    expect(w.statusCode).toBe(201);
    expect(w.json()).toMatchObject({ status: "waiting", amount: "1200.00" });
    expect(await cash(a.token)).toBe("3800.00");
    // The same request again is the same withdrawal.
    expect(
      (
        await post("/api/withdrawals.create", a.token, { bankId, amount: "1200", idempotencyKey: requestKey })
      ).json().id,
    ).toBe(w.json().id);
    const pending = await post("/api/withdrawals.create", a.token, {
      bankId,
      amount: "100",
      idempotencyKey: key(),
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe("WITHDRAW_PENDING");
    // Plain staff may not pay out; administrators may.
    expect(
      (await post("/api/staff/withdrawals.pay", staffTokens.staff, { id: w.json().id })).statusCode,
    ).toBe(403);
    // The first withdrawal to a newly added account waits for an explicit review before it can be paid.
    expect(
      (await post("/api/staff/withdrawals.pay", staffTokens.administrator, { id: w.json().id })).json().code,
    ).toBe("WITHDRAWAL_REVIEW_REQUIRED");
    await post("/api/staff/withdrawals.review", staffTokens.administrator, { id: w.json().id });
    const paid = await post("/api/staff/withdrawals.pay", staffTokens.administrator, { id: w.json().id });
    expect(paid.json().status).toBe("paid");
    expect(
      (
        await post("/api/staff/withdrawals.reject", staffTokens.administrator, {
          id: w.json().id,
          reason: "x y",
        })
      ).json().code,
    ).toBe("WITHDRAWAL_DECIDED");
    expect(await cash(a.token)).toBe("3800.00");

    const second = (
      await post("/api/withdrawals.create", a.token, { bankId, amount: "800", idempotencyKey: key() })
    ).json();
    expect(await cash(a.token)).toBe("3000.00");
    const rejected = await post("/api/staff/withdrawals.reject", staffTokens.administrator, {
      id: second.id,
      reason: "Bank closed",
    });
    expect(rejected.json()).toMatchObject({ status: "rejected", reason: "Bank closed" });
    expect(await cash(a.token)).toBe("3800.00");
    const limits = (await get("/api/withdrawals.limits", a.token)).json();
    expect(limits).toMatchObject({
      usedToday: "1200.00",
      countToday: 1,
      pending: false,
      perTime: "49000.00",
      perDay: "200000.00",
      countPerDay: 5,
    });
  });

  it("refuses over 49,000 per time, the 6th of the day, over 200,000 a day, more than the balance", async () => {
    const a = await member();
    const bankId = await verifiedBank(a.token);
    await staffAdjust(a.uuid, "300000");
    const withdraw = (amount: string) =>
      post("/api/withdrawals.create", a.token, { bankId, amount, idempotencyKey: key() });
    expect((await withdraw("49000.01")).json().code).toBe("WITHDRAW_MAX_PER_TIME");
    expect((await withdraw("99.99")).json().code).toBe("WITHDRAW_MIN");
    const payAll = async () => {
      const waiting = (await get("/api/staff/withdrawals", staffTokens.administrator)).json().items;
      for (const w of waiting) {
        await post("/api/staff/withdrawals.review", staffTokens.administrator, { id: w.id });
        const paid = await post("/api/staff/withdrawals.pay", staffTokens.administrator, { id: w.id });
        // Above the four-eyes threshold the payment is a proposal a second administrator confirms.
        if (paid.statusCode === 202)
          await post("/api/staff/proposals.confirm", staffTokens.administrator2, {
            id: paid.json().proposal.id,
          });
      }
    };
    for (let i = 0; i < 4; i++) {
      expect((await withdraw("49000")).statusCode).toBe(201);
      await payAll();
    }
    // 196,000 used: 4,000.01 more would pass 200,000.
    const overDay = await withdraw("4000.01");
    expect(overDay.json()).toMatchObject({
      code: "WITHDRAW_MAX_PER_DAY",
      message: "You can withdraw at most 200,000 baht per day.",
    });
    expect((await withdraw("4000")).statusCode).toBe(201);
    await payAll();
    const sixth = await withdraw("100");
    expect(sixth.json()).toMatchObject({
      code: "WITHDRAW_MAX_COUNT",
      message: "You can withdraw at most 5 times per day.",
    });
    expect(await cash(a.token)).toBe("100000.00");

    const poor = await member();
    const poorBank = await verifiedBank(poor.token);
    const broke = await post("/api/withdrawals.create", poor.token, {
      bankId: poorBank,
      amount: "100",
      idempotencyKey: key(),
    });
    expect(broke.json().code).toBe("INSUFFICIENT_FUNDS");
  });

  it("ten withdrawals sent at once leave exactly one waiting and hold its amount only", async () => {
    const a = await member();
    const bankId = await verifiedBank(a.token);
    await staffAdjust(a.uuid, "1000");
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post("/api/withdrawals.create", a.token, { bankId, amount: "300", idempotencyKey: key() }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.json().code === "WITHDRAW_PENDING")).toHaveLength(9);
    expect(await cash(a.token)).toBe("700.00");
  });
});

describe("statements and turnover", () => {
  it("lists the member's movements newest first with the balance after each, filtered by group", async () => {
    const a = await member();
    const b = await member();
    const bankId = await verifiedBank(a.token);
    await staffAdjust(a.uuid, "1000");
    const dep = (await post("/api/deposits.fast", a.token, { amount: "200", idempotencyKey: key() })).json();
    await post("/api/demo-bank/transfer", a.token, { depositId: dep.id });
    const w = (
      await post("/api/withdrawals.create", a.token, { bankId, amount: "150", idempotencyKey: key() })
    ).json();
    await post("/api/staff/withdrawals.review", staffTokens.administrator, { id: w.id });
    await post("/api/staff/withdrawals.pay", staffTokens.administrator, { id: w.id });

    const all = (await post("/api/transactions.all", a.token, {})).json();
    expect(all.items.map((i: { transactionType: string }) => i.transactionType)).toEqual([
      "WITHDRAW",
      "DEPOSIT",
      "ADMIN_INCREASE",
    ]);
    const total = (1000 + Number(dep.prepareAmount)).toFixed(2);
    expect(all.items[0]).toMatchObject({
      direction: "out",
      amount: "150.00",
      balanceAfter: (Number(total) - 150).toFixed(2),
      group: "withdraw",
    });
    expect(all.items[1]).toMatchObject({
      direction: "in",
      amount: dep.prepareAmount,
      balanceAfter: total,
      group: "deposit",
    });
    expect(all.items[2]).toMatchObject({ balanceAfter: "1000.00" });
    const onlyWithdraw = (await post("/api/transactions.all", a.token, { group: "withdraw" })).json().items;
    expect(onlyWithdraw).toHaveLength(1);
    expect(all.startedDate).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\.000000\+07:00$/);
    // Asking for more than 3 days back is clamped to the window.
    const wide = (
      await post("/api/transactions.all", a.token, {
        startedDate: "2020-01-01T00:00:00.000000+07:00",
        endedDate: "2099-01-01T00:00:00.000000+07:00",
      })
    ).json();
    expect(wide.startedDate).toBe(all.startedDate);
    expect(wide.endedDate).toBe(all.endedDate);
    expect(
      (await post("/api/transactions.all", a.token, { startedDate: "yesterday", endedDate: "today" })).json()
        .code,
    ).toBe("DATE_INVALID");
    expect((await post("/api/transactions.all", b.token, {})).json().items).toEqual([]);

    const bank = (await post("/api/transactions.bank", a.token)).json();
    expect(bank.deposits.map((d: { id: string }) => d.id)).toContain(dep.id);
    expect(bank.withdrawals[0]).toMatchObject({ id: w.id, status: "paid" });
    expect((await post("/api/transactions.bank", b.token)).json()).toEqual({ deposits: [], withdrawals: [] });
    expect((await post("/api/af-cashs.transaction.all", a.token, {})).json().items).toEqual([]);
    expect((await get("/api/turnover?period=7d", a.token)).json()).toMatchObject({
      period: "7d",
      turnover: "0.00",
    });
  });
});

describe("receiving accounts", () => {
  it("administrators add the site's accounts per channel (a second one confirms); members then see them", async () => {
    const body = {
      bankCode: "BBL",
      accountNumber: "111-2-22333-4",
      accountName: "LOTTOUP CO., LTD.",
      promptpayId: null,
      channels: ["normal"],
      active: true,
    };
    expect((await post("/api/staff/receiving-accounts.save", staffTokens.staff, body)).statusCode).toBe(403);
    // Four eyes: the change is a proposal (202) that a second administrator confirms (fourEyes.test.ts).
    const saved = await post("/api/staff/receiving-accounts.save", staffTokens.administrator, body);
    expect(saved.statusCode).toBe(202);
    expect(saved.json().proposal.details).toMatchObject({
      bankCode: "bbl",
      accountNumber: "1112223334",
      channels: "normal",
    });
    await post("/api/staff/proposals.confirm", staffTokens.administrator2, { id: saved.json().proposal.id });
    const bad = await post("/api/staff/receiving-accounts.save", staffTokens.administrator, {
      ...body,
      accountNumber: "12",
    });
    expect(bad.json().code).toBe("BANK_ACCOUNT_INVALID");
    const a = await member();
    const channels = (await get("/api/deposit-channels", a.token)).json();
    expect(channels.normal.accounts.map((x: { accountNumber: string }) => x.accountNumber)).toContain(
      "1112223334",
    );
    expect(channels.fast.accounts.map((x: { accountNumber: string }) => x.accountNumber)).not.toContain(
      "1112223334",
    );
    const off = await post("/api/staff/receiving-accounts.save", staffTokens.administrator, {
      ...body,
      active: false,
    });
    await post("/api/staff/proposals.confirm", staffTokens.administrator2, { id: off.json().proposal.id });
    const after = (await get("/api/deposit-channels", a.token)).json();
    expect(after.normal.accounts.map((x: { accountNumber: string }) => x.accountNumber)).not.toContain(
      "1112223334",
    );
  });
});

describe("staff adjustments", () => {
  it("only administrators adjust balances; a retry moves money once and writes one audit row", async () => {
    // Four eyes: the adjustment is proposed (twice, the same proposal) and a second administrator confirms it.
    const a = await member();
    const requestKey = key();
    const body = {
      uuid: a.uuid,
      type: "ADMIN_INCREASE",
      amount: "250",
      reason: "goodwill",
      idempotencyKey: requestKey,
    };
    expect((await post("/api/staff/members.adjust", staffTokens.staff, body)).statusCode).toBe(403);
    const first = await post("/api/staff/members.adjust", staffTokens.administrator, body);
    await post("/api/staff/members.adjust", staffTokens.administrator, body);
    const id = first.json().proposal.id;
    await post("/api/staff/proposals.confirm", staffTokens.administrator2, { id });
    await post("/api/staff/proposals.confirm", staffTokens.administrator2, { id });
    expect(await cash(a.token)).toBe("250.00");
    const rows = await t.database.db
      .selectFrom("audit_log")
      .select("id")
      .where("subject", "=", `member:${a.uuid}`)
      .where("action", "=", "member.adjust")
      .execute();
    expect(rows).toHaveLength(1);
    const tooMuch = await post("/api/staff/members.adjust", staffTokens.administrator, {
      ...body,
      type: "ADMIN_DECREASE",
      amount: "300",
      idempotencyKey: key(),
    });
    expect(tooMuch.json().code).toBe("INSUFFICIENT_FUNDS");
  });
});
