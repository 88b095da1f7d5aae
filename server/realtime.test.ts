import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDeps, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { memberAccount, reserve, systemAccount, transfer } from "./ledger/ledger.ts";
import { SESSION_IDLE_SECONDS } from "./modules/accounts/sessions.ts";
import { createStaff } from "./modules/staff/createStaff.ts";
import { openTestDatabase, tokenOf } from "./test/harness.ts";

/** The real server listening on a free port, on a fresh database, for one describe block. */
function listeningServer(options: Pick<AppDeps, "verifyToken" | "sessionSweepMs"> = {}) {
  const server = {} as {
    base: string;
    database: Awaited<ReturnType<typeof openTestDatabase>>;
    inject: Awaited<ReturnType<typeof buildApp>>["app"]["inject"];
    io: Awaited<ReturnType<typeof buildApp>>["io"];
  };
  let close = async () => {};
  beforeAll(async () => {
    const database = await openTestDatabase();
    const { app, io } = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "./.none" }),
      database,
      ...options,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    Object.assign(server, {
      base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      database,
      inject: app.inject.bind(app),
      io,
    });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close());
  return server;
}

function openSocket(base: string, token?: string, where: "auth" | "query" = "auth"): Socket {
  return connect(base, {
    path: "/ccu",
    [where]: token === undefined ? {} : { token },
    transports: ["websocket"],
    reconnection: false,
  });
}

/** A browser's socket: no auth payload; the handshake carries the page's Origin and the session cookie. */
function browserSocket(base: string, headers: { cookie?: string; origin?: string }): Socket {
  return connect(base, {
    path: "/ccu",
    extraHeaders: headers as Record<string, string>,
    transports: ["websocket"],
    reconnection: false,
  });
}

function connectResult(socket: Socket): Promise<"connected" | string> {
  return new Promise((resolve) => {
    socket.on("connect", () => resolve("connected"));
    socket.on("connect_error", (err) => resolve(err.message));
  });
}

async function signup(server: ReturnType<typeof listeningServer>, userName: string) {
  const res = await server.inject({
    method: "POST",
    url: "/api/users.signup",
    payload: { userName, password: "Secret#123", phoneNumber: "0812345678" },
  });
  const row = await server.database.db
    .selectFrom("members")
    .select("id")
    .where("uuid", "=", res.json().userInfo.uuid)
    .executeTakeFirstOrThrow();
  return { id: row.id, token: tokenOf(res) as string };
}

describe("socket.io at /ccu", () => {
  const server = listeningServer({
    verifyToken: async (token) =>
      token === "valid-token" ? { uuid: "member-uuid-1", sessionId: "s-1" } : null,
  });
  const emitToMember = (uuid: string) => server.io.to(uuid).emit("money-update", { balance: "123.45" });

  it("refuses a connection without a token, or with one the server does not know", async () => {
    for (const token of [undefined, "forged"]) {
      const socket = openSocket(server.base, token);
      expect(await connectResult(socket)).toBe("unauthorized");
      socket.close();
    }
  });

  it("takes the token from the handshake's auth only, never from the URL (where logs would keep it)", async () => {
    const inQuery = openSocket(server.base, "valid-token", "query");
    expect(await connectResult(inQuery)).toBe("unauthorized");
    inQuery.close();
    const inAuth = openSocket(server.base, "valid-token", "auth");
    expect(await connectResult(inAuth)).toBe("connected");
    inAuth.close();
  });

  it("takes a browser's session from the handshake's cookie and puts it in the member's room", async () => {
    const socket = browserSocket(server.base, {
      cookie: "other=1; accessToken=valid-token",
      origin: server.base,
    });
    expect(await connectResult(socket)).toBe("connected");
    const received = new Promise((resolve) => socket.on("money-update", resolve));
    emitToMember("member-uuid-1");
    expect(await received).toEqual({ balance: "123.45" });
    socket.close();
    const forged = browserSocket(server.base, { cookie: "accessToken=forged", origin: server.base });
    expect(await connectResult(forged)).toBe("unauthorized");
    forged.close();
  });

  it("refuses a handshake from another site's page, cookie or not (cross-site WebSocket hijacking)", async () => {
    const port = new URL(server.base).port;
    for (const origin of ["https://evil.example", `http://127.0.0.1:${Number(port) + 1}`, "null"]) {
      const socket = browserSocket(server.base, { cookie: "accessToken=valid-token", origin });
      expect(await connectResult(socket), origin).not.toBe("connected");
      socket.close();
    }
    // The same cookie from the site's own page gets in: the Origin alone made the difference.
    const own = browserSocket(server.base, { cookie: "accessToken=valid-token", origin: server.base });
    expect(await connectResult(own)).toBe("connected");
    own.close();
    const withToken = openSocket(server.base, "valid-token");
    expect(await connectResult(withToken)).toBe("connected");
    withToken.close();
  });

  it("puts a member in the room of their uuid and delivers money-update there only", async () => {
    const socket = openSocket(server.base, "valid-token");
    expect(await connectResult(socket)).toBe("connected");
    const received = new Promise((resolve) => socket.on("money-update", resolve));
    emitToMember("someone-else");
    emitToMember("member-uuid-1");
    expect(await received).toEqual({ balance: "123.45" });
    socket.close();
  });
});

