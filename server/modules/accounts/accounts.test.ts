import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, tokenOf } from "../../test/harness.ts";
import { RATE_LIMITS } from "./routes.ts";

let t: TestApp;
let seq = 0;
const PIN = "Secret#123";

function uniqueName(prefix = "player") {
  seq += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${seq}`;
}

async function post(url: string, payload: unknown, token?: string, remoteAddress = "203.0.113.1") {
  return t.app.inject({
    method: "POST",
    url,
    remoteAddress,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function signup(overrides: Record<string, unknown> = {}) {
  const userName = (overrides.userName as string) ?? uniqueName();
  // Each sign-up from its own address: the per-IP sign-up limit has a test of its own.
  const res = await post(
    "/api/users.signup",
    { userName, password: PIN, phoneNumber: "0812345678", ...overrides },
    undefined,
    `198.51.100.${seq % 250}`,
  );
  return { res, userName, token: tokenOf(res) };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("sign up", () => {
  it("creates the member, logs them in through the auth header and records where they came from", async () => {
    const { res, userName, token } = await signup({
      agentId: "",
      refUid: 0,
      referUrl: "https://facebook.com/somewhere",
      registerFromDomain: "lottoup.example",
      employeeSlug: "emp7",
    });
    expect(res.statusCode).toBe(201);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.json().userInfo).toMatchObject({ userName, phoneNumber: "0812345678", status: 0, level: 1 });
    const row = await t.database.db
      .selectFrom("members")
      .selectAll()
      .where("user_name", "=", userName)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      agent_id: 2,
      ref_uid: 0,
      refer_url: "https://facebook.com/somewhere",
      register_from_domain: "lottoup.example",
      employee_slug: "emp7",
    });
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(PIN);
  });

  it("refuses a taken username clearly, whatever its case", async () => {
    const { userName } = await signup();
    const again = await signup({ userName });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json()).toEqual({ code: "USERNAME_TAKEN", message: "This username is already taken." });
    expect(again.token).toBeUndefined();
  });

  it("answers each broken rule with its code and changes nothing", async () => {
    const before = await t.database.db
      .selectFrom("members")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ userName: "" }, "usernameRequired"],
      [{ userName: "abc12" }, "usernameMinLength"],
      [{ userName: "Player123" }, "usernameFormat"],
      [{ userName: "aaaaa123" }, "usernameRepeat"],
      [{ password: "Sh0rt#1" }, "passwordMinLength"],
      [{ password: "nouppercase1#" }, "passwordRules"],
      [{ password: "Under_score1" }, "passwordInvalid"],
      [{ phoneNumber: "12345" }, "phoneNumberInvalid"],
    ];
    for (const [override, code] of cases) {
      const { res } = await signup({ userName: uniqueName(), ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().code, JSON.stringify(override)).toBe(code);
    }
    const after = await t.database.db
      .selectFrom("members")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("links a member who signs up through another member's affiliate link", async () => {
    const referrer = await signup();
    const afSlug = referrer.res.json().userInfo.afSlug as string;
    const { userName } = await signup({ slug: afSlug });
    const [a, b] = await Promise.all([
      t.database.db
        .selectFrom("members")
        .selectAll()
        .where("user_name", "=", referrer.userName)
        .executeTakeFirstOrThrow(),
      t.database.db
        .selectFrom("members")
        .selectAll()
        .where("user_name", "=", userName)
        .executeTakeFirstOrThrow(),
    ]);
    expect(b.referred_by).toBe(a.id);
    expect(b.slug).toBe(afSlug);
  });
});

describe("login, session and logout", () => {
  it("logs in, restores the session with users.auth, and logout revokes the token at once", async () => {
    const { userName } = await signup();
    const login = await post("/api/users.login", { userName: userName.toUpperCase(), password: PIN });
    expect(login.statusCode).toBe(200);
    const token = tokenOf(login) as string;
    expect(token).toBeTruthy();
    const auth = await post("/api/users.auth", {}, token);
    expect(auth.statusCode).toBe(200);
    expect(auth.json().userInfo.userName).toBe(userName);

    expect((await post("/api/users.logout", {}, token)).statusCode).toBe(200);
    const after = await post("/api/users.auth", {}, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: "UNAUTHORIZED", message: "unauthorised" });
  });

  it("refuses missing, forged and tampered tokens", async () => {
    const { token } = await signup();
    expect((await post("/api/users.auth", {})).statusCode).toBe(401);
    expect((await post("/api/users.auth", {}, "not-a-token")).statusCode).toBe(401);
    const [h, p, s] = (token as string).split(".");
    const forged = Buffer.from(
      JSON.parse(Buffer.from(p as string, "base64url").toString()) &&
        JSON.stringify({
          ...JSON.parse(Buffer.from(p as string, "base64url").toString()),
          sub: "00000000-0000-4000-8000-000000000000",
        }),
    ).toString("base64url");
    expect((await post("/api/users.auth", {}, `${h}.${forged}.${s}`)).statusCode).toBe(401);
  });

  it("gives wrong passwords and unknown usernames the same answer", async () => {
    const { userName } = await signup();
    const wrong = await post("/api/users.login", { userName, password: "Wrong#1234" });
    const unknown = await post("/api/users.login", {
      userName: uniqueName("nobody"),
      password: "Wrong#1234",
    });
    const malformed = await post("/api/users.login", { userName: "No Such User!", password: "x" });
    for (const res of [wrong, unknown, malformed]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: "INVALID_CREDENTIALS", message: "Invalid username or password." });
      expect(tokenOf(res)).toBeUndefined();
    }
  });

  it("locks the account on the fifth failed attempt, even against the right PIN afterwards", async () => {
    const { userName } = await signup();
    for (let i = 1; i <= 4; i++) {
      const res = await post("/api/users.login", { userName, password: `Wrong#123${i}` });
      expect(res.json().code, `attempt ${i}`).toBe("INVALID_CREDENTIALS");
    }
    const fifth = await post("/api/users.login", { userName, password: "Wrong#1235" });
    expect(fifth.statusCode).toBe(423);
    // The product's message, then when to try again (a lock ends by itself: sessionsLocks.test.ts).
    expect(fifth.json()).toMatchObject({
      code: "LOGIN_LOCKED",
      message:
        "Login Attempt Count Reach Limit, Please contact call center. You can try again in 30 minutes.",
      retryAfterSeconds: 1800,
    });
    const right = await post("/api/users.login", { userName, password: PIN });
    expect(right.json().code).toBe("LOGIN_LOCKED");
    expect(tokenOf(right)).toBeUndefined();
  });

  it("'locks' unknown usernames the same way, so a lock reveals no account", async () => {
    const ghost = uniqueName("ghost");
    const codes: string[] = [];
    for (let i = 1; i <= 5; i++)
      codes.push((await post("/api/users.login", { userName: ghost, password: "Wrong#1234" })).json().code);
    expect(codes).toEqual([
      "INVALID_CREDENTIALS",
      "INVALID_CREDENTIALS",
      "INVALID_CREDENTIALS",
      "INVALID_CREDENTIALS",
      "LOGIN_LOCKED",
    ]);
  });

  it("a suspended member cannot log in and their open sessions stop working", async () => {
    const { userName, token } = await signup();
    await t.database.db.updateTable("members").set({ status: 1 }).where("user_name", "=", userName).execute();
    expect((await post("/api/users.auth", {}, token)).statusCode).toBe(401);
    const login = await post("/api/users.login", { userName, password: PIN });
    expect(login.statusCode).toBe(403);
    expect(tokenOf(login)).toBeUndefined();
  });
});

