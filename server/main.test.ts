import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "./db/database.ts";
import { seedDemo } from "./db/seed.ts";

/** `node server/main.ts` as an operator starts it: how it refuses to start, and with which roles it runs. */

const databaseUrl = process.env.DATABASE_URL;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startMain(env: Record<string, string>): Started {
  // Only what the test gives: the caller's DATABASE_URL or APP_MODE must not leak in.
  const { DATABASE_URL: _d, APP_MODE: _m, REDIS_URL: _r, ...base } = process.env;
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...base, LOG_LEVEL: "warn", STATIC_DIR: "./.no-static-in-tests", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c) => {
    output += c;
  });
  child.stderr?.on("data", (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// A hang guard, not a speed check: a fresh database's migrations and two RSA key pairs, beside the rest of the
// suite on a 2-core runner, once took over 60 s.
async function untilHealthyOrExit(base: string, started: Started): Promise<"healthy" | "exited"> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) return "exited";
    try {
      if ((await fetch(`${base}/api/health`)).ok) return "healthy";
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server neither started nor stopped:\n${started.output()}`);
}

describe("server/main.ts", () => {
  it("refuses to start on DATABASE_URL without APP_MODE, and says to choose", async () => {
    const started = startMain({ DATABASE_URL: "postgres://lottoup@127.0.0.1:1/lottoup", PORT: "0" });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/APP_MODE: .*choose the mode: APP_MODE=demo .* or APP_MODE=production/);
  });
});

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface ProviderListing {
  code: string;
  name: string;
  available: boolean;
  games: { gameCode: string }[];
}

async function providers(base: string): Promise<ProviderListing[]> {
  const res = await fetch(`${base}/api/partners.game.list.config.nr`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  return ((await res.json()) as { providers: ProviderListing[] }).providers;
}

describe("demo mode's Hub88 stand-in, started by server/main.ts", () => {
  const running: Started[] = [];
  const dirs: string[] = [];
  /** A demo server on a fresh embedded database, with info logs (the stand-in's pid is in them). */
  async function startDemo(extra: Record<string, string> = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), "lottoup-main-demo-"));
    dirs.push(dataDir);
    const port = await freePort();
    const standInPort = await freePort();
    const started = startMain({
      DATA_DIR: dataDir,
      PORT: String(port),
      HUB88_STANDIN_PORT: String(standInPort),
      LOG_LEVEL: "info",
      ...extra,
    });
    running.push(started);
    const base = `http://127.0.0.1:${port}`;
    expect(await untilHealthyOrExit(base, started), started.output()).toBe("healthy");
    return { started, base, standInPort };
  }
  const pidIn = (output: string) => Number(/"standInPid":(\d+)/.exec(output)?.[1] ?? Number.NaN);
  /** The stand-in's pid, once the server says it started (the server is healthy a moment before). */
  async function standInOf(started: Started): Promise<number> {
    await until("the stand-in's start in the log", () => !Number.isNaN(pidIn(started.output())));
    return pidIn(started.output());
  }
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    await Promise.all(running.map((s) => s.exited));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("lists both providers on a fresh database, outlives the stand-in's death, and stops it with itself", async () => {
    const { started, base, standInPort } = await startDemo();
    await until("the stand-in's games in the lobby", async () =>
      (await providers(base)).some((p) => p.code === "hub88" && p.games.length === 3),
    );
    const listed = await providers(base);
    expect(listed.slice(0, 2).map((p) => [p.code, p.name, p.available, p.games.length])).toEqual([
      ["lottoup", "LOTTOUP Originals", true, 3],
      ["hub88", "Stand-in provider (demo, test games)", true, 3],
    ]);
    const pid = await standInOf(started);
    expect(alive(pid)).toBe(true);
    expect(await listening(standInPort)).toBe(true);
    // Its own CSP lets the app frame the stand-in's pages and show its thumbnails.
    const csp = (await fetch(`${base}/api/health`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`frame-src 'self' http://127.0.0.1:${standInPort}`);
    expect(csp).toContain(`img-src 'self' data: blob: http://127.0.0.1:${standInPort}`);

    // The stand-in dies: logged, its provider no longer offered, the server runs on.
    process.kill(pid, "SIGKILL");
    await until("the death in the log", () => started.output().includes("stopped by itself"));
    await until(
      "the provider taken off",
      async () => !(await providers(base)).some((p) => p.code === "hub88"),
    );
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  }, 240_000);

  it("stops the stand-in on SIGINT (Ctrl-C), and takes it along even when killed outright", async () => {
    const first = await startDemo();
    const firstPid = await standInOf(first.started);
    expect(alive(firstPid)).toBe(true);
    first.started.child.kill("SIGINT");
    expect(await first.started.exited).toBe(0);
    expect(alive(firstPid)).toBe(false);
    expect(await listening(first.standInPort)).toBe(false);
    expect(first.started.output()).not.toContain("stopped by itself");

    const second = await startDemo();
    const secondPid = await standInOf(second.started);
    expect(alive(secondPid)).toBe(true);
    second.started.child.kill("SIGKILL");
    await second.started.exited;
    // No handler runs on SIGKILL: the stand-in sees its IPC channel close and stops itself.
    await until("the orphaned stand-in to stop", () => !alive(secondPid), 15_000);
    expect(await listening(second.standInPort)).toBe(false);
  }, 240_000);

  it("says so and runs without it when its port is taken, or when GAMES_DEMO_STANDIN=off", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const takenPort = (taken.address() as AddressInfo).port;
    try {
      const { started, base } = await startDemo({ HUB88_STANDIN_PORT: String(takenPort) });
      expect(started.output()).toContain(
        `The demo's Hub88 stand-in is not started: port ${takenPort} on 127.0.0.1 is taken`,
      );
      expect((await providers(base)).map((p) => p.code)).not.toContain("hub88");
      started.child.kill("SIGTERM");
      expect(await started.exited).toBe(0);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const off = await startDemo({ GAMES_DEMO_STANDIN: "off" });
    expect(await listening(off.standInPort)).toBe(false);
    expect((await providers(off.base)).map((p) => p.code)).not.toContain("hub88");
    off.started.child.kill("SIGTERM");
    expect(await off.started.exited).toBe(0);
  }, 240_000);
});

