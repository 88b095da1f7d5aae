import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_SESSION_IDLE_SECONDS } from "../../kernel/sessions.ts";
import { createTestApp, type TestApp, tokenOf } from "../../test/harness.ts";
import { createStaff } from "../staff/createStaff.ts";
import { lockSeconds } from "./loginLock.ts";
import { SESSION_IDLE_SECONDS } from "./sessions.ts";

let t: TestApp;
let seq = 0;
const PIN = "Secret#123";
const LOCK_MESSAGE = "Login Attempt Count Reach Limit, Please contact call center.";

function uniqueName(prefix = "lock") {
  seq += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${seq}`;
}

async function post(url: string, payload: unknown, token?: string) {
  seq += 1;
  return t.app.inject({
    method: "POST",
    url,
    // Each call from its own address: these tests are about the per-account lock, not the per-address limits.
    remoteAddress: `198.51.100.${seq % 250}`,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function signup(phoneNumber = "0812345678") {
  const userName = uniqueName();
  const res = await post("/api/users.signup", { userName, password: PIN, phoneNumber });
  expect(res.statusCode).toBe(201);
  return { userName, uuid: res.json().userInfo.uuid as string, token: tokenOf(res) as string };
}

async function wrongPins(userName: string, times: number) {
  const answers = [];
  for (let i = 0; i < times; i++)
    answers.push(await post("/api/users.login", { userName, password: "Wrong#1234" }));
  return answers;
}

/** Moves a member's running lock into the past, as if its time had passed (and the 15-minute login limits). */
async function letLockRunOut(userName: string) {
  await t.database.db
    .updateTable("members")
    .set({ locked_until: sql`now() - interval '1 second'` })
    .where("user_name", "=", userName)
    .execute();
  await t.database.db
    .deleteFrom("rate_limit_hits")
    .where("bucket", "like", `login:user:${userName}`)
    .execute();
}

// PINs are hashed with scrypt on purpose: a dozen logins take a while on a busy 2-core runner.
const MANY_LOGINS = 240_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("a PIN lock is time-boxed", () => {
  it("lasts 30 minutes, says when to try again, then doubles with each repeat up to a day", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(lockSeconds)).toEqual([
      1800, 3600, 7200, 14400, 28800, 57600, 86400, 86400,
    ]);
  });

  it(
    "locks on the fifth wrong PIN for 30 minutes, ends by itself, and the next lock lasts 60",
    async () => {
      const { userName } = await signup();
      const answers = await wrongPins(userName, 5);
      expect(answers.slice(0, 4).map((r) => r.json().code)).toEqual(Array(4).fill("INVALID_CREDENTIALS"));
      const locked = answers[4]?.json();
      expect(answers[4]?.statusCode).toBe(423);
      expect(locked).toMatchObject({
        code: "LOGIN_LOCKED",
        message: `${LOCK_MESSAGE} You can try again in 30 minutes.`,
        retryAfterSeconds: 1800,
      });
      const until = Date.parse(locked.lockedUntil);
      expect(Math.abs(until - (Date.now() + 1800_000))).toBeLessThan(60_000);
      // The right PIN is refused while the lock runs, with the same time.
      const right = await post("/api/users.login", { userName, password: PIN });
      expect(right.json()).toMatchObject({ code: "LOGIN_LOCKED", lockedUntil: locked.lockedUntil });

      await letLockRunOut(userName);
      const again = await wrongPins(userName, 5);
      expect(again.slice(0, 4).map((r) => r.json().code)).toEqual(Array(4).fill("INVALID_CREDENTIALS"));
      expect(again[4]?.json()).toMatchObject({
        code: "LOGIN_LOCKED",
        message: `${LOCK_MESSAGE} You can try again in 60 minutes.`,
        retryAfterSeconds: 3600,
      });

      await letLockRunOut(userName);
      expect((await post("/api/users.login", { userName, password: PIN })).statusCode).toBe(200);
      // A successful login starts the growth over.
      const row = await t.database.db
        .selectFrom("members")
        .select(["lock_count", "failed_login_count", "locked_until"])
        .where("user_name", "=", userName)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ lock_count: 0, failed_login_count: 0, locked_until: null });
    },
    MANY_LOGINS,
  );

  it(
    "'locks' a user name with no account for the same time, and lets it go the same way",
    async () => {
      const ghost = uniqueName("ghost");
      const answers = await wrongPins(ghost, 5);
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 423]);
      expect(answers[4]?.json()).toMatchObject({
        message: `${LOCK_MESSAGE} You can try again in 30 minutes.`,
        retryAfterSeconds: 1800,
      });
      await t.database.db
        .updateTable("login_name_locks")
        .set({ locked_until: sql`now() - interval '1 second'` })
        .where("user_name", "=", ghost)
        .execute();
      await t.database.db
        .deleteFrom("rate_limit_hits")
        .where("bucket", "like", `login:user:${ghost}`)
        .execute();
      const again = await wrongPins(ghost, 5);
      expect(again.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 423]);
      expect(again[4]?.json().retryAfterSeconds).toBe(3600);
    },
    MANY_LOGINS,
  );

  it(
    "is cleared by a PIN reset with the code sent to the member's phone",
    async () => {
      const phone = "0834567890";
      const { userName } = await signup(phone);
      expect((await wrongPins(userName, 5))[4]?.statusCode).toBe(423);
      const { refOtpCode } = (
        await post("/api/users.forgot-password.otp", { userName, phoneNumber: phone })
      ).json();
      const sms = await t.database.db
        .selectFrom("sms_outbox")
        .select("body")
        .where("phone_number", "=", phone)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      const otpCode = /code is (\d{6})/.exec(sms.body)?.[1];
      const reset = await post("/api/users.forgot-password", {
        userName,
        phoneNumber: phone,
        otpCode,
        refOtpCode,
        newPassword: "Fresh#789",
      });
      expect(reset.statusCode).toBe(200);
      expect((await post("/api/users.login", { userName, password: "Fresh#789" })).statusCode).toBe(200);
    },
    MANY_LOGINS,
  );

  it(
    "signs the member out everywhere: a token from before the lock stays refused after an unlock",
    async () => {
      const { userName, uuid, token } = await signup();
      expect((await post("/api/users.auth", {}, token)).statusCode).toBe(200);
      await wrongPins(userName, 5);
      expect((await post("/api/users.auth", {}, token)).statusCode).toBe(401);

      await createStaff(t.database.db, { userName: "lockdesk01", password: "Staff#Pass1", role: "staff" });
      const staff = await post("/api/staff/login", { userName: "lockdesk01", password: "Staff#Pass1" });
      const unlock = await post("/api/staff/members.unlock", { uuid }, tokenOf(staff) as string);
      expect(unlock.statusCode).toBe(200);
      expect((await post("/api/users.auth", {}, token)).statusCode).toBe(401);
      expect((await post("/api/users.login", { userName, password: PIN })).statusCode).toBe(200);
    },
    MANY_LOGINS,
  );
});

describe("sessions end after a period without use", () => {
  it("a member's session ends after an hour idle; use is written at most once a minute", async () => {
    const { token } = await signup();
    const db = t.database.db;
    const setLastSeen = (secondsAgo: number) =>
      db
        .updateTable("sessions")
        .set({ last_seen_at: sql`now() - make_interval(secs => ${secondsAgo})` })
        .where("revoked_at", "is", null)
        .where("member_id", "in", db.selectFrom("members").select("id").where("user_name", "like", "lock%"))
        .execute();
    const lastSeenAgo = async () => {
      const row = await db
        .selectFrom("sessions")
        .select(sql<number>`extract(epoch from now() - max(last_seen_at))`.as("ago"))
        .where("revoked_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.ago);
    };

    await setLastSeen(30);
    expect((await post("/api/users.auth", {}, token)).statusCode).toBe(200);
    expect(await lastSeenAgo()).toBeGreaterThanOrEqual(29); // not rewritten: under a minute old

    await setLastSeen(SESSION_IDLE_SECONDS - 120);
    expect((await post("/api/users.auth", {}, token)).statusCode).toBe(200);
    expect(await lastSeenAgo()).toBeLessThan(5); // used: the idle time starts again

    await setLastSeen(SESSION_IDLE_SECONDS + 1);
    expect((await post("/api/users.auth", {}, token)).statusCode).toBe(401);
  });

  it("a staff session ends after 30 minutes idle", async () => {
    await createStaff(t.database.db, { userName: "idledesk01", password: "Staff#Pass1", role: "staff" });
    const login = await post("/api/staff/login", { userName: "idledesk01", password: "Staff#Pass1" });
    const token = tokenOf(login) as string;
    const members = () =>
      t.app.inject({
        method: "GET",
        url: "/api/staff/members",
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await members()).statusCode).toBe(200);
    await t.database.db
      .updateTable("staff_sessions")
      .set({ last_seen_at: sql`now() - make_interval(secs => ${STAFF_SESSION_IDLE_SECONDS + 1})` })
      .execute();
    expect((await members()).statusCode).toBe(401);
  });
});
