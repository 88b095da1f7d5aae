import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { available, expectLedgerSound, launch, player } from "../../test/games.ts";
import { engineName, openTestDatabase, type TestApp } from "../../test/harness.ts";
import {
  markStandInUnavailable,
  planDemoStandIn,
  type RunningStandIn,
  STANDIN_OPERATOR_ID,
  standInEnvironment,
  startDemoStandIn,
  syncStandInGames,
} from "./demoStandIn.ts";
import { HUB88_STANDIN_NAME } from "./providers.ts";

/**
 * The demo's third-party provider: server/main.ts starts the Hub88 stand-in as a child process and connects the
 * hub88 provider to it (server/modules/games/demoStandIn.ts). Here the same steps run against a test app.
 */

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const production = {
  APP_MODE: "production",
  DATABASE_URL: "postgres://db.example/lottoup",
  SESSION_SECRET: "s".repeat(40),
  ALLOWED_HOSTS: "lottoup.example",
  SMS_PROVIDER: "http",
  SMS_HTTP_URL: "https://sms.example/send",
  SMS_HTTP_TOKEN: "token-12345",
  DRAW_SEED_KEY: "d".repeat(40),
};

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("the demo's Hub88 stand-in: when it starts", () => {
  it("never in production, nor with a real Hub88, nor when turned off", async () => {
    expect(await planDemoStandIn(loadConfig(production))).toBeNull();
    expect(await planDemoStandIn(loadConfig({ GAMES_DEMO_STANDIN: "off" }))).toBeNull();
    const { generateKeyPairPem } = await import("../../standins/hub88/keys.ts");
    const keys = generateKeyPairPem();
    const hub88 = {
      HUB88_API_URL: "https://api.hub88.example",
      HUB88_OPERATOR_ID: "3",
      HUB88_PUBLIC_KEY: keys.publicKey,
      HUB88_PRIVATE_KEY: keys.privateKey,
    };
    expect(await planDemoStandIn(loadConfig(hub88))).toBeNull();
  });

  it("says why it does not start when its port is taken or the host list would refuse its calls", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      expect(await planDemoStandIn(loadConfig({ HUB88_STANDIN_PORT: String(port) }))).toEqual({
        start: false,
        reason: expect.stringMatching(new RegExp(`^port ${port} on 127.0.0.1 is taken`)),
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    expect(await planDemoStandIn(loadConfig({ ALLOWED_HOSTS: "lottoup.example" }))).toEqual({
      start: false,
      reason: expect.stringMatching(/^ALLOWED_HOSTS does not include 127.0.0.1/),
    });
  });

  it("connects the hub88 provider to it in-process, labelled a stand-in, with its origin in frame-src and img-src", async () => {
    const port = await freePort();
    const plan = await planDemoStandIn(
      loadConfig({ HUB88_STANDIN_PORT: String(port), GAME_FRAME_ORIGINS: "https://other.example" }),
    );
    if (!plan?.start) throw new Error(`no plan: ${JSON.stringify(plan)}`);
    const origin = `http://127.0.0.1:${port}`;
    expect(plan.config.games.hub88).toMatchObject({
      apiUrl: origin,
      operatorId: STANDIN_OPERATOR_ID,
      publicKey: plan.keys.hub88.publicKey,
      privateKey: plan.keys.operator.privateKey,
      standIn: true,
    });
    expect(plan.config.games.frameOrigins).toEqual(["https://other.example", origin]);
    expect(plan.config.games.imageOrigins).toEqual([origin]);
    // Fresh keys each time: nothing to keep in the repository.
    const again = await planDemoStandIn(loadConfig({ HUB88_STANDIN_PORT: String(port) }));
    if (!again?.start) throw new Error("no second plan");
    expect(again.keys.hub88.privateKey).not.toBe(plan.keys.hub88.privateKey);
    // The child's environment: what the stand-in reads, none of the server's own secrets.
    const env = standInEnvironment({
      port,
      walletUrl: "http://127.0.0.1:1/api/providers/hub88",
      keys: plan.keys,
    });
    expect(Object.keys(env).sort()).toEqual(
      [
        "HUB88_STANDIN_CURRENCY",
        "HUB88_STANDIN_OPERATOR_ID",
        "HUB88_STANDIN_OPERATOR_PUBLIC_KEY",
        "HUB88_STANDIN_PORT",
        "HUB88_STANDIN_PRIVATE_KEY",
        "HUB88_STANDIN_WALLET_URL",
        ...(process.env.PATH ? ["PATH"] : []),
      ].sort(),
    );
    expect(env.HUB88_STANDIN_OPERATOR_PUBLIC_KEY).toBe(plan.keys.operator.publicKey);
    expect(env.HUB88_STANDIN_PRIVATE_KEY).toBe(plan.keys.hub88.privateKey);
  });
});

describe(`the demo's Hub88 stand-in as a child process (${engineName})`, () => {
  let t: TestApp;
  let standIn: RunningStandIn;
  const deaths: unknown[] = [];

  it("starts, lists its games labelled as a stand-in, and plays a round over the Hub88 dialect that moves the ledger", async () => {
    const port = await freePort();
    const plan = await planDemoStandIn(
      loadConfig({
        HUB88_STANDIN_PORT: String(port),
        LOG_LEVEL: "silent",
        STATIC_DIR: "./.no-static-in-tests",
      }),
    );
    if (!plan?.start) throw new Error(`no plan: ${JSON.stringify(plan)}`);
    // As server/main.ts does: the app built from the plan's configuration, then listening, then the child.
    const database = await openTestDatabase();
    const built = await buildApp({
      config: plan.config,
      database,
      games: { jobs: false },
      pushSenderIntervalMs: 0,
    });
    t = { ...built, config: plan.config, database, close: async () => {} };
    cleanups.push(async () => {
      await standIn?.stop();
      await built.app.close();
      await database.close();
    });
    await built.app.listen({ host: "127.0.0.1", port: 0 });
    const ourPort = (built.app.server.address() as AddressInfo).port;
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    standIn = await startDemoStandIn({
      port,
      walletUrl: `http://127.0.0.1:${ourPort}/api/providers/hub88`,
      keys: plan.keys,
      log,
      onDeath: (exit) => {
        deaths.push(exit);
      },
    });
    expect(await syncStandInGames(database.db, plan.config, log)).toBe(3);

    const list = await built.app.inject({ method: "POST", url: "/api/partners.game.list.config.nr" });
    const hub88 = (
      list.json().providers as {
        code: string;
        name: string;
        available: boolean;
        games: { thumbnailUrl: string }[];
      }[]
    ).find((p) => p.code === "hub88");
    expect(hub88).toMatchObject({ name: HUB88_STANDIN_NAME, available: true });
    expect(hub88?.games.map((g) => g.thumbnailUrl)).toEqual([
      `http://127.0.0.1:${port}/assets/thumb/sts_coinflip.svg`,
      `http://127.0.0.1:${port}/assets/thumb/sts_wheel.svg`,
      `http://127.0.0.1:${port}/assets/thumb/sts_highcard.svg`,
    ]);

    const who = await player(t, 100);
    const launched = await launch(t, who, "sts_coinflip", "hub88");
    expect(launched.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/play/`));
    expect(launched.frame).toBe(true);
    const round = await fetch(`${launched.url}/round`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stake: "10", choice: "heads" }),
    });
    const played = (await round.json()) as { ok: boolean; stake: number; win: number; balance: number };
    expect(played.ok, JSON.stringify(played)).toBe(true);
    const expected = 10_000n - 1_000n + BigInt(played.win / 1_000);
    expect(await available(t, who)).toBe(expected);
    expect(BigInt(played.balance / 1_000)).toBe(expected);
    await expectLedgerSound(t);
  }, 120_000);

  it("logs its death and marks its provider unavailable, and the server runs on; a stop() is no death", async () => {
    expect(deaths).toEqual([]);
    process.kill(standIn.pid as number, "SIGKILL");
    const deadline = Date.now() + 10_000;
    while (deaths.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(deaths).toEqual([{ code: null, signal: "SIGKILL" }]);
    await markStandInUnavailable(t.database.db);
    // The lobby no longer lists it (Hub88's tab is listed only while connected), and launches are refused.
    const list = await t.app.inject({ method: "POST", url: "/api/partners.game.list.config.nr" });
    expect(list.json().providers.map((p: { code: string }) => p.code)).not.toContain("hub88");
    const who = await player(t, 10);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/games.launch",
      headers: { authorization: `Bearer ${who.access}` },
      payload: { provider: "hub88", gameCode: "sts_coinflip" },
    });
    expect(refused.statusCode).toBe(409);
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);

    // A stand-in stopped on purpose is not reported as dead.
    const port = await freePort();
    const plan = await planDemoStandIn(loadConfig({ HUB88_STANDIN_PORT: String(port) }));
    if (!plan?.start) throw new Error("no plan");
    const other = await startDemoStandIn({
      port,
      walletUrl: "http://127.0.0.1:9/api/providers/hub88",
      keys: plan.keys,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      onDeath: (exit) => deaths.push(exit),
    });
    await other.stop();
    await other.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect(deaths).toHaveLength(1);
  }, 60_000);
});
