import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let token = "";

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users.signup",
    payload: { userName: "fuzzmember1", password: "Secret#123", phoneNumber: "0812345678" },
  });
  token = res.headers.auth as string;
});
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
