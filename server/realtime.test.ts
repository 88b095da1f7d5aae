import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDeps, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { memberAccount, reserve, systemAccount, transfer } from "./ledger/ledger.ts";
import { openTestDatabase } from "./test/harness.ts";

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

function openSocket(base: string, token?: string): Socket {
  return connect(base, {
    path: "/ccu",
    query: token === undefined ? {} : { token },
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
  return { id: row.id, token: res.headers.auth as string };
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

  it("are closed by the sweep (here: a PIN change that signs the other devices out)", async () => {
    const { token: phoneToken } = await signup(server, "sweepmember1");
    const login = await server.inject({
      method: "POST",
      url: "/api/users.login",
      payload: { userName: "sweepmember1", password: "Secret#123" },
    });
    const laptopToken = login.headers.auth as string;
    const phone = openSocket(server.base, phoneToken);
    expect(await connectResult(phone)).toBe("connected");
    const closed = new Promise((resolve) => phone.on("disconnect", resolve));

    await server.inject({
      method: "POST",
      url: "/api/users.change-password",
      headers: { authorization: `Bearer ${laptopToken}` },
      payload: { oldPassword: "Secret#123", newPassword: "Better#456", signOutOthers: true },
    });
    expect(await closed).toBe("io server disconnect");
  });
});
