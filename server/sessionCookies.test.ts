import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  decodeSessionHint,
  MEMBER_SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_COOKIE_PATH,
} from "../src/domain/session.ts";
import { PUBLIC_STAFF_ENDPOINTS, STAFF_PERMISSIONS } from "./kernel/access.ts";
import { memberAccount, systemAccount, transfer } from "./ledger/ledger.ts";
import { SESSION_TTL_SECONDS } from "./modules/accounts/sessions.ts";
import { createStaff } from "./modules/staff/createStaff.ts";
import { createTestApp, type TestApp, tokenOf } from "./test/harness.ts";

/**
 * The tokens live in HttpOnly cookies the server sets and clears, and every change made with a cookie must come
 * from the site's own pages with the app's header (docs/security.md "Where the tokens live").
 */

const PIN = "Secret#123";
const FEED_SECRET = "test-bank-feed-secret-0123456789abcdef";
const HOST = "localhost:80";
const OWN = "http://localhost";
const APP = { [CSRF_HEADER]: CSRF_HEADER_VALUE, origin: OWN };

interface CookieLine {
  name: string;
  value: string;
  attributes: string[];
}

function setCookies(res: { headers: Record<string, unknown> }): CookieLine[] {
  const raw = res.headers["set-cookie"];
  const lines = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
  return lines.map((line: string) => {
    const [pair = "", ...attributes] = line.split(";").map((p) => p.trim());
    const eq = pair.indexOf("=");
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
  });
}

function cookieNamed(res: { headers: Record<string, unknown> }, name: string): CookieLine | undefined {
  return setCookies(res).find((c) => c.name === name);
}

/** Whether the answer expires the cookie (Max-Age=0, empty value). */
function clears(res: { headers: Record<string, unknown> }, name: string): boolean {
  const line = cookieNamed(res, name);
  return line !== undefined && line.value === "" && line.attributes.includes("Max-Age=0");
}

/** What a browser would send back: the member's cookies of a login answer. */
function browserCookies(res: { headers: Record<string, unknown> }): string {
  return setCookies(res)
    .filter((c) => c.value !== "")
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

let t: TestApp;
let seq = 0;

async function signup(name?: string) {
  seq += 1;
  const userName = `ck${Date.now().toString(36)}${seq}`.slice(0, 20);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users.signup",
    payload: { userName, password: PIN, phoneNumber: "0812345678" },
    headers: { host: HOST, ...APP },
  });
  expect(res.statusCode).toBe(201);
  const cookie = browserCookies(res);
  const uuid = res.json().userInfo.uuid as string;
  if (name) {
    const named = await send("POST", "/api/users-infos.update", cookie, { name, pin: PIN }, APP);
    expect(named.statusCode).toBe(200);
  }
  return { res, userName, uuid, cookie, token: tokenOf(res) as string };
}

function send(
  method: "GET" | "POST",
  url: string,
  cookie: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { host: HOST, ...(cookie ? { cookie } : {}), ...headers },
  });
}

beforeAll(async () => {
  t = await createTestApp({ BANK_FEED_SECRET: FEED_SECRET });
});
afterAll(async () => t.close());

