import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import {
  createServer,
  type Server as NetServer,
  type Socket as NetSocket,
  connect as netConnect,
} from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { accountBalance, memberAccount, systemAccount, transfer } from "./ledger/ledger.ts";
import { openTestDatabase, tokenOf } from "./test/harness.ts";
import { makeRound } from "./test/yings.ts";

/**
 * socket.io across server processes through Redis (REDIS_URL). Each server here is a whole app with its own
 * HTTP listener, its own socket.io and its own pair of Redis connections, so a message from one to the other
 * travels through the real Redis exactly as between two processes. They share the database (as processes
 * do) through separate database handles, so a ledger change made through server A is announced by A alone.
 * Skipped without REDIS_URL; each run uses its own channel prefix so parallel runs never hear each other.
 */

const redisUrl = process.env.REDIS_URL;

interface Listening extends App {
  base: string;
  database: Database;
  close(): Promise<void>;
}

/** Never sweeps during a test: what closes a socket at logout here must be the logout itself. */
const NO_SWEEP_MS = 3_600_000;

async function listen(database: Database, url: string, key: string): Promise<Listening> {
  const built = await buildApp({
    config: loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "./.none", REDIS_URL: url }),
    database,
    realtimeRedisKey: key,
    sessionSweepMs: NO_SWEEP_MS,
  });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  return {
    ...built,
    base: `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`,
    database,
    close: () => built.app.close(),
  };
}

/** A second handle on the same data, as another process has: its own pool on PostgreSQL, its own Kysely on PGlite. */
async function secondHandle(database: Database): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (database.engine === "postgresql" && databaseUrl) {
    return openDatabase({ databaseUrl, schema: database.schema, poolSize: 10 });
  }
  // PGlite is one session in this process; a distinct Kysely instance has its own cash listeners.
  return { ...database, db: database.db.withoutPlugins(), close: async () => {} };
}

function openSocket(base: string, token: string): Socket {
  return connect(base, {
    path: "/ccu",
    auth: { token },
    transports: ["websocket"],
    reconnection: false,
  });
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });
}

async function signup(server: Listening, userName: string) {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/users.signup",
    payload: { userName, password: "Secret#123", phoneNumber: "0812345678" },
  });
  expect(res.statusCode).toBe(201);
  const row = await server.database.db
    .selectFrom("members")
    .select("id")
    .where("uuid", "=", res.json().userInfo.uuid)
    .executeTakeFirstOrThrow();
  return { id: row.id, token: tokenOf(res) as string };
}

async function login(server: Listening, userName: string): Promise<string> {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/users.login",
    payload: { userName, password: "Secret#123" },
  });
  expect(res.statusCode).toBe(200);
  return tokenOf(res) as string;
}

/** Deposits into the member's cash through this server's database handle (so this server announces it). */
async function deposit(server: Listening, memberId: bigint, satang: bigint) {
  const db = server.database.db;
  const wallet = await memberAccount(db, memberId, "member_cash");
  const clearing = await systemAccount(db, "clearing:deposit:test", "clearing");
  await transfer(db, {
    debitAccountId: clearing,
    creditAccountId: wallet,
    amount: satang,
    type: "DEPOSIT",
    reference: "test",
    idempotencyKey: randomBytes(12).toString("hex"),
  });
  const { available } = await accountBalance(db, wallet);
  return available;
}