describe.skipIf(!databaseUrl)("production on PostgreSQL, as an operator runs it", () => {
  const dbName = `lottoup_main_${randomBytes(5).toString("hex")}`;
  const appRole = `lottoup_app_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  const ownerUrl = () => {
    const url = new URL(databaseUrl ?? "");
    url.pathname = `/${dbName}`;
    return url.toString();
  };
  const appUrl = () => {
    const url = new URL(ownerUrl());
    url.username = appRole;
    url.password = "";
    return url.toString();
  };
  const production = () => ({
    APP_MODE: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: appUrl(),
    DATABASE_MIGRATION_URL: ownerUrl(),
    SESSION_SECRET: "s".repeat(48),
    DRAW_SEED_KEY: "d".repeat(48),
    ALLOWED_HOSTS: "lottoup.example",
    SMS_PROVIDER: "http",
    SMS_HTTP_URL: "https://127.0.0.1:9/unused",
    SMS_HTTP_TOKEN: "unused-token",
  });
  const running: Started[] = [];

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.query(`create role ${appRole} login`);
  });
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    await Promise.all(running.map((s) => s.exited));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`drop role if exists ${appRole}`);
    await admin.end();
  });

  it("migrates as the owner role and serves as the app role, which owns nothing; no stand-in", async () => {
    const port = await freePort();
    const standInPort = await freePort();
    const started = startMain({
      ...production(),
      PORT: String(port),
      HUB88_STANDIN_PORT: String(standInPort),
    });
    running.push(started);
    expect(await untilHealthyOrExit(`http://127.0.0.1:${port}`, started), started.output()).toBe("healthy");
    // Production never starts the demo's Hub88 stand-in.
    expect(await listening(standInPort)).toBe(false);
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
    const owner = new pg.Client({ connectionString: ownerUrl() });
    await owner.connect();
    try {
      const owned = await owner.query(
        "select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner = $1",
        [appRole],
      );
      expect(owned.rows[0].n).toBe(0);
      const truncate = await owner.query(
        "select has_table_privilege($1, 'public.ledger_transfers', 'TRUNCATE') as t, has_table_privilege($1, 'public.ledger_transfers', 'INSERT') as i",
        [appRole],
      );
      expect(truncate.rows[0]).toEqual({ t: false, i: true });
    } finally {
      await owner.end();
    }
  });

  it("refuses to start while demo data is present, printing what to take out of service", async () => {
    const demo = await openDatabase({ databaseUrl: ownerUrl() });
    try {
      await migrate(demo);
      await seedDemo(demo.db);
    } finally {
      await demo.close();
    }
    const port = await freePort();
    const started = startMain({ ...production(), PORT: String(port) });
    running.push(started);
    expect(await started.exited, started.output()).toBe(1);
    const output = started.output();
    expect(output).toContain("this database still holds demo data");
    expect(output).toContain("UPDATE staff SET active = false WHERE user_name = 'demoadmin';");
    expect(output).toContain("kbank 0000000001, scb 0000000002");
    expect(output).toContain("UPDATE receiving_accounts SET active = false WHERE demo;");
  });
});