describe("profile", () => {
  it("each member reads and changes only their own data", async () => {
    const a = await signup();
    const b = await signup();
    const infoA = await t.app.inject({
      method: "GET",
      url: "/api/users-infos",
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(infoA.json().userName).toBe(a.userName);
    await post("/api/users-infos.update", { name: "Somchai Jaidee", pin: PIN }, a.token);
    const infoB = await t.app.inject({
      method: "GET",
      url: "/api/users-infos",
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(infoB.json()).toMatchObject({ userName: b.userName, name: null });
    expect((await t.app.inject({ method: "GET", url: "/api/users-infos" })).statusCode).toBe(401);
  });

  it("updates avatar, email, LINE id and name, and says 'data is null' when there is nothing to update", async () => {
    const { token } = await signup();
    const res = await post(
      "/api/users-infos.update",
      { name: " Somchai ", email: "somchai@example.com", lineId: "somchai.j", avatar: "avatar-3", pin: PIN },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: "Somchai",
      email: "somchai@example.com",
      lineId: "somchai.j",
      avatar: "avatar-3",
    });
    const empty = await post("/api/users-infos.update", {}, token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: "DATA_IS_NULL", message: "data is null" });
    const bad = await post("/api/users-infos.update", { email: "not-an-email" }, token);
    expect(bad.json().code).toBe("emailInvalid");
    const badName = await post("/api/users-infos.update", { name: "S" }, token);
    expect(badName.json().code).toBe("nameLength");
  });

  it("changes the phone number, normalised", async () => {
    const { token } = await signup();
    const res = await post(
      "/api/users.phone-number.update",
      { phoneNumber: "+66 91 234 5678", pin: PIN },
      token,
    );
    expect(res.json()).toEqual({ phoneNumber: "0912345678" });
    expect((await post("/api/users.phone-number.update", {}, token)).json().code).toBe("DATA_IS_NULL");
  });

  it("changes the PIN only with the old one, and can sign the other sessions out", async () => {
    const { userName, token } = await signup();
    const other = tokenOf(await post("/api/users.login", { userName, password: PIN })) as string;
    const wrongOld = await post(
      "/api/users.change-password",
      { oldPassword: "Nope#1234", newPassword: "Better#456" },
      token,
    );
    expect(wrongOld.json().code).toBe("OLD_PASSWORD_WRONG");
    const weak = await post("/api/users.change-password", { oldPassword: PIN, newPassword: "weak" }, token);
    expect(weak.statusCode).toBe(400);

    const ok = await post(
      "/api/users.change-password",
      { oldPassword: PIN, newPassword: "Better#456", signOutOthers: true },
      token,
    );
    expect(ok.json()).toEqual({ ok: true, signedOut: 1 });
    expect((await post("/api/users.auth", {}, token)).statusCode).toBe(200);
    expect((await post("/api/users.auth", {}, other)).statusCode).toBe(401);
    expect((await post("/api/users.login", { userName, password: PIN })).json().code).toBe(
      "INVALID_CREDENTIALS",
    );
    expect((await post("/api/users.login", { userName, password: "Better#456" })).statusCode).toBe(200);
  });
});

describe("sign-up rate limit", () => {
  it("answers the sign-up over the hourly limit from one address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post(
        "/api/users.signup",
        { userName: uniqueName("burst"), password: "x" },
        undefined,
        "192.0.2.77",
      );
      statuses.push(res.statusCode);
    }
    // Invalid bodies are refused before the limit counts them: nothing was created, nothing was limited.
    expect(statuses.every((s) => s === 400)).toBe(true);
    const valid: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.signupPerIp.limit; i++) {
      const res = await post(
        "/api/users.signup",
        { userName: uniqueName("burst"), password: PIN, phoneNumber: "0812345678" },
        undefined,
        "192.0.2.78",
      );
      valid.push(res.statusCode);
    }
    expect(valid.slice(0, RATE_LIMITS.signupPerIp.limit).every((s) => s === 201)).toBe(true);
    expect(valid[RATE_LIMITS.signupPerIp.limit]).toBe(429);
  });
});

