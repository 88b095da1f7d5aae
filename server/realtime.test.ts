import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Database } from "./db/database.ts";
import { memberAccount, reserve, systemAccount, transfer } from "./ledger/ledger.ts";
import { openTestDatabase } from "./test/harness.ts";

function connectResult(socket: Socket): Promise<"connected" | string> {
  return new Promise((resolve) => {
    socket.on("connect", () => resolve("connected"));
    socket.on("connect_error", (err) => resolve(err.message));
  });
}

describe("socket.io at /ccu", () => {
  let database: Database;
  let close: () => Promise<void>;
  let base: string;
  let emitToMember: (uuid: string) => void;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { app, io } = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "./.none" }),
      database,
      verifyToken: async (token) =>
        token === "valid-token" ? { uuid: "member-uuid-1", sessionId: "s-1" } : null,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    emitToMember = (uuid) => io.to(uuid).emit("money-update", { balance: "123.45" });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close());

  it("refuses a connection without a token, or with one the server does not know", async () => {
    for (const query of [{}, { token: "forged" }]) {
      const socket = connect(base, { path: "/ccu", query, transports: ["websocket"], reconnection: false });
      expect(await connectResult(socket)).toBe("unauthorized");
      socket.close();
    }
  });

  it("puts a member in the room of their uuid and delivers money-update there only", async () => {
    const socket = connect(base, {
      path: "/ccu",
      query: { token: "valid-token" },
      transports: ["websocket"],
      reconnection: false,
    });
    expect(await connectResult(socket)).toBe("connected");
    const received = new Promise((resolve) => socket.on("money-update", resolve));
    emitToMember("someone-else");
    emitToMember("member-uuid-1");
    expect(await received).toEqual({ balance: "123.45" });
    socket.close();
  });
});

describe("socket.io at /ccu with member sessions", () => {
  let database: Database;
  let close: () => Promise<void>;
  let base: string;
  let inject: Awaited<ReturnType<typeof buildApp>>["app"]["inject"];

  beforeAll(async () => {
    database = await openTestDatabase();
    const { app } = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "./.none" }),
      database,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    inject = app.inject.bind(app);
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close());

  it("accepts a member's access token and refuses it once they log out", async () => {
    const signup = await inject({
      method: "POST",
      url: "/api/users.signup",
      payload: { userName: "socketmember1", password: "Secret#123", phoneNumber: "0812345678" },
    });
    const token = signup.headers.auth as string;
    const first = connect(base, {
      path: "/ccu",
      query: { token },
      transports: ["websocket"],
      reconnection: false,
    });
    expect(await connectResult(first)).toBe("connected");
    first.close();

    await inject({ method: "POST", url: "/api/users.logout", headers: { authorization: `Bearer ${token}` } });
    const second = connect(base, {
      path: "/ccu",
      query: { token },
      transports: ["websocket"],
      reconnection: false,
    });
    expect(await connectResult(second)).toBe("unauthorized");
    second.close();
  });
});

describe("money-update after ledger changes", () => {
  let database: Database;
  let close: () => Promise<void>;
  let base: string;
  let inject: Awaited<ReturnType<typeof buildApp>>["app"]["inject"];

  beforeAll(async () => {
    database = await openTestDatabase();
    const { app } = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "./.none" }),
      database,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    inject = app.inject.bind(app);
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close());

  it("sends the member their new available balance after each committed change, and nothing to others", async () => {
    const signup = async (userName: string) => {
      const res = await inject({
        method: "POST",
        url: "/api/users.signup",
        payload: { userName, password: "Secret#123", phoneNumber: "0812345678" },
      });
      const row = await database.db
        .selectFrom("members")
        .select("id")
        .where("uuid", "=", res.json().userInfo.uuid)
        .executeTakeFirstOrThrow();
      return { id: row.id, token: res.headers.auth as string };
    };
    const a = await signup("moneyupdate1");
    const b = await signup("moneyupdate2");
    const socketA = connect(base, {
      path: "/ccu",
      query: { token: a.token },
      transports: ["websocket"],
      reconnection: false,
    });
    const socketB = connect(base, {
      path: "/ccu",
      query: { token: b.token },
      transports: ["websocket"],
      reconnection: false,
    });
    expect(await connectResult(socketA)).toBe("connected");
    expect(await connectResult(socketB)).toBe("connected");
    const seenA: unknown[] = [];
    const seenB: unknown[] = [];
    socketA.on("money-update", (m) => seenA.push(m));
    socketB.on("money-update", (m) => seenB.push(m));

    const db = database.db;
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
  let database: Database;
  let close: () => Promise<void>;
  let base: string;
  let inject: Awaited<ReturnType<typeof buildApp>>["app"]["inject"];

  beforeAll(async () => {
    database = await openTestDatabase();
    const { app } = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "./.none" }),
      database,
      sessionSweepMs: 100,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    inject = app.inject.bind(app);
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close());

  it("are closed by the sweep (here: a PIN change that signs the other devices out)", async () => {
    const signup = await inject({
      method: "POST",
      url: "/api/users.signup",
      payload: { userName: "sweepmember1", password: "Secret#123", phoneNumber: "0812345678" },
    });
    const phoneToken = signup.headers.auth as string;
    const login = await inject({
      method: "POST",
      url: "/api/users.login",
      payload: { userName: "sweepmember1", password: "Secret#123" },
    });
    const laptopToken = login.headers.auth as string;
    const phone = connect(base, {
      path: "/ccu",
      query: { token: phoneToken },
      transports: ["websocket"],
      reconnection: false,
    });
    expect(await connectResult(phone)).toBe("connected");
    const closed = new Promise((resolve) => phone.on("disconnect", resolve));

    await inject({
      method: "POST",
      url: "/api/users.change-password",
      headers: { authorization: `Bearer ${laptopToken}` },
      payload: { oldPassword: "Secret#123", newPassword: "Better#456", signOutOthers: true },
    });
    expect(await closed).toBe("io server disconnect");
  });
});