describe("socket.io at /ccu with member sessions", () => {
  const server = listeningServer();

  it("accepts a member's access token, closes the connection at logout and refuses the token after", async () => {
    const { token } = await signup(server, "socketmember1");
    const first = openSocket(server.base, token);
    expect(await connectResult(first)).toBe("connected");
    const disconnected = new Promise((resolve) => first.on("disconnect", resolve));

    await server.inject({
      method: "POST",
      url: "/api/users.logout",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await disconnected).toBe("io server disconnect");
    const second = openSocket(server.base, token);
    expect(await connectResult(second)).toBe("unauthorized");
    second.close();
  });

  it("joins a browser to its member's room by the session cookie; the browser's logout closes it", async () => {
    const { id, token } = await signup(server, "socketcookie1");
    const cookie = `accessToken=${token}`;
    const socket = browserSocket(server.base, { cookie, origin: server.base });
    expect(await connectResult(socket)).toBe("connected");
    const { uuid } = await server.database.db
      .selectFrom("members")
      .select("uuid")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const received = new Promise((resolve) => socket.on("money-update", resolve));
    server.io.to(uuid).emit("money-update", { balance: "7.00" });
    expect(await received).toEqual({ balance: "7.00" });

    const disconnected = new Promise((resolve) => socket.on("disconnect", resolve));
    const out = await server.inject({
      method: "POST",
      url: "/api/users.logout",
      payload: {},
      headers: {
        host: new URL(server.base).host,
        origin: server.base,
        "x-requested-with": "lottoup",
        cookie,
      },
    });
    expect(out.statusCode).toBe(200);
    expect(await disconnected).toBe("io server disconnect");
    const again = browserSocket(server.base, { cookie, origin: server.base });
    expect(await connectResult(again)).toBe("unauthorized");
    again.close();
  });
});

describe("sockets of locked and suspended members", () => {
  // The sweep runs once an hour here: a disconnection seen in the test came from the lock or suspension itself.
  const server = listeningServer({ sessionSweepMs: 60 * 60 * 1000 });

  it("are closed at once when five wrong PINs lock the account, and its token stays refused", async () => {
    const { token } = await signup(server, "socketlock01");
    const socket = openSocket(server.base, token);
    expect(await connectResult(socket)).toBe("connected");
    const closed = new Promise((resolve) => socket.on("disconnect", resolve));
    for (let i = 0; i < 5; i++) {
      await server.inject({
        method: "POST",
        url: "/api/users.login",
        payload: { userName: "socketlock01", password: "Wrong#1234" },
      });
    }
    expect(await closed).toBe("io server disconnect");
    await server.database.db
      .updateTable("members")
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where("user_name", "=", "socketlock01")
      .execute();
    // The lock has ended, but the token from before it does not come back to life.
    const again = openSocket(server.base, token);
    expect(await connectResult(again)).toBe("unauthorized");
    again.close();
  }, 120_000);

  it("are closed at once when staff suspend the member", async () => {
    const member = await signup(server, "socketsusp01");
    const uuid = (
      await server.database.db
        .selectFrom("members")
        .select("uuid")
        .where("id", "=", member.id)
        .executeTakeFirstOrThrow()
    ).uuid;
    await createStaff(server.database.db, {
      userName: "suspadmin1",
      password: "Staff#Pass1",
      role: "administrator",
    });
    const staff = await server.inject({
      method: "POST",
      url: "/api/staff/login",
      payload: { userName: "suspadmin1", password: "Staff#Pass1" },
    });
    const socket = openSocket(server.base, member.token);
    expect(await connectResult(socket)).toBe("connected");
    const closed = new Promise((resolve) => socket.on("disconnect", resolve));
    const suspend = await server.inject({
      method: "POST",
      url: "/api/staff/members.status",
      headers: { authorization: `Bearer ${tokenOf(staff)}` },
      payload: { uuid, status: 1 },
    });
    expect(suspend.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
  }, 120_000);
});

describe("money-update after ledger changes", () => {
  const server = listeningServer();

  it("sends the member their new available balance after each committed change, and nothing to others", async () => {
    const a = await signup(server, "moneyupdate1");
    const b = await signup(server, "moneyupdate2");
    const socketA = openSocket(server.base, a.token);
    const socketB = openSocket(server.base, b.token);
    expect(await connectResult(socketA)).toBe("connected");
    expect(await connectResult(socketB)).toBe("connected");
    const seenA: unknown[] = [];
    const seenB: unknown[] = [];
    socketA.on("money-update", (m) => seenA.push(m));
    socketB.on("money-update", (m) => seenB.push(m));

    const db = server.database.db;
    const wallet = await memberAccount(db, a.id, "member_cash");
    const clearing = await systemAccount(db, "clearing:deposit:test", "clearing");
    await transfer(db, {
      debitAccountId: clearing,
      creditAccountId: wallet,
      amount: 10_037n,
      type: "DEPOSIT",
      reference: "t",
      idempotencyKey: "mu-1",
    });
    const payout = await systemAccount(db, "clearing:withdraw", "clearing");
    await reserve(db, {
      debitAccountId: wallet,
      creditAccountId: payout,
      amount: 37n,
      type: "WITHDRAW",
      reference: "w",
      idempotencyKey: "mu-2",
    });

    await expect.poll(() => seenA.length).toBe(2);
    expect(seenA).toEqual([{ balance: "100.37" }, { balance: "100.00" }]);
    expect(seenB).toEqual([]);
    socketA.close();
    socketB.close();
  });
});

describe("sockets of sessions revoked elsewhere", () => {
  const server = listeningServer({ sessionSweepMs: 100 });

  it("are closed by the sweep (here: a revocation written straight to the database, as another tool would)", async () => {
    const { id, token } = await signup(server, "sweepmember1");
    const phone = openSocket(server.base, token);
    expect(await connectResult(phone)).toBe("connected");
    const closed = new Promise((resolve) => phone.on("disconnect", resolve));

    // Nothing announces this revocation: only the sweep can notice it.
    await server.database.db
      .updateTable("sessions")
      .set({ revoked_at: new Date() })
      .where("member_id", "=", id)
      .execute();
    expect(await closed).toBe("io server disconnect");
  });

  it("are closed by the sweep when the session has gone unused past the idle limit", async () => {
    const { id, token } = await signup(server, "sweepidle01");
    const socket = openSocket(server.base, token);
    expect(await connectResult(socket)).toBe("connected");
    const closed = new Promise((resolve) => socket.on("disconnect", resolve));
    await server.database.db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - (SESSION_IDLE_SECONDS + 60) * 1000) })
      .where("member_id", "=", id)
      .execute();
    expect(await closed).toBe("io server disconnect");
  });
});