describe("the member's session cookie", () => {
  it("login answers put the token only in an HttpOnly, SameSite=Strict cookie: no auth header, nothing in the body", async () => {
    const { res: signedUp, userName } = await signup();
    const login = await send("POST", "/api/users.login", undefined, { userName, password: PIN });
    for (const res of [signedUp, login]) {
      const token = tokenOf(res) as string;
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(res.headers.auth).toBeUndefined();
      expect(res.headers.authorization).toBeUndefined();
      expect(res.body).not.toContain(token);
      const session = cookieNamed(res, MEMBER_SESSION_COOKIE);
      expect(session?.attributes).toEqual([
        `Max-Age=${SESSION_TTL_SECONDS}`,
        "Path=/",
        "HttpOnly",
        "SameSite=Strict",
      ]);
      // The hint a script may read: who and until when, never the token.
      const hint = cookieNamed(res, SESSION_HINT_COOKIE);
      expect(hint?.attributes).toEqual([`Max-Age=${SESSION_TTL_SECONDS}`, "Path=/", "SameSite=Strict"]);
      expect(hint?.value).not.toContain(token);
      expect(decodeSessionHint(hint?.value)).toMatchObject({
        uuid: res.json().userInfo.uuid,
        status: 0,
        exp: expect.any(Number),
      });
    }
    // Two logins, two hints: the app tells an answer to an earlier session from one to the current session.
    expect(cookieNamed(signedUp, SESSION_HINT_COOKIE)?.value).not.toBe(
      cookieNamed(login, SESSION_HINT_COOKIE)?.value,
    );
    // The cookie alone authenticates (the browser sends it); reads need nothing else.
    const info = await send("GET", "/api/users-infos", browserCookies(login));
    expect(info.statusCode).toBe(200);
    expect(info.json().userName).toBe(userName);
  });

  it("is Secure over https, and X-Forwarded-Proto counts only from a TRUST_PROXY proxy", async () => {
    const { userName } = await signup();
    // Here no proxy is trusted: the header from any peer changes nothing.
    const forged = await send(
      "POST",
      "/api/users.login",
      undefined,
      { userName, password: PIN },
      { "x-forwarded-proto": "https" },
    );
    expect(cookieNamed(forged, MEMBER_SESSION_COOKIE)?.attributes).not.toContain("Secure");
    const behindProxy = await createTestApp({ TRUST_PROXY: "loopback" });
    try {
      const res = await behindProxy.app.inject({
        method: "POST",
        url: "/api/users.signup",
        payload: { userName: "ckproxy01", password: PIN, phoneNumber: "0812345678" },
        headers: { "x-forwarded-proto": "https" },
      });
      expect(res.statusCode).toBe(201);
      expect(cookieNamed(res, MEMBER_SESSION_COOKIE)?.attributes).toContain("Secure");
      expect(cookieNamed(res, SESSION_HINT_COOKIE)?.attributes).toContain("Secure");
    } finally {
      await behindProxy.close();
    }
  });

  it("logout clears both cookies, and the token is refused after", async () => {
    const { cookie } = await signup();
    const out = await send("POST", "/api/users.logout", cookie, {}, APP);
    expect(out.statusCode).toBe(200);
    expect(clears(out, MEMBER_SESSION_COOKIE)).toBe(true);
    expect(clears(out, SESSION_HINT_COOKIE)).toBe(true);
    expect(cookieNamed(out, MEMBER_SESSION_COOKIE)?.attributes).toContain("HttpOnly");
    const after = await send("GET", "/api/users-infos", cookie);
    expect(after.statusCode).toBe(401);
    // A dead cookie is cleared by the answer that refuses it.
    expect(clears(after, MEMBER_SESSION_COOKIE)).toBe(true);
    expect(clears(after, SESSION_HINT_COOKIE)).toBe(true);
  });

  it("a session ended elsewhere (PIN change with sign-out, suspension) is cleared by its next answer", async () => {
    const { userName, uuid, cookie: laptop } = await signup();
    const phone = browserCookies(
      await send("POST", "/api/users.login", undefined, { userName, password: PIN }),
    );
    const changed = await send(
      "POST",
      "/api/users.change-password",
      laptop,
      { oldPassword: PIN, newPassword: "Better#456", signOutOthers: true },
      APP,
    );
    expect(changed.json()).toEqual({ ok: true, signedOut: 1 });
    // The browser that changed the PIN keeps its session; the other one is told it ended.
    expect(setCookies(changed)).toEqual([]);
    const onPhone = await send("GET", "/api/cashs", phone);
    expect(onPhone.statusCode).toBe(401);
    expect(clears(onPhone, MEMBER_SESSION_COOKIE)).toBe(true);
    expect((await send("GET", "/api/cashs", laptop)).statusCode).toBe(200);

    await t.database.db.updateTable("members").set({ status: 1 }).where("uuid", "=", uuid).execute();
    const suspended = await send("GET", "/api/cashs", laptop);
    expect(suspended.statusCode).toBe(401);
    expect(clears(suspended, MEMBER_SESSION_COOKIE)).toBe(true);
    expect(clears(suspended, SESSION_HINT_COOKIE)).toBe(true);
  });

  it("a PIN reset with the SMS code ends the session of the browser that made it", async () => {
    const { userName, cookie } = await signup();
    const { refOtpCode } = (
      await send(
        "POST",
        "/api/users.forgot-password.otp",
        cookie,
        { userName, phoneNumber: "0812345678" },
        APP,
      )
    ).json();
    const sms = await t.database.db
      .selectFrom("sms_outbox")
      .select("body")
      .where("phone_number", "=", "0812345678")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const otpCode = /code is (\d{6})/.exec(sms.body)?.[1];
    const reset = await send(
      "POST",
      "/api/users.forgot-password",
      cookie,
      { userName, phoneNumber: "0812345678", otpCode, refOtpCode, newPassword: "Fresh#789" },
      APP,
    );
    expect(reset.statusCode).toBe(200);
    expect(clears(reset, MEMBER_SESSION_COOKIE)).toBe(true);
    // Someone else's reset made from a logged-in browser leaves that browser's session alone.
    const other = await signup();
    const bystander = await send(
      "POST",
      "/api/users.forgot-password",
      other.cookie,
      { userName, phoneNumber: "0812345678", otpCode: "000000", refOtpCode, newPassword: "Fresh#789" },
      APP,
    );
    expect(bystander.statusCode).toBe(400);
    expect(setCookies(bystander)).toEqual([]);
  });

  it("a request with Authorization is authenticated by it alone: the cookie beside it is never used", async () => {
    const a = await signup();
    const b = await signup();
    const junk = await send("GET", "/api/users-infos", a.cookie, undefined, { authorization: "Bearer junk" });
    expect(junk.statusCode).toBe(401);
    // The refusal was of the header, so the browser's cookie is not cleared.
    expect(setCookies(junk)).toEqual([]);
    const asB = await send("GET", "/api/users-infos", a.cookie, undefined, {
      authorization: `Bearer ${b.token}`,
    });
    expect(asB.json().uuid).toBe(b.uuid);
    // No browser sends another site's Authorization header, so a Bearer change needs no CSRF header.
    const bearerChange = await send(
      "POST",
      "/api/users-infos.update",
      a.cookie,
      { email: "b@example.com" },
      { authorization: `Bearer ${b.token}` },
    );
    expect(bearerChange.statusCode).toBe(200);
  });
});

