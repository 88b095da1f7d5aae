import { generateKeyPairSync, randomUUID, verify } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.ts";
import { inTransaction } from "../../kernel/db.ts";
import { checkLedger } from "../../ledger/check.ts";
import {
  firebasePushProvider,
  localPushProvider,
  type PushProvider,
  type PushResult,
  parseServiceAccount,
} from "../../providers/push.ts";
import {
  createTestApp,
  engineName,
  requestsOf,
  staffTokensFor,
  type TestApp,
  tokenOf,
} from "../../test/harness.ts";
import { creditDeposit } from "../wallet/deposits.ts";
import { enqueueNotification } from "./outbox.ts";
import { deliverDueNotifications, MAX_ATTEMPTS } from "./sender.ts";

let t: TestApp;
let staff: Record<string, string> = {};
const { post, get } = requestsOf(() => t.app);

let counter = 0;
async function member(name: string | null = "Somchai Jaidee") {
  counter += 1;
  const res = await post("/api/users.signup", undefined, {
    userName: `push${Date.now().toString(36)}${counter}`.slice(0, 20),
    password: "Secret#123",
    phoneNumber: "0812345678",
  });
  expect(res.statusCode).toBe(201);
  const token = tokenOf(res) as string;
  const uuid = res.json().userInfo.uuid as string;
  // Set in the database: a name set through the API takes the PIN and is told by a push of its own.
  if (name) await t.database.db.updateTable("members").set({ name }).where("uuid", "=", uuid).execute();
  const row = await t.database.db
    .selectFrom("members")
    .select("id")
    .where("uuid", "=", uuid)
    .executeTakeFirstOrThrow();
  return { token, uuid, id: row.id };
}

const device = () => randomUUID().replace(/-/g, "").slice(0, 24);
const register = (token: string, body: Record<string, unknown>) =>
  post("/api/push-tokens.register", token, { provider: "local", locale: "en", ...body });

async function tokensOf(memberId: bigint) {
  return t.database.db
    .selectFrom("push_tokens")
    .select(["device_id", "token", "locale", "provider"])
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
}

async function outboxOf(memberId: bigint) {
  return t.database.db
    .selectFrom("notification_outbox")
    .selectAll()
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
}

/** A waiting fast deposit of `amount` baht for the member. */
async function fastDeposit(token: string, amount: string) {
  const res = await post("/api/deposits.fast", token, { amount, idempotencyKey: randomUUID() });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; prepareAmount: string };
}

/** A provider that answers from a script per token and remembers what it was asked. */
function scriptedProvider(answers: Record<string, PushResult>): PushProvider & { calls: string[] } {
  const calls: string[] = [];
  return {
    name: "local",
    calls,
    async send(token) {
      calls.push(token);
      return answers[token] ?? { ok: true };
    },
  };
}

beforeAll(async () => {
  // The sender job is off: each test delivers the outbox itself, so what it sees is deterministic.
  t = await createTestApp({}, { pushSenderIntervalMs: 0 });
  staff = await staffTokensFor(t, [
    ["pushdesk1", "staff"],
    ["pushadmin1", "administrator"],
  ]);
  // Balance adjustments are confirmed by a second administrator (four eyes).
  staff.checker = (await staffTokensFor(t, [["pushadmin2", "administrator"]])).administrator as string;
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  // Leave nothing due for the next test's sender run.
  await t.database.db
    .updateTable("notification_outbox")
    .set({ status: "no_device" })
    .where("status", "=", "pending")
    .execute();
});
afterAll(async () => t.close());