describe("forgot PIN", () => {
  async function lastSms(phone: string) {
    const row = await t.database.db
      .selectFrom("sms_outbox")
      .selectAll()
      .where("phone_number", "=", phone)
      .orderBy("id", "desc")
      .executeTakeFirst();
    const match = row ? /code is (\d{6}) \(ref ([A-Z0-9]+)\)/.exec(row.body) : null;
    return match ? { code: match[1] as string, ref: match[2] as string } : null;
  }

  it("sends a 6-digit code by SMS and resets the PIN with it, once, signing every session out", async () => {
    const phone = "0823456789";
    const { userName, token } = await signup({ phoneNumber: phone });
    const request = await post("/api/users.forgot-password.otp", { userName, phoneNumber: "082-345-6789" });
    expect(request.statusCode).toBe(200);
    const sms = await lastSms(phone);
    expect(sms).not.toBeNull();
    expect(request.json()).toEqual({ refOtpCode: sms?.ref, expiresInSeconds: 300 });

    const wrongCode = sms?.code === "000000" ? "111111" : "000000";
    const wrong = await post("/api/users.forgot-password", {
      userName,
      phoneNumber: phone,
      otpCode: wrongCode,
      refOtpCode: sms?.ref,
      newPassword: "Fresh#789",
    });
    expect(wrong.json().code).toBe("OTP_INVALID");

    const reset = await post("/api/users.forgot-password", {
      userName,
      phoneNumber: phone,
      otpCode: sms?.code,
      refOtpCode: sms?.ref,
      newPassword: "Fresh#789",
    });
    expect(reset.statusCode).toBe(200);
    expect((await post("/api/users.auth", {}, token)).statusCode).toBe(401);
    expect((await post("/api/users.login", { userName, password: "Fresh#789" })).statusCode).toBe(200);

    const replay = await post("/api/users.forgot-password", {
      userName,
      phoneNumber: phone,
      otpCode: sms?.code,
      refOtpCode: sms?.ref,
      newPassword: "Other#789",
    });
    expect(replay.json().code).toBe("OTP_INVALID");
  });

  it("shows the demo SMS inbox in demo mode only", async () => {
    const phone = "0867890123";
    const { userName } = await signup({ phoneNumber: phone });
    await post("/api/users.forgot-password.otp", { userName, phoneNumber: phone });
    const inbox = await t.app.inject({ method: "GET", url: `/api/demo/sms-outbox?phoneNumber=${phone}` });
    expect(inbox.json().messages[0].body).toMatch(/^LOTTOUP: your code is \d{6}/);
    const production = await createTestApp({
      APP_MODE: "production",
      DATABASE_URL: "postgres://unused@127.0.0.1/unused",
      SESSION_SECRET: "p".repeat(40),
      DRAW_SEED_KEY: "d".repeat(40),
      ALLOWED_HOSTS: "localhost",
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: "https://127.0.0.1:9/unused",
      SMS_HTTP_TOKEN: "unused-token",
    });
    const res = await production.app.inject({
      method: "GET",
      url: `/api/demo/sms-outbox?phoneNumber=${phone}`,
    });
    expect(res.statusCode).toBe(404);
    await production.close();
  });

  it("gives the same answer for a name and phone that match no account, and sends nothing", async () => {
    const phone = "0934567890";
    const res = await post("/api/users.forgot-password.otp", {
      userName: uniqueName("ghost"),
      phoneNumber: phone,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ refOtpCode: expect.stringMatching(/^[A-Z0-9]{6}$/), expiresInSeconds: 300 });
    expect(await lastSms(phone)).toBeNull();
  });

  it("stops guessing: a code dies after 5 wrong tries", async () => {
    const phone = "0845678901";
    const { userName } = await signup({ phoneNumber: phone });
    await post("/api/users.forgot-password.otp", { userName, phoneNumber: phone });
    const sms = await lastSms(phone);
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(sms?.code) + 1 + i) % 1_000_000).padStart(6, "0");
      await post("/api/users.forgot-password", {
        userName,
        phoneNumber: phone,
        otpCode: guess,
        refOtpCode: sms?.ref,
        newPassword: "Fresh#789",
      });
    }
    const right = await post("/api/users.forgot-password", {
      userName,
      phoneNumber: phone,
      otpCode: sms?.code,
      refOtpCode: sms?.ref,
      newPassword: "Fresh#789",
    });
    expect(right.json().code).toBe("OTP_INVALID");
  });

  it("rate-limits code requests per phone number with a clear 429", async () => {
    const phone = "0856789012";
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await post("/api/users.forgot-password.otp", { userName: uniqueName("x"), phoneNumber: phone }))
          .statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await post("/api/users.forgot-password.otp", {
      userName: uniqueName("x"),
      phoneNumber: phone,
    });
    expect(res.json()).toEqual({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes/),
    });
  });
});
