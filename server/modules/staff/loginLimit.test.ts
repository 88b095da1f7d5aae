import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { createStaff } from "./createStaff.ts";
import { STAFF_LOGIN_FAILURES } from "./routes.ts";

/**
 * The back-office login limit holds under concurrency: each attempt takes its counted slot before the password is
 * checked, so a burst of guesses sent at once gets no more password checks than the limit allows.
 */
describe("staff login limit under concurrent attempts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => t.close());

  it("checks at most the limit of passwords when thrice the limit of guesses arrive at once", async () => {
    await createStaff(t.database.db, { userName: "burstme1", password: "Staff#Pass1", role: "staff" });
    const attempts = STAFF_LOGIN_FAILURES.limit * 3;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/staff/login",
          payload: { userName: "burstme1", password: `Wrong#Pass${i}` },
          remoteAddress: "198.51.100.91",
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(STAFF_LOGIN_FAILURES.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(attempts - STAFF_LOGIN_FAILURES.limit);
    // And the right password is refused too until the window ends: the guesses were all counted.
    const right = await t.app.inject({
      method: "POST",
      url: "/api/staff/login",
      payload: { userName: "burstme1", password: "Staff#Pass1" },
      remoteAddress: "198.51.100.92",
    });
    expect(right.statusCode).toBe(429);
    // Ten PIN hashes, two at a time: seconds on a quiet machine, a minute or more on a loaded CI runner.
  }, 300_000);
});