function redisClients(server: Listening) {
  return server.io.of("/").adapter as unknown as { pubClient: Redis; subClient: Redis };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("REDIS_URL set but Redis unreachable at start", () => {
  it("buildApp fails with a message naming REDIS_URL, without the password", async () => {
    const port = await freePort();
    const database = await openTestDatabase();
    try {
      const start = buildApp({
        config: loadConfig({
          LOG_LEVEL: "silent",
          STATIC_DIR: "./.none",
          REDIS_URL: `redis://:hunter2secret@127.0.0.1:${port}`,
        }),
        database,
      });
      const error = await start.then(
        () => null,
        (err: Error) => err,
      );
      expect(error?.message).toMatch(
        new RegExp(`^REDIS_URL: cannot connect to Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}`),
      );
      expect(error?.message).not.toContain("hunter2secret");
    } finally {
      await database.close();
    }
  });

  it("the server process exits with status 1 and says so", async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), "lottoup-redis-down-"));
    try {
      const { DATABASE_URL: _, ...env } = process.env;
      const child = spawn(process.execPath, ["server/main.ts"], {
        env: {
          ...env,
          DATA_DIR: dataDir,
          PORT: "0",
          LOG_LEVEL: "warn",
          REDIS_URL: `redis://127.0.0.1:${port}`,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`REDIS_URL: cannot connect to Redis at redis://127.0.0.1:${port}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!redisUrl)("two servers sharing Redis", () => {
  const key = `lottoup-test-${randomBytes(6).toString("hex")}`;
  let database: Database;
  let other: Database;
  let a: Listening;
  let b: Listening;

  beforeAll(async () => {
    database = await openTestDatabase();
    other = await secondHandle(database);
    a = await listen(database, redisUrl as string, key);
    b = await listen(other, redisUrl as string, key);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await other?.close();
    await database?.close();
  });

  it("use the Redis adapter", () => {
    expect(a.io.of("/").adapter.constructor.name).toBe("RedisAdapter");
    expect(b.io.of("/").adapter.constructor.name).toBe("RedisAdapter");
  });

  it("money-update committed through server A reaches the member's socket on server B, and no one else", async () => {
    const member = await signup(a, "redisfanout1");
    const bystander = await signup(a, "redisfanout2");
    const onB = openSocket(b.base, member.token);
    const bystanderOnB = openSocket(b.base, bystander.token);
    await Promise.all([connected(onB), connected(bystanderOnB)]);
    const seen: unknown[] = [];
    const seenByBystander: unknown[] = [];
    onB.on("money-update", (m) => seen.push(m));
    bystanderOnB.on("money-update", (m) => seenByBystander.push(m));

    expect(await deposit(a, member.id, 12_345n)).toBe(12_345n);
    await expect.poll(() => seen).toEqual([{ balance: "123.45" }]);
    expect(await deposit(a, member.id, 55n)).toBe(12_400n);
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[1]).toEqual({ balance: "124.00" });
    expect(seenByBystander).toEqual([]);
    onB.close();
    bystanderOnB.close();
  });

  it("a yeekee shot taken by server A reaches the sockets watching its round on server B", async () => {
    const watcher = await signup(a, "redisying1");
    const shooter = await signup(a, "redisying2");
    const betId = await makeRound(database.db, "yeekee", { closeInMinutes: 10 });
    const onB = openSocket(b.base, watcher.token);
    await connected(onB);
    expect(await onB.emitWithAck("ying:join", { betId: Number(betId) })).toEqual({ ok: true });
    const seen: unknown[] = [];
    onB.on("ying", (m) => seen.push(m));

    const res = await a.app.inject({
      method: "POST",
      url: "/poy-api/yings.create",
      headers: { authorization: `Bearer ${shooter.token}` },
      payload: { betId: Number(betId), yingNumber: "31415" },
    });
    expect(res.statusCode).toBe(201);
    await expect
      .poll(() => seen)
      .toEqual([
        // Sealed shooting (issue 12): the room hears the receipt, never the number or the name.
        {
          betId: Number(betId),
          seq: 1,
          createdAt: expect.any(String),
          commitment: expect.any(String),
          hash: expect.any(String),
        },
      ]);
    onB.close();
  });

  it("logout through server A closes that session's socket on server B at once, and only that session's", async () => {
    const { token: phone } = await signup(a, "redislogout1");
    const laptop = await login(a, "redislogout1");
    const phoneOnB = openSocket(b.base, phone);
    const laptopOnB = openSocket(b.base, laptop);
    await Promise.all([connected(phoneOnB), connected(laptopOnB)]);
    const closed = new Promise((resolve) => phoneOnB.on("disconnect", resolve));

    const started = performance.now();
    const res = await a.app.inject({
      method: "POST",
      url: "/api/users.logout",
      headers: { authorization: `Bearer ${phone}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
    // The sweep is off (one hour): this was the logout's message through Redis.
    expect(performance.now() - started).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(laptopOnB.connected).toBe(true);
    laptopOnB.close();
  });
});

/** A TCP relay to Redis that the test can cut and restore, to stage an outage of the real Redis. */
function relay(target: URL) {
  const open = new Set<NetSocket>();
  let server: NetServer | undefined;
  let port = 0;
  const state = {
    url: "",
    async start() {
      server = createServer((client) => {
        const upstream = netConnect(Number(target.port || 6379), target.hostname);
        open.add(client);
        open.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        for (const s of [client, upstream]) {
          s.on("error", end);
          s.on("close", end);
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      state.url = url.toString();
    },
    async cut() {
      for (const s of open) s.destroy();
      open.clear();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
  return state;
}

describe.skipIf(!redisUrl)("a Redis outage after start", () => {
  const key = `lottoup-test-${randomBytes(6).toString("hex")}`;
  const link = relay(new URL(redisUrl ?? "redis://127.0.0.1:6379"));
  let database: Database;
  let other: Database;
  let viaRelay: Listening;
  let direct: Listening;

  beforeAll(async () => {
    await link.start();
    database = await openTestDatabase();
    other = await secondHandle(database);
    viaRelay = await listen(database, link.url, key);
    direct = await listen(other, redisUrl as string, key);
  });
  let viaRelayClosed = false;
  afterAll(async () => {
    if (!viaRelayClosed) await viaRelay?.close();
    await direct?.close();
    await link.cut();
    await other?.close();
    await database?.close();
  });

  it("does not stop the server; its own sockets are served meanwhile, and fan-out resumes when Redis is back", async () => {
    const member = await signup(viaRelay, "redisoutage1");
    const laptop = await login(viaRelay, "redisoutage1");
    const local = openSocket(viaRelay.base, member.token);
    const laptopLocal = openSocket(viaRelay.base, laptop);
    await Promise.all([connected(local), connected(laptopLocal)]);
    const seenLocal: unknown[] = [];
    local.on("money-update", (m) => seenLocal.push(m));

    await link.cut();
    const { pubClient, subClient } = redisClients(viaRelay);
    await expect.poll(() => [pubClient.status, subClient.status].includes("ready")).toBe(false);

    // Money moves and is announced to this process's sockets; the publish to Redis fails quietly.
    expect(await deposit(viaRelay, member.id, 1_000n)).toBe(1_000n);
    await expect.poll(() => seenLocal).toEqual([{ balance: "10.00" }]);
    expect((await viaRelay.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    // Logout still closes this process's sockets of the session.
    const laptopClosed = new Promise((resolve) => laptopLocal.on("disconnect", resolve));
    await viaRelay.app.inject({
      method: "POST",
      url: "/api/users.logout",
      headers: { authorization: `Bearer ${laptop}` },
    });
    expect(await laptopClosed).toBe("io server disconnect");

    await link.start();
    await expect
      .poll(() => pubClient.status === "ready" && subClient.status === "ready", { timeout: 20_000 })
      .toBe(true);

    // Publishing again: a change announced by the relayed server reaches a socket on the direct one.
    const remote = openSocket(direct.base, member.token);
    await connected(remote);
    const seenRemote: unknown[] = [];
    remote.on("money-update", (m) => seenRemote.push(m));
    expect(await deposit(viaRelay, member.id, 1_000n)).toBe(2_000n);
    await expect.poll(() => seenRemote).toEqual([{ balance: "20.00" }]);

    // Subscribed again (ioredis resubscribes after reconnecting): the other way round, too.
    seenLocal.length = 0;
    await expect
      .poll(
        async () => {
          await deposit(direct, member.id, 1n);
          await new Promise((r) => setTimeout(r, 100));
          return seenLocal.length > 0;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    local.close();
    remote.close();
  });

  it("closes promptly while Redis is away", async () => {
    await link.cut();
    const { pubClient, subClient } = redisClients(viaRelay);
    await expect.poll(() => [pubClient.status, subClient.status].includes("ready")).toBe(false);
    const started = performance.now();
    viaRelayClosed = true;
    await viaRelay.close();
    expect(performance.now() - started).toBeLessThan(3_000);
    // And they stay closed: no reconnection once Redis is back.
    await link.start();
    await new Promise((r) => setTimeout(r, 1_500));
    for (const status of [pubClient.status, subClient.status]) {
      expect(["ready", "connect", "connecting"]).not.toContain(status);
    }
  });
});