describe(`push token registry (${engineName})`, () => {
  it("registers a device, refreshes its token in place, and keeps one row per token", async () => {
    const a = await member();
    const d = device();
    const first = await register(a.token, { deviceId: d, token: "local-token-aaaaaaaa", locale: "kh" });
    expect(first.statusCode).toBe(200);
    // The app's kh/mm codes are stored as the catalogs' km/my.
    expect(first.json()).toEqual({ deviceId: d, provider: "local", locale: "km" });
    expect(await tokensOf(a.id)).toEqual([
      { device_id: d, token: "local-token-aaaaaaaa", locale: "km", provider: "local" },
    ]);
    // Same device, new token (the provider rotated it): replaced, not added.
    await register(a.token, { deviceId: d, token: "local-token-bbbbbbbb", locale: "mm" });
    expect(await tokensOf(a.id)).toEqual([
      { device_id: d, token: "local-token-bbbbbbbb", locale: "my", provider: "local" },
    ]);
    // A second device of the same member is a second row.
    const d2 = device();
    await register(a.token, { deviceId: d2, token: "local-token-cccccccc" });
    expect((await tokensOf(a.id)).map((r) => r.device_id)).toEqual([d, d2]);
  });

  it("moves a token to whoever logs in on that browser, and lets a member delete only their own devices", async () => {
    const a = await member();
    const b = await member();
    const d = device();
    await register(a.token, { deviceId: d, token: "local-shared-browser" });
    // B logs in on the same browser: the token is B's now, A's notifications no longer land there.
    expect((await register(b.token, { deviceId: d, token: "local-shared-browser" })).statusCode).toBe(200);
    expect(await tokensOf(a.id)).toEqual([]);
    expect((await tokensOf(b.id)).map((r) => r.token)).toEqual(["local-shared-browser"]);
    // A cannot remove B's device by naming its id; B can.
    const foreign = await post("/api/push-tokens.delete", a.token, { deviceId: d });
    expect(foreign.json()).toEqual({ deleted: false });
    expect(await tokensOf(b.id)).toHaveLength(1);
    const own = await post("/api/push-tokens.delete", b.token, { deviceId: d });
    expect(own.json()).toEqual({ deleted: true });
    expect(await tokensOf(b.id)).toEqual([]);
  });

  it("refuses anonymous calls, malformed bodies and a provider the server does not deliver through", async () => {
    const a = await member();
    expect((await register("", { deviceId: device(), token: "local-xxxxxxxx" })).statusCode).toBe(401);
    expect((await post("/api/push-tokens.delete", undefined, { deviceId: device() })).statusCode).toBe(401);
    expect((await get("/api/notifications")).statusCode).toBe(401);
    const badDevice = await register(a.token, { deviceId: "bad id!", token: "local-xxxxxxxx" });
    expect(badDevice.statusCode).toBe(400);
    expect(badDevice.json().code).toBe("requestInvalid");
    expect((await register(a.token, { deviceId: device(), token: "short" })).statusCode).toBe(400);
    // The demo server delivers locally: a Firebase token could never be reached.
    const firebase = await register(a.token, {
      deviceId: device(),
      token: "fcm-token-123456",
      provider: "firebase",
    });
    expect(firebase.statusCode).toBe(409);
    expect(firebase.json().code).toBe("PUSH_PROVIDER_MISMATCH");
    expect(await tokensOf(a.id)).toEqual([]);
  });

  it("keeps at most ten devices per member, forgetting the least recently registered", async () => {
    const a = await member();
    const ids = Array.from({ length: 12 }, device);
    for (const [i, id] of ids.entries())
      await register(a.token, { deviceId: id, token: `local-many-${i}-xxxx` });
    const kept = (await tokensOf(a.id)).map((r) => r.device_id);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(ids[0]);
    expect(kept).not.toContain(ids[1]);
    expect(kept).toContain(ids[11]);
  });

  it("two logins registering one token at the same moment leave exactly one row", async () => {
    const a = await member();
    const b = await member();
    const d = device();
    const answers = await Promise.all([
      register(a.token, { deviceId: d, token: "local-raced-token" }),
      register(b.token, { deviceId: d, token: "local-raced-token" }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db
      .selectFrom("push_tokens")
      .select("member_id")
      .where("token", "=", "local-raced-token")
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe(`notification outbox (${engineName})`, () => {
  it("writes a deposit's notification in the transaction that approves it, and nothing when it rolls back", async () => {
    const a = await member();
    const dep = await fastDeposit(a.token, "300");
    // The approval fails after crediting (a crash, a constraint): the credit and the notification go together.
    await expect(
      inTransaction(t.database.db, async (trx) => {
        await creditDeposit(t.database.db, trx, BigInt(dep.id), { actor: "test", allowFrom: ["waiting"] });
        expect(
          await trx.selectFrom("notification_outbox").select("id").where("member_id", "=", a.id).execute(),
        ).toHaveLength(1);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await outboxOf(a.id)).toEqual([]);
    expect((await get("/api/cashs", a.token)).json().money).toBe("0.00");

    const approved = await post("/api/staff/deposits.approve", staff.staff, { id: dep.id });
    expect(approved.statusCode).toBe(200);
    // Approving again (a second staff member, a retry) neither pays nor notifies twice.
    expect((await post("/api/staff/deposits.approve", staff.staff, { id: dep.id })).statusCode).toBe(200);
    const rows = await outboxOf(a.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "deposit-approved",
      params: { amount: dep.prepareAmount, depositId: dep.id },
      url: "/credit/status",
      dedupe_key: `deposit-approved:${dep.id}`,
      status: "pending",
    });
    expect((await get("/api/cashs", a.token)).json().money).toBe(dep.prepareAmount);
  });

  it("notifies a rejected deposit, a paid withdrawal and a rejected one", async () => {
    const a = await member();
    const dep = await fastDeposit(a.token, "200");
    await post("/api/staff/deposits.reject", staff.staff, { id: dep.id, reason: "No such transfer" });
    const accountNumber = `12${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const bank = await post("/api/users-banks.create", a.token, {
      bankCode: "kbank",
      bankAccountNumber: accountNumber,
      pin: "Secret#123",
    });
    expect(bank.statusCode).toBe(201);
    const funds = await post("/api/staff/members.adjust", staff.administrator, {
      uuid: a.uuid,
      type: "ADMIN_INCREASE",
      amount: "2000",
      reason: "test funds",
      idempotencyKey: randomUUID(),
    });
    await post("/api/staff/proposals.confirm", staff.checker, { id: funds.json().proposal.id });
    const withdraw = async (amount: string) =>
      (
        await post("/api/withdrawals.create", a.token, {
          bankId: bank.json().id,
          amount,
          idempotencyKey: randomUUID(),
        })
      ).json().id as string;
    const paid = await withdraw("500");
    // The first withdrawal to a newly added account is reviewed before it can be paid.
    await post("/api/staff/withdrawals.review", staff.administrator, { id: paid });
    expect((await post("/api/staff/withdrawals.pay", staff.administrator, { id: paid })).statusCode).toBe(
      200,
    );
    const rejected = await withdraw("700");
    expect(
      (
        await post("/api/staff/withdrawals.reject", staff.administrator, {
          id: rejected,
          reason: "Bank closed",
        })
      ).statusCode,
    ).toBe(200);
    const rows = await outboxOf(a.id);
    expect(rows.map((r) => [r.type, r.params, r.dedupe_key])).toEqual([
      ["deposit-rejected", { amount: dep.prepareAmount, depositId: dep.id }, `deposit-rejected:${dep.id}`],
      // Adding a bank account is told to the member too (account takeover controls).
      [
        "bank-added",
        { bank: "kbank", last4: accountNumber.slice(-4) },
        expect.stringMatching(/^bank-added:/),
      ],
      ["withdrawal-paid", { amount: "500.00", withdrawalId: paid }, `withdrawal-paid:${paid}`],
      [
        "withdrawal-rejected",
        { amount: "700.00", withdrawalId: rejected },
        `withdrawal-rejected:${rejected}`,
      ],
    ]);
  });

  it("writes one row per dedupe key however often the event is retried", async () => {
    const a = await member();
    const input = {
      memberId: a.id,
      type: "round-result" as const,
      params: { roundName: "test" },
      url: "/results",
      dedupeKey: `round-result:test:${a.id}`,
    };
    const results = await Promise.all(
      [1, 2, 3].map(() => inTransaction(t.database.db, (trx) => enqueueNotification(trx, input))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await outboxOf(a.id)).toHaveLength(1);
  });
});

describe(`push sender (${engineName})`, () => {
  async function pending(memberId: bigint, key: string) {
    await inTransaction(t.database.db, (trx) =>
      enqueueNotification(trx, {
        memberId,
        type: "withdrawal-paid",
        params: { amount: "1,000.00" },
        url: "/credit/status",
        dedupeKey: key,
      }),
    );
  }

  it("the local provider records the exact payload per device; a member without devices is no_device", async () => {
    const a = await member();
    const lonely = await member();
    const d = device();
    await register(a.token, { deviceId: d, token: "local-sender-token", locale: "th" });
    await pending(a.id, `t-local:${a.id}`);
    await pending(lonely.id, `t-lonely:${lonely.id}`);
    const summary = await deliverDueNotifications(t.database.db, localPushProvider);
    expect(summary).toMatchObject({ sent: 1, noDevice: 1, retry: 0, failed: 0 });
    const [row] = await outboxOf(a.id);
    expect(row?.status).toBe("sent");
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(row?.deliveries).toEqual([
      {
        deviceId: d,
        provider: "local",
        result: "sent",
        data: {
          type: "withdrawal-paid",
          params: JSON.stringify({ amount: "1,000.00" }),
          url: "/credit/status",
          locale: "th",
          id: String(row?.id),
        },
      },
    ]);
    expect((await outboxOf(lonely.id))[0]?.status).toBe("no_device");
    // The member reads their own list (the e2e tests take the payload from here); nobody else's.
    const mine = (await get("/api/notifications", a.token)).json().items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: "withdrawal-paid", status: "sent", url: "/credit/status" });
    expect(mine[0].deliveries[0].data.locale).toBe("th");
    expect(
      (await get("/api/notifications", lonely.token)).json().items.map((i: { id: string }) => i.id),
    ).not.toContain(mine[0].id);
    // Delivered rows are not claimed again.
    expect(await deliverDueNotifications(t.database.db, localPushProvider)).toMatchObject({ sent: 0 });
  });

  it("deletes a token the provider no longer knows and still delivers to the member's other devices", async () => {
    const a = await member();
    const b = await member();
    await register(a.token, { deviceId: device(), token: "local-dead-token-1" });
    await register(a.token, { deviceId: device(), token: "local-live-token-1" });
    await register(b.token, { deviceId: device(), token: "local-dead-token-2" });
    await pending(a.id, `t-prune-a:${a.id}`);
    await pending(b.id, `t-prune-b:${b.id}`);
    const dead: PushResult = { ok: false, unregistered: true, error: "FCM 404 NOT_FOUND UNREGISTERED" };
    const provider = scriptedProvider({ "local-dead-token-1": dead, "local-dead-token-2": dead });
    const summary = await deliverDueNotifications(t.database.db, provider);
    expect(summary).toMatchObject({ sent: 1, noDevice: 1 });
    expect((await tokensOf(a.id)).map((r) => r.token)).toEqual(["local-live-token-1"]);
    expect(await tokensOf(b.id)).toEqual([]);
    const [rowA] = await outboxOf(a.id);
    expect(rowA?.status).toBe("sent");
    expect(rowA?.deliveries?.map((d) => d.result).sort()).toEqual(["sent", "unregistered"]);
    expect((await outboxOf(b.id))[0]?.status).toBe("no_device");
  });

  it("a device whose login was revoked gets nothing more, even if the app never unregistered it", async () => {
    const a = await member();
    await register(a.token, { deviceId: device(), token: "local-revoked-session" });
    // Logged out from somewhere the app could not say goodbye (offline): only the session is revoked.
    expect((await post("/api/users.logout", a.token)).statusCode).toBe(200);
    await pending(a.id, `t-revoked:${a.id}`);
    const provider = scriptedProvider({});
    expect(await deliverDueNotifications(t.database.db, provider)).toMatchObject({ noDevice: 1 });
    expect(provider.calls).toEqual([]);
    expect(await tokensOf(a.id)).toEqual([]);
  });

  it("retries a failed delivery later with backoff, and gives up after the last attempt", async () => {
    const a = await member();
    await register(a.token, { deviceId: device(), token: "local-flaky-token" });
    await pending(a.id, `t-flaky:${a.id}`);
    const down = scriptedProvider({
      "local-flaky-token": { ok: false, unregistered: false, error: "FCM 503" },
    });
    expect(await deliverDueNotifications(t.database.db, down)).toMatchObject({ retry: 1 });
    let [row] = await outboxOf(a.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_error: "FCM 503" });
    expect(row?.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is claimed.
    expect(await deliverDueNotifications(t.database.db, down)).toMatchObject({ retry: 0 });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.database.db
        .updateTable("notification_outbox")
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .where("id", "=", row?.id as bigint)
        .execute();
      await deliverDueNotifications(t.database.db, down);
    }
    [row] = await outboxOf(a.id);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(down.calls).toHaveLength(MAX_ATTEMPTS);
    // The token itself is kept: the provider did not say it was gone.
    expect(await tokensOf(a.id)).toHaveLength(1);
  });

  it("two senders at once deliver each notification once", async () => {
    const a = await member();
    await register(a.token, { deviceId: device(), token: "local-concurrent-token" });
    for (let i = 0; i < 6; i++) await pending(a.id, `t-concurrent:${a.id}:${i}`);
    const provider = scriptedProvider({});
    await Promise.all([
      deliverDueNotifications(t.database.db, provider, { limit: 4 }),
      deliverDueNotifications(t.database.db, provider, { limit: 4 }),
    ]);
    await deliverDueNotifications(t.database.db, provider);
    expect(provider.calls).toHaveLength(6);
    expect((await outboxOf(a.id)).every((r) => r.status === "sent")).toBe(true);
  });
});

describe("Firebase provider (FCM HTTP v1, Google stood in for)", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const account = {
    projectId: "lottoup-test",
    clientEmail: "push@lottoup-test.iam.gserviceaccount.com",
    privateKey,
    tokenUri: "https://oauth.test/token",
  };

  /** Google's token endpoint (checks the signed grant) and FCM (knows one live token). */
  function google() {
    const seen = { grants: 0, sends: [] as { auth: string; body: unknown }[] };
    const fetchImpl = (async (url: string | URL, init?: RequestInit) => {
      const body = String(init?.body ?? "");
      if (String(url) === account.tokenUri) {
        const assertion = new URLSearchParams(body).get("assertion") ?? "";
        const [h, c, s] = assertion.split(".");
        const valid = verify(
          "RSA-SHA256",
          Buffer.from(`${h}.${c}`),
          publicKey,
          Buffer.from(s ?? "", "base64url"),
        );
        const claims = JSON.parse(Buffer.from(c ?? "", "base64url").toString());
        if (!valid || claims.iss !== account.clientEmail || claims.aud !== account.tokenUri) {
          return new Response(JSON.stringify({ error: "invalid_grant" }), { status: 400 });
        }
        expect(claims.scope).toBe("https://www.googleapis.com/auth/firebase.messaging");
        seen.grants++;
        return Response.json({ access_token: "ya29.test-access", expires_in: 3600, token_type: "Bearer" });
      }
      expect(String(url)).toBe("https://fcm.test/v1/projects/lottoup-test/messages:send");
      const parsed = JSON.parse(body);
      seen.sends.push({
        auth: String((init?.headers as Record<string, string> | undefined)?.authorization),
        body: parsed,
      });
      if (parsed.message.token === "fcm-live-token") return Response.json({ name: "projects/x/messages/1" });
      if (parsed.message.token === "fcm-busy-token") {
        return Response.json(
          { error: { code: 503, status: "UNAVAILABLE", message: "busy" } },
          { status: 503 },
        );
      }
      return Response.json(
        {
          error: {
            code: 404,
            status: "NOT_FOUND",
            message: "Requested entity was not found.",
            details: [
              { "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode: "UNREGISTERED" },
            ],
          },
        },
        { status: 404 },
      );
    }) as typeof fetch;
    return { seen, fetchImpl };
  }

  it("sends data-only messages with a cached OAuth token and tells a dead token from a transient failure", async () => {
    const { seen, fetchImpl } = google();
    const provider = firebasePushProvider(account, { fcmBase: "https://fcm.test", fetchImpl });
    const data = {
      type: "deposit-approved",
      params: '{"amount":"100.00"}',
      url: "/credit/status",
      locale: "th",
      id: "1",
    };
    expect(await provider.send("fcm-live-token", data)).toEqual({ ok: true });
    expect(await provider.send("fcm-gone-token", data)).toMatchObject({ ok: false, unregistered: true });
    expect(await provider.send("fcm-busy-token", data)).toMatchObject({ ok: false, unregistered: false });
    expect(seen.grants).toBe(1);
    expect(seen.sends[0]).toEqual({
      auth: "Bearer ya29.test-access",
      body: {
        message: { token: "fcm-live-token", data, webpush: { headers: { Urgency: "high", TTL: "86400" } } },
      },
    });
    // Data only: no notification block, or the browser would show it a second time (STACK.md).
    expect(JSON.stringify(seen.sends)).not.toContain('"notification"');
  });

  it("a refused OAuth grant is a transient failure, never a pruned token", async () => {
    const { fetchImpl } = google();
    const wrongKey = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    }).privateKey;
    const provider = firebasePushProvider(
      { ...account, privateKey: wrongKey },
      { fcmBase: "https://fcm.test", fetchImpl },
    );
    expect(await provider.send("fcm-live-token", {})).toMatchObject({ ok: false, unregistered: false });
  });

  it("reads FIREBASE_SERVICE_ACCOUNT as JSON, names what is wrong, and opens the CSP to Firebase only then", async () => {
    const json = JSON.stringify({
      type: "service_account",
      project_id: "lottoup-test",
      client_email: account.clientEmail,
      private_key: privateKey,
    });
    expect(parseServiceAccount(json)).toEqual({
      ...account,
      tokenUri: "https://oauth2.googleapis.com/token",
    });
    const config = loadConfig({ FIREBASE_SERVICE_ACCOUNT: json });
    expect(config.push.provider).toBe("firebase");
    expect(loadConfig({}).push).toEqual({ provider: "local" });
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: '{"type":"service_account"}' })).toThrow(ConfigError);
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: "/no/such/key.json" })).toThrow(
      /FIREBASE_SERVICE_ACCOUNT/,
    );

    const demo = await t.app.inject({ method: "GET", url: "/api/app-config" });
    expect(demo.json().push).toBe("local");
    expect(demo.headers["content-security-policy"]).not.toContain("fcmregistrations");
    const withFirebase = await createTestApp({ FIREBASE_SERVICE_ACCOUNT: json }, { pushSenderIntervalMs: 0 });
    try {
      const res = await withFirebase.app.inject({ method: "GET", url: "/api/app-config" });
      expect(res.json().push).toBe("firebase");
      expect(res.headers["content-security-policy"]).toMatch(
        /connect-src 'self' https:\/\/firebaseinstallations\.googleapis\.com https:\/\/fcmregistrations\.googleapis\.com/,
      );
    } finally {
      await withFirebase.close();
    }
  });
});