describe("cross-site request forgery", () => {
  async function fundedMemberWithBank() {
    const m = await signup("Somchai Jaidee");
    const db = t.database.db;
    const row = await db
      .selectFrom("members")
      .select("id")
      .where("uuid", "=", m.uuid)
      .executeTakeFirstOrThrow();
    await transfer(db, {
      debitAccountId: await systemAccount(db, "clearing:deposit:test", "clearing"),
      creditAccountId: await memberAccount(db, row.id, "member_cash"),
      amount: 100_000n,
      type: "DEPOSIT",
      reference: "t",
      idempotencyKey: randomBytes(8).toString("hex"),
    });
    const bank = await send(
      "POST",
      "/api/users-banks.create",
      m.cookie,
      { pin: PIN, bankCode: "kbank", bankAccountNumber: `12${String(seq).padStart(8, "0")}` },
      APP,
    );
    expect(bank.json().status).toBe("verified");
    return { ...m, bankId: bank.json().id as string };
  }

  /** Every way another site's page (or a forged request) could send the member's cookie. */
  const FORGED: Record<string, Record<string, string>> = {
    "no app header, no origin": {},
    "no app header, own origin": { origin: OWN },
    "app header, another site's origin": { [CSRF_HEADER]: CSRF_HEADER_VALUE, origin: "https://evil.example" },
    "app header, a look-alike port": { [CSRF_HEADER]: CSRF_HEADER_VALUE, origin: "http://localhost:8081" },
    "app header, origin null": { [CSRF_HEADER]: CSRF_HEADER_VALUE, origin: "null" },
    "app header, no origin, cross-site fetch": {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      "sec-fetch-site": "cross-site",
    },
    "app header, no origin, a sibling subdomain": {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      "sec-fetch-site": "same-site",
    },
    "app header, no origin, another site's referer": {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      referer: "https://evil.example/page",
    },
    "app header, nothing saying where from": { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    "another value of the header": { [CSRF_HEADER]: "XMLHttpRequest", origin: OWN },
  };

  it("refuses a cookie-authenticated withdrawal or name change without the app's header and origin, and nothing changes", async () => {
    const m = await fundedMemberWithBank();
    const withdrawal = () => ({ bankId: m.bankId, amount: "100", idempotencyKey: randomUUID() });
    for (const [why, headers] of Object.entries(FORGED)) {
      const w = await send("POST", "/api/withdrawals.create", m.cookie, withdrawal(), headers);
      expect(w.statusCode, why).toBe(403);
      expect(w.json(), why).toEqual({
        code: "CSRF_REFUSED",
        message: "This request did not come from this site's own pages.",
      });
      const rename = await send(
        "POST",
        "/api/users-infos.update",
        m.cookie,
        { name: "Thief Name", pin: PIN },
        headers,
      );
      expect(rename.statusCode, why).toBe(403);
    }
    const member = await t.database.db
      .selectFrom("members")
      .select(["id", "name", "failed_login_count"])
      .where("uuid", "=", m.uuid)
      .executeTakeFirstOrThrow();
    expect(member.name).toBe("Somchai Jaidee");
    // Refused before the route ran: not even the PIN was checked (no attempt counted).
    expect(member.failed_login_count).toBe(0);
    const withdrawals = await t.database.db
      .selectFrom("withdrawals")
      .select("id")
      .where("member_id", "=", member.id)
      .execute();
    expect(withdrawals).toEqual([]);
    expect((await send("GET", "/api/cashs", m.cookie)).json()).toEqual({ money: "1000.00" });

    // The app's own requests: the header and its origin (or, without Origin, Sec-Fetch-Site or Referer).
    const w = await send("POST", "/api/withdrawals.create", m.cookie, withdrawal(), APP);
    expect(w.statusCode).toBe(201);
    expect((await send("GET", "/api/cashs", m.cookie)).json()).toEqual({ money: "900.00" });
    const renamed = await send(
      "POST",
      "/api/users-infos.update",
      m.cookie,
      { email: "m@example.com" },
      {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        "sec-fetch-site": "same-origin",
      },
    );
    expect(renamed.statusCode).toBe(200);
    const byReferer = await send(
      "POST",
      "/api/users-infos.update",
      m.cookie,
      { email: "n@example.com" },
      {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        referer: `${OWN}/profile/edit`,
      },
    );
    expect(byReferer.statusCode).toBe(200);
  });

  it("refuses a login, sign-up or PIN-reset request another site's page makes, logged in or not", async () => {
    const { userName } = await signup();
    const evil = { origin: "https://evil.example" };
    const login = await send("POST", "/api/users.login", undefined, { userName, password: PIN }, evil);
    expect(login.statusCode).toBe(403);
    expect(setCookies(login)).toEqual([]);
    const signupRes = await send(
      "POST",
      "/api/users.signup",
      undefined,
      { userName: `${userName}x`.slice(0, 20), password: PIN, phoneNumber: "0812345678" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(signupRes.statusCode).toBe(403);
    const otp = await send(
      "POST",
      "/api/users.forgot-password.otp",
      undefined,
      { userName, phoneNumber: "0812345678" },
      evil,
    );
    expect(otp.json().code).toBe("CSRF_REFUSED");
  });

  it("still takes the signed bank statement webhook, which carries no cookie and no app header", async () => {
    const body = JSON.stringify({
      lines: [
        {
          externalId: `csrf-${randomUUID()}`,
          bankCode: "kbank",
          accountNumber: "0000000001",
          amount: "100.01",
          occurredAt: new Date().toISOString(),
        },
      ],
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/bank-feed/statements",
      payload: body,
      headers: {
        host: HOST,
        "content-type": "application/json",
        "x-timestamp": timestamp,
        "x-signature": `sha256=${createHmac("sha256", FEED_SECRET).update(`${timestamp}.${body}`).digest("hex")}`,
      },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("the back office's session cookie", () => {
  it("every staff endpoint is under the cookie's path", () => {
    const endpoints = [
      ...PUBLIC_STAFF_ENDPOINTS,
      ...Object.values(STAFF_PERMISSIONS).flatMap((p) => p.endpoints as readonly string[]),
    ];
    expect(endpoints.length).toBeGreaterThan(20);
    for (const endpoint of endpoints) expect(endpoint.split(" ")[1]).toMatch(/^\/api\/staff\//);
    expect(STAFF_SESSION_COOKIE_PATH).toBe("/api/staff");
  });

  it("the login puts the token only in an HttpOnly cookie for the staff API, for this browser session", async () => {
    await createStaff(t.database.db, {
      userName: "cookiedesk",
      password: "Staff#Pass1",
      role: "administrator",
    });
    const login = await send("POST", "/api/staff/login", undefined, {
      userName: "cookiedesk",
      password: "Staff#Pass1",
    });
    expect(login.statusCode).toBe(200);
    const token = tokenOf(login) as string;
    expect(token).toBeTruthy();
    expect(login.headers.auth).toBeUndefined();
    expect(login.body).not.toContain(token);
    expect(login.json()).toEqual({ userName: "cookiedesk", role: "administrator" });
    // No Max-Age: it goes with the browser; the server ends it after 8 hours or 30 idle minutes anyway.
    expect(cookieNamed(login, STAFF_SESSION_COOKIE)?.attributes).toEqual([
      "Path=/api/staff",
      "HttpOnly",
      "SameSite=Strict",
    ]);
    const staffCookie = browserCookies(login);
    expect((await send("GET", "/api/staff/members?q=ck", staffCookie)).statusCode).toBe(200);

    // A change with the staff cookie needs the app's header and origin like a member's.
    const member = await signup();
    const suspend = { uuid: member.uuid, status: 2 };
    const forged = await send("POST", "/api/staff/members.status", staffCookie, suspend, {
      origin: "https://evil.example",
    });
    expect(forged.statusCode).toBe(403);
    const noHeader = await send("POST", "/api/staff/members.status", staffCookie, suspend, { origin: OWN });
    expect(noHeader.statusCode).toBe(403);
    const unchanged = await t.database.db
      .selectFrom("members")
      .select("status")
      .where("uuid", "=", member.uuid)
      .executeTakeFirstOrThrow();
    expect(unchanged.status).toBe(0);
    expect((await send("POST", "/api/staff/members.status", staffCookie, suspend, APP)).statusCode).toBe(200);

    // The member's cookie never opens the staff API, and a refused staff request leaves it alone.
    const asMember = await send("GET", "/api/staff/members", member.cookie);
    expect(asMember.statusCode).toBe(401);
    expect(setCookies(asMember)).toEqual([]);

    const out = await send("POST", "/api/staff/logout", staffCookie, {}, APP);
    expect(out.statusCode).toBe(200);
    expect(clears(out, STAFF_SESSION_COOKIE)).toBe(true);
    expect(cookieNamed(out, STAFF_SESSION_COOKIE)?.attributes).toContain("Path=/api/staff");
    const after = await send("GET", "/api/staff/members", staffCookie);
    expect(after.statusCode).toBe(401);
    expect(clears(after, STAFF_SESSION_COOKIE)).toBe(true);
    expect(cookieNamed(after, MEMBER_SESSION_COOKIE)).toBeUndefined();
  });
});
