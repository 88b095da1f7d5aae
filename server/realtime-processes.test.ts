import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import pg from "pg";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/database.ts";
import { DEMO_STAFF } from "./db/seed.ts";
import { createStaff } from "./modules/staff/createStaff.ts";
import { tokenOf } from "./test/harness.ts";

/**
 * Two real server processes (`node server/main.ts`) on one PostgreSQL database and one Redis: a member's socket
 * on process B receives the money-update of a change made through process A, and a logout through A closes
 * B's socket. Needs REDIS_URL and DATABASE_URL (the CI's PostgreSQL run); each run has its own database and
 * its own Redis channel prefix.
 */

const redisUrl = process.env.REDIS_URL;
const databaseUrl = process.env.DATABASE_URL;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function healthy(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

interface Proc {
  base: string;
  child: ChildProcess;
}

describe.skipIf(!redisUrl || !databaseUrl)("two server processes sharing PostgreSQL and Redis", () => {
  const dbName = `lottoup_procs_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  const procs: Proc[] = [];

  async function start(url: string, key: string): Promise<Proc> {
    const port = await freePort();
    let output = "";
    const child = spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        REDIS_KEY: key,
        PORT: String(port),
        STATIC_DIR: "./.no-static-in-tests",
        LOG_LEVEL: "warn",
        APP_MODE: "demo",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (c) => {
      output += c;
    });
    child.stderr?.on("data", (c) => {
      output += c;
    });
    const proc = { base: `http://127.0.0.1:${port}`, child };
    procs.push(proc);
    await healthy(proc.base, child, () => output);
    return proc;
  }

  let a: Proc;
  let b: Proc;
  let siteDatabaseUrl = "";
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(databaseUrl as string);
    url.pathname = `/${dbName}`;
    siteDatabaseUrl = url.toString();
    const key = `lottoup-test-${randomBytes(4).toString("hex")}`;
    // A migrates the new database first; B then starts on it, as a second process joining a running site does.
    a = await start(url.toString(), key);
    b = await start(url.toString(), key);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null) return resolve();
            p.child.once("exit", () => resolve());
            p.child.kill("SIGTERM");
          }),
      ),
    );
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it("a change made through A reaches the member's socket on B; logout through A closes it", async () => {
    const signup = await fetch(`${a.base}/api/users.signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userName: "twoprocs01", password: "Secret#123", phoneNumber: "0812345678" }),
    });
    expect(signup.status).toBe(201);
    const token = tokenOf(signup) as string;
    const { userInfo } = (await signup.json()) as { userInfo: { uuid: string } };

    const socket: Socket = connect(b.base, {
      path: "/ccu",
      auth: { token },
      transports: ["websocket"],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on("connect", () => resolve());
      socket.on("connect_error", reject);
    });
    const update = new Promise<unknown>((resolve) => socket.once("money-update", resolve));

    const staffLogin = await fetch(`${a.base}/api/staff/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DEMO_STAFF),
    });
    expect(staffLogin.status).toBe(200);
    // Four eyes: the demo administrator proposes the adjustment and a second administrator confirms it.
    const site = await openDatabase({ databaseUrl: siteDatabaseUrl });
    await createStaff(site.db, {
      userName: "twoprocsadmin2",
      password: "Staff#Pass2",
      role: "administrator",
    });
    await site.close();
    const checkerLogin = await fetch(`${a.base}/api/staff/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userName: "twoprocsadmin2", password: "Staff#Pass2" }),
    });
    const adjust = await fetch(`${a.base}/api/staff/members.adjust`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${tokenOf(staffLogin)}`,
      },
      body: JSON.stringify({
        uuid: userInfo.uuid,
        type: "ADMIN_INCREASE",
        amount: "123.45",
        reason: "two processes",
        idempotencyKey: "two-processes-1",
      }),
    });
    expect(adjust.status).toBe(202);
    const confirm = await fetch(`${a.base}/api/staff/proposals.confirm`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${tokenOf(checkerLogin)}`,
      },
      body: JSON.stringify({ id: ((await adjust.json()) as { proposal: { id: string } }).proposal.id }),
    });
    expect(confirm.status).toBe(200);
    expect(await update).toEqual({ balance: "123.45" });

    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    const logout = await fetch(`${a.base}/api/users.logout`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "{}",
    });
    expect(logout.status).toBe(200);
    expect(await closed).toBe("io server disconnect");
  }, 60_000);
});
