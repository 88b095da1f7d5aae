import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, tokenOf } from "../../test/harness.ts";
import { createStaff } from "./createStaff.ts";
import { STAFF_LOGIN_FAILURES } from "./routes.ts";

let t: TestApp;
const PASS = "Staff#Pass1";
const tokens: Record<string, string> = {};

async function post(url: string, payload: unknown, token?: string) {
  return t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
async function get(url: string, token?: string) {
  return t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}
async function memberNamed(userName: string) {
  const res = await post("/api/users.signup", {
    userName,
    password: "Secret#123",
    phoneNumber: "0812345678",
  });
  return { uuid: res.json().userInfo.uuid as string, token: tokenOf(res) as string };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [userName, role] of [
    ["deskstaff1", "staff"],
    ["adminuser1", "administrator"],
    ["superuser1", "super_admin"],
  ] as const) {
    await createStaff(t.database.db, { userName, password: PASS, role });
    const login = await post("/api/staff/login", { userName, password: PASS });
    expect(login.statusCode).toBe(200);
    tokens[role] = tokenOf(login) as string;
  }
});
afterAll(async () => t.close());

describe("staff accounts", () => {
  it("refuses weak passwords, unknown roles and duplicates when created", async () => {
    await expect(
      createStaff(t.database.db, { userName: "weakstaff1", password: "weak", role: "staff" }),
    ).rejects.toThrow(/password/);
    await expect(
      createStaff(t.database.db, { userName: "rolestaff1", password: PASS, role: "owner" }),
    ).rejects.toThrow(/role/);
    await expect(
      createStaff(t.database.db, { userName: "deskstaff1", password: PASS, role: "staff" }),
    ).rejects.toThrow(/already exists/);
  });

  it("logs staff in with their own tokens; a member token is not a staff token", async () => {
    const member = await memberNamed("plainmember1");
    expect((await get("/api/staff/members", member.token)).statusCode).toBe(401);
    expect((await get("/api/staff/members")).statusCode).toBe(401);
    expect(
      (await post("/api/staff/login", { userName: "deskstaff1", password: "Wrong#Pass1" })).statusCode,
    ).toBe(401);
    // ...and a staff token is not a member token.
    expect((await post("/api/users.auth", {}, tokens.staff)).statusCode).toBe(401);
  });

  it("limits failed logins, not logins: ten wrong passwords lock the account for the window, the right one too", async () => {
    await createStaff(t.database.db, { userName: "guessme1", password: PASS, role: "staff" });
    // One address of its own, so the other tests' logins are not part of this count.
    const login = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/staff/login",
        payload: { userName: "guessme1", password },
        remoteAddress: "198.51.100.77",
      });
    // A member of staff who logs in all day is not guessing.
    for (let i = 0; i < 12; i++) expect((await login(PASS)).statusCode).toBe(200);
    for (let i = 0; i < STAFF_LOGIN_FAILURES.limit; i++)
      expect((await login(`Wrong#Pass${i}`)).statusCode).toBe(401);
    const locked = await login(PASS);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe("RATE_LIMITED");
  });

  it("lets every role search members", async () => {
    await memberNamed("searchable1");
    for (const role of ["staff", "administrator", "super_admin"]) {
      const res = await get("/api/staff/members?q=searchable", tokens[role]);
      expect(res.statusCode, role).toBe(200);
      expect(res.json().members.map((m: { userName: string }) => m.userName)).toEqual(["searchable1"]);
    }
  });

  it("unlocks a locked member, and writes who did it, before and after, to the audit log", async () => {
    const { uuid } = await memberNamed("lockedone1");
    for (let i = 0; i < 5; i++)
      await post("/api/users.login", { userName: "lockedone1", password: "Wrong#1234" });
    expect(
      (await post("/api/users.login", { userName: "lockedone1", password: "Secret#123" })).json().code,
    ).toBe("LOGIN_LOCKED");

    const res = await post("/api/staff/members.unlock", { uuid }, tokens.staff);
    expect(res.statusCode).toBe(200);
    expect(
      (await post("/api/users.login", { userName: "lockedone1", password: "Secret#123" })).statusCode,
    ).toBe(200);

    const rows = await t.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject", "=", `member:${uuid}`)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: expect.stringMatching(/^staff:\d+:deskstaff1$/),
      action: "member.unlock",
      before: { locked: true, failedLoginCount: 5 },
      after: { locked: false, failedLoginCount: 0 },
    });
  });

  it("lets only administrators and super admins set a status; suspension ends the member's sessions at once", async () => {
    const member = await memberNamed("statusone1");
    const denied = await post("/api/staff/members.status", { uuid: member.uuid, status: 1 }, tokens.staff);
    expect(denied.statusCode).toBe(403);
    expect((await post("/api/users.auth", {}, member.token)).statusCode).toBe(200);

    const ok = await post(
      "/api/staff/members.status",
      { uuid: member.uuid, status: 1 },
      tokens.administrator,
    );
    expect(ok.json()).toEqual({ ok: true, status: 1 });
    expect((await post("/api/users.auth", {}, member.token)).statusCode).toBe(401);
    expect(
      (await post("/api/users.login", { userName: "statusone1", password: "Secret#123" })).statusCode,
    ).toBe(403);

    expect(
      (await post("/api/staff/members.status", { uuid: member.uuid, status: 0 }, tokens.super_admin))
        .statusCode,
    ).toBe(200);
    expect(
      (await post("/api/users.login", { userName: "statusone1", password: "Secret#123" })).statusCode,
    ).toBe(200);
    expect(
      (await post("/api/staff/members.status", { uuid: member.uuid, status: 9 }, tokens.administrator))
        .statusCode,
    ).toBe(400);
  });

  it("keeps the audit log append-only, even for the database user", async () => {
    await expect(sql`update audit_log set actor = 'someone else'`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it("revokes a staff session on logout", async () => {
    const login = await post("/api/staff/login", { userName: "superuser1", password: PASS });
    const token = tokenOf(login) as string;
    expect((await post("/api/staff/logout", {}, token)).statusCode).toBe(200);
    expect((await get("/api/staff/members", token)).statusCode).toBe(401);
  });
});
