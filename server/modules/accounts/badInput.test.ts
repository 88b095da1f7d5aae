import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../../ledger/check.ts";
import { createTestApp, staffTokensFor, type TestApp, tokenOf } from "../../test/harness.ts";

let t: TestApp;
let token = "";

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users.signup",
    payload: { userName: "fuzzmember1", password: "Secret#123", phoneNumber: "0812345678" },
  });
  token = tokenOf(res) as string;
}, 180_000);
afterAll(async () => t.close());

const PUBLIC_ENDPOINTS = [
  "/api/users.signup",
  "/api/users.login",
  "/api/users.forgot-password.otp",
  "/api/users.forgot-password",
];
const MEMBER_ENDPOINTS = [
  "/api/users.auth",
  "/api/users.logout",
  "/api/users-infos.update",
  "/api/users.phone-number.update",
  "/api/users.change-password",
];

const countMembers = async () =>
  Number(
    (
      await t.database.db
        .selectFrom("members")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("bad input on the account endpoints", () => {
  it("every member endpoint refuses a request without a valid token", async () => {
    for (const url of MEMBER_ENDPOINTS) {
      for (const authorization of [undefined, "Bearer ", "Bearer x.y.z", `Basic ${token}`]) {
        const res = await t.app.inject({
          method: "POST",
          url,
          payload: {},
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, `${url} ${authorization}`).toBe(401);
        expect(res.json()).toEqual({ code: "UNAUTHORIZED", message: "unauthorised" });
      }
    }
    const read = await t.app.inject({ method: "GET", url: "/api/users-infos" });
    expect(read.statusCode).toBe(401);
  });

  it("answers arbitrary JSON with a 4xx { code, message }, never a 500, and creates no member", async () => {
    const before = await countMembers();
    const body = fc.oneof(
      fc.object({ maxDepth: 2 }),
      fc.record(
        {
          userName: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
          password: fc.oneof(fc.string(), fc.integer(), fc.array(fc.string())),
          phoneNumber: fc.oneof(fc.string(), fc.integer()),
          otpCode: fc.string(),
          refOtpCode: fc.string(),
          newPassword: fc.string(),
          oldPassword: fc.string(),
          name: fc.oneof(fc.string(), fc.integer()),
          email: fc.string(),
        },
        { requiredKeys: [] },
      ),
      fc.array(fc.anything(), { maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PUBLIC_ENDPOINTS, ...MEMBER_ENDPOINTS),
        body,
        async (url, payload) => {
          const res = await t.app.inject({
            method: "POST",
            url,
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            payload: JSON.stringify(payload),
          });
          // A well-formed request may succeed (e.g. users.auth); anything else is a clear client error.
          if (res.statusCode >= 400) {
            expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
            expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
          }
        },
      ),
      { numRuns: 150 },
    );
    // Random sign-up bodies never satisfy every rule at once.
    expect(await countMembers()).toBe(before);
  });
});

describe("malformed amounts are refused everywhere with AMOUNT_INVALID (100,00 is not 10,000 baht)", () => {
  const MALFORMED = ["100,00", "4,9,0,0,0", ",5", "1,0000", "1,000,00", "1,,000", "100,"];
  const post = (url: string, auth: string, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${auth}` },
      payload: payload as object,
    });

  it("in deposit requests, withdrawals, number-set prices and staff adjustments, and no money moves", async () => {
    const administrator = (await staffTokensFor(t, [["amountdesk1", "administrator"]]))
      .administrator as string;
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/users.signup",
      payload: { userName: "amountmember1", password: "Secret#123", phoneNumber: "0812345679" },
    });
    const member = tokenOf(signup) as string;
    const uuid = signup.json().userInfo.uuid as string;
    const cash = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: "/api/cashs",
          headers: { authorization: `Bearer ${member}` },
        })
      ).json().money;
    expect(await cash()).toBe("0.00");

    for (const amount of MALFORMED) {
      const calls: [string, string, Record<string, unknown>][] = [
        ["/api/deposits.fast", member, { amount, idempotencyKey: randomUUID() }],
        ["/api/deposits.qrcode", member, { amount, idempotencyKey: randomUUID() }],
        ["/api/deposits.crypto", member, { amount, idempotencyKey: randomUUID() }],
        [
          "/api/deposits.normal",
          member,
          {
            bankId: "1",
            amount,
            bankCode: "kbank",
            bankAccountNumber: "1234567890",
            depositAt: new Date().toISOString(),
            idempotencyKey: randomUUID(),
          },
        ],
        ["/api/withdrawals.create", member, { bankId: "1", amount, idempotencyKey: randomUUID() }],
        [
          "/api/staff/members.adjust",
          administrator,
          { uuid, type: "ADMIN_INCREASE", amount, reason: "fuzz", idempotencyKey: randomUUID() },
        ],
        [
          "/poy-api/number-sets.create",
          member,
          { name: `set ${amount}`, poyListJson: [{ option: "teng_bon_3", number: "123", price: amount }] },
        ],
      ];
      for (const [url, auth, payload] of calls) {
        const res = await post(url, auth, payload);
        expect(res.statusCode, `${url} ${amount}: ${res.body}`).toBe(400);
        expect(res.json().code, `${url} ${amount}`).toBe("AMOUNT_INVALID");
      }
    }
    expect(await cash()).toBe("0.00");
    const deposits = await t.database.db.selectFrom("deposits").select("id").execute();
    expect(deposits).toEqual([]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 120_000);
});
