import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildHub88StandIn, type Hub88StandIn } from "./app.ts";
import { Hub88DriverError, isHub88WalletAnswer, playRounds } from "./driver.ts";
import { generateKeyPairPemAsync, type KeyPairPem } from "./keys.ts";
import { SIGNATURE_HEADER, signBody, verifyBody } from "./signature.ts";

const OPERATOR_ID = 7;
const PUBLIC_URL = "http://standin.test";
const UNITS = 100_000; // per baht
const START = 1_000 * UNITS;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Received {
  path: string;
  raw: string;
  signatureOk: boolean;
  body: Record<string, unknown>;
}

/**
 * A tiny fake operator wallet for these tests only (not a product implementation): verifies Hub88's signature,
 * keeps balances, replays a transaction_uuid it has seen, tombstones rollbacks of unknown transactions.
 * `delays` hold the answer to the next calls of a path after processing them (the answer is "lost").
 */
function fakeWallet(hub88PublicKey: string) {
  const balances = new Map<string, number>();
  const txs = new Map<
    string,
    { key: string; answer: Record<string, unknown>; path: string; amount: number; rolledBack: boolean }
  >();
  const tombstones = new Set<string>();
  const received: Received[] = [];
  const delays: { path: string; ms: number }[] = [];
  const notes = { rollbacksOfUnknown: [] as string[], lateBetsRefused: [] as string[] };
  const flags = { acceptLateBets: false };

  function answer(path: string, b: Record<string, unknown>): Record<string, unknown> {
    const user = String(b.user);
    const balance = balances.get(user);
    if (balance === undefined) return { status: "RS_ERROR_INVALID_TOKEN", request_uuid: b.request_uuid };
    const reply = (status = "RS_OK") => ({
      user,
      status,
      request_uuid: b.request_uuid,
      currency: "THB",
      balance: balances.get(user),
    });
    if (path === "/user/balance") return reply();
    if (path === "/user/info") return { user, status: "RS_OK", request_uuid: b.request_uuid, country: "TH" };
    const tx = String(b.transaction_uuid);
    const key = JSON.stringify([path, user, b.amount ?? null, b.reference_transaction_uuid ?? null, b.round]);
    const seen = txs.get(tx);
    if (seen)
      return seen.key === key
        ? { ...seen.answer, request_uuid: b.request_uuid }
        : reply("RS_ERROR_DUPLICATE_TRANSACTION");
    if (tombstones.has(tx) && !flags.acceptLateBets) {
      notes.lateBetsRefused.push(tx);
      return reply("RS_ERROR_DUPLICATE_TRANSACTION");
    }
    const amount = Number(b.amount ?? 0);
    if (path === "/transaction/bet") {
      if (balance < amount) return reply("RS_ERROR_NOT_ENOUGH_MONEY");
      balances.set(user, balance - amount);
    } else if (path === "/transaction/win") {
      const bet = txs.get(String(b.reference_transaction_uuid));
      if (!bet || bet.rolledBack || bet.path !== "/transaction/bet")
        return reply("RS_ERROR_TRANSACTION_DOES_NOT_EXIST");
      balances.set(user, balance + amount);
    } else {
      const reference = String(b.reference_transaction_uuid);
      const target = txs.get(reference);
      if (!target) {
        tombstones.add(reference);
        notes.rollbacksOfUnknown.push(reference);
      } else if (!target.rolledBack) {
        target.rolledBack = true;
        balances.set(user, balance + (target.path === "/transaction/bet" ? target.amount : -target.amount));
      }
    }
    const stored = reply();
    txs.set(tx, { key, answer: stored, path, amount, rolledBack: false });
    return stored;
  }

  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = (req.url ?? "").replace(/^\/api\/providers\/hub88/, "");
      const signatureOk = verifyBody(
        raw,
        req.headers[SIGNATURE_HEADER] as string | undefined,
        hub88PublicKey,
      );
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({ path, raw, signatureOk, body });
      const result = signatureOk
        ? answer(path, body)
        : { status: "RS_ERROR_INVALID_SIGNATURE", request_uuid: body.request_uuid };
      const delayIndex = delays.findIndex((d) => d.path === path);
      const ms = delayIndex >= 0 ? (delays.splice(delayIndex, 1)[0]?.ms ?? 0) : 0;
      setTimeout(() => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(result));
      }, ms);
    });
  });
  return { server, balances, received, delays, notes, flags, txs };
}

type Fake = ReturnType<typeof fakeWallet>;

let hub88: KeyPairPem;
let operator: KeyPairPem;
let fake: Fake;
let walletUrl: string;
let standIn: Hub88StandIn;
/** Coin flips land on heads while this is below 0.5. */
let nextRandom = 0.1;

function signedPost(url: string, body: unknown, key = operator.privateKey) {
  const raw = JSON.stringify(body);
  return standIn.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(raw, key) },
    payload: raw,
  });
}

function launchBody(overrides: Record<string, unknown> = {}) {
  return {
    user: "player01",
    token: "token-player01-0001",
    sub_partner_id: "lottoup",
    platform: "GPL_MOBILE",
    operator_id: OPERATOR_ID,
    meta: {},
    lobby_url: "https://lottoup.example/casino",
    lang: "th",
    ip: "203.0.113.10",
    game_code: "sts_coinflip",
    deposit_url: "https://lottoup.example/deposit",
    currency: "THB",
    country: "TH",
    ...overrides,
  };
}

async function launch(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await signedPost("/operator/generic/v2/game/url", launchBody(overrides));
  expect(response.statusCode).toBe(200);
  const { url } = response.json() as { url: string };
  return url.slice(PUBLIC_URL.length);
}

beforeAll(async () => {
  [hub88, operator] = await Promise.all([generateKeyPairPemAsync(), generateKeyPairPemAsync()]);
  fake = fakeWallet(hub88.publicKey);
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  walletUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/api/providers/hub88`;
  standIn = buildHub88StandIn({
    operatorId: OPERATOR_ID,
    walletUrl,
    hub88PrivateKey: hub88.privateKey,
    operatorPublicKey: operator.publicKey,
    publicUrl: PUBLIC_URL,
    walletTimeoutMs: 150,
    retryDelayMs: () => 10,
    random: () => nextRandom,
  });
  await standIn.ready();
});

afterAll(async () => {
  await standIn.close();
  fake.server.close();
});

beforeEach(() => {
  fake.received.length = 0;
  fake.delays.length = 0;
  fake.balances.set("player01", START);
  nextRandom = 0.1;
});

describe("signatures", () => {
  it("verifies exactly the signed bytes: one byte off, another key or garbage is refused", () => {
    const body = '{"user":"player01","amount":100000}';
    const signature = signBody(body, hub88.privateKey);
    expect(verifyBody(body, signature, hub88.publicKey)).toBe(true);
    expect(verifyBody(Buffer.from(body), signature, hub88.publicKey)).toBe(true);
    expect(verifyBody(body.replace("100000", "100001"), signature, hub88.publicKey)).toBe(false);
    expect(verifyBody(`${body} `, signature, hub88.publicKey)).toBe(false);
    expect(verifyBody(body, signature, operator.publicKey)).toBe(false);
    expect(verifyBody(body, "not base64!", hub88.publicKey)).toBe(false);
    expect(verifyBody(body, undefined, hub88.publicKey)).toBe(false);
  });

  it("refuses Games API calls unsigned, mis-signed, signed by another key or one byte off (401 with error)", async () => {
    const raw = JSON.stringify({ operator_id: OPERATOR_ID });
    const post = (headers: Record<string, string>, payload = raw) =>
      standIn.inject({
        method: "POST",
        url: "/operator/generic/v2/game/list",
        headers: { "content-type": "application/json", ...headers },
        payload,
      });
    const unsigned = await post({});
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ error: expect.any(String) });
    const otherKey = await post({ [SIGNATURE_HEADER]: signBody(raw, hub88.privateKey) });
    expect(otherKey.statusCode).toBe(401);
    const offByOne = await post({ [SIGNATURE_HEADER]: signBody(raw, operator.privateKey) }, `${raw} `);
    expect(offByOne.statusCode).toBe(401);
    const good = await post({ [SIGNATURE_HEADER]: signBody(raw, operator.privateKey) });
    expect(good.statusCode).toBe(200);
    const unknownOperator = await signedPost("/operator/generic/v2/game/list", { operator_id: 99 });
    expect(unknownOperator.statusCode).toBe(404);
  });

  it("signs every wallet call with Hub88's key over the bytes it sends", async () => {
    const path = await launch();
    await standIn.inject({ method: "GET", url: `${path}/state` });
    await standIn.inject({
      method: "POST",
      url: `${path}/round`,
      headers: { "content-type": "application/json" },
      payload: { stake: "1.00", choice: "heads" },
    });
    expect(fake.received.length).toBeGreaterThanOrEqual(3);
    for (const call of fake.received) {
      expect(call.signatureOk).toBe(true);
      const signature = signBody(call.raw, hub88.privateKey);
      expect(verifyBody(call.raw, signature, hub88.publicKey)).toBe(true);
      expect(verifyBody(call.raw.replace("player01", "player02"), signature, hub88.publicKey)).toBe(false);
    }
  });
});

describe("Games API", () => {
  it("lists the catalog in Hub88's shape, with supplier-prefixed codes, a live game and its own SVG art", async () => {
    const response = await signedPost("/operator/generic/v2/game/list", { operator_id: OPERATOR_ID });
    expect(response.statusCode).toBe(200);
    const games = response.json() as Record<string, unknown>[];
    expect(games.length).toBeGreaterThanOrEqual(3);
    for (const game of games) {
      expect(game).toMatchObject({
        name: expect.any(String),
        game_code: expect.stringMatching(/^sts_[a-z]+$/),
        url_thumb: expect.stringMatching(/^http:\/\/standin\.test\/assets\/thumb\/sts_[a-z]+\.svg$/),
        url_background: expect.stringMatching(/^http:\/\/standin\.test\//),
        product: "Stand-in Studio",
        platforms: ["GPL_DESKTOP", "GPL_MOBILE"],
        category: expect.any(String),
        enabled: true,
        freebet_support: false,
        blocked_countries: [],
        rtp: expect.stringMatching(/^\d+\.\d{2}$/),
        volatility: expect.any(Number),
      });
      const thumb = await standIn.inject({
        method: "GET",
        url: String(game.url_thumb).slice(PUBLIC_URL.length),
      });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers["content-type"]).toContain("image/svg+xml");
      expect(thumb.body).toContain("<svg");
    }
    expect(games.some((g) => g.category === "Live Casino")).toBe(true);
  });

  it("answers /game/url with { url } and refuses what Hub88 refuses", async () => {
    const ok = await signedPost("/operator/generic/v2/game/url", launchBody());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ url: expect.stringMatching(/^http:\/\/standin\.test\/play\/[\w-]{20,}$/) });
    const unknownGame = await signedPost(
      "/operator/generic/v2/game/url",
      launchBody({ game_code: "sts_nothing" }),
    );
    expect(unknownGame.statusCode).toBe(404);
    expect(unknownGame.json()).toEqual({ error: expect.any(String) });
    expect(
      (await signedPost("/operator/generic/v2/game/url", launchBody({ platform: "PHONE" }))).statusCode,
    ).toBe(400);
    expect(
      (await signedPost("/operator/generic/v2/game/url", launchBody({ token: "short" }))).statusCode,
    ).toBe(400);
    expect(
      (await signedPost("/operator/generic/v2/game/url", launchBody({ currency: "EUR" }))).statusCode,
    ).toBe(403);
    const demo = await signedPost(
      "/operator/generic/v2/game/url",
      launchBody({ currency: "XXX", user: undefined, token: undefined }),
    );
    expect(demo.statusCode).toBe(200);
  });

  it("serves a self-contained page whose only script is a separate file (script-src 'self')", async () => {
    const path = await launch({ game_code: "sts_highcard" });
    const page = await standIn.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.body).toContain("Stand-in provider — test games");
    expect(page.body).toContain('name="viewport"');
    expect(page.body).toMatch(/<script src="assets\/game\.js"><\/script>/);
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).not.toMatch(/https?:\/\/(?!lottoup\.example)/);
    const script = await standIn.inject({ method: "GET", url: "/play/assets/game.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toContain("javascript");
    const state = await standIn.inject({ method: "GET", url: `${path}/state` });
    expect(state.json()).toEqual({ status: "RS_OK", balance: START, currency: "THB" });
  });
});

describe("a played round", () => {
  it("calls /transaction/bet then /transaction/win with the doc's fields and units", async () => {
    const path = await launch();
    const round = await standIn.inject({
      method: "POST",
      url: `${path}/round`,
      headers: { "content-type": "application/json" },
      payload: { stake: "10.00", choice: "heads" },
    });
    expect(round.statusCode).toBe(200);
    const calls = fake.received.filter((r) => r.path.startsWith("/transaction/"));
    expect(calls.map((c) => c.path)).toEqual(["/transaction/bet", "/transaction/win"]);
    const [bet, win] = calls.map((c) => c.body) as [Record<string, unknown>, Record<string, unknown>];
    expect(bet).toEqual({
      user: "player01",
      token: "token-player01-0001",
      supplier_user: "sts_player01",
      round: expect.any(String),
      is_free: false,
      is_aggregated: false,
      game_code: "sts_coinflip",
      currency: "THB",
      bet: "sts_coinflip:heads",
      meta: {},
      transaction_uuid: expect.stringMatching(UUID),
      supplier_transaction_id: expect.any(String),
      round_closed: false,
      request_uuid: expect.stringMatching(UUID),
      amount: 10 * UNITS,
    });
    expect(win).toMatchObject({
      user: "player01",
      round: bet.round,
      reference_transaction_uuid: bet.transaction_uuid,
      transaction_uuid: expect.stringMatching(UUID),
      request_uuid: expect.stringMatching(UUID),
      round_closed: true,
      is_free: false,
      currency: "THB",
      amount: 1_960_000,
    });
    expect(win.transaction_uuid).not.toBe(bet.transaction_uuid);
    expect(round.json()).toMatchObject({ ok: true, status: "RS_OK", stake: 10 * UNITS, win: 1_960_000 });
    expect(fake.balances.get("player01")).toBe(START + 960_000);
  });

  it("closes a lost round with a win of amount 0", async () => {
    nextRandom = 0.9; // tails
    const path = await launch();
    await standIn.inject({
      method: "POST",
      url: `${path}/round`,
      headers: { "content-type": "application/json" },
      payload: { stake: "5.25", choice: "heads" },
    });
    const win = fake.received.find((r) => r.path === "/transaction/win");
    expect(win?.body).toMatchObject({ amount: 0, round_closed: true });
    expect(fake.balances.get("player01")).toBe(START - 525_000);
  });

  it("retries a timed-out win with the same transaction_uuid, request_uuid and bytes until answered", async () => {
    const path = await launch();
    fake.delays.push({ path: "/transaction/win", ms: 400 }, { path: "/transaction/win", ms: 400 });
    const round = await standIn.inject({
      method: "POST",
      url: `${path}/round`,
      headers: { "content-type": "application/json" },
      payload: { stake: "10.00", choice: "heads" },
    });
    const wins = fake.received.filter((r) => r.path === "/transaction/win");
    expect(wins.length).toBe(3);
    expect(new Set(wins.map((w) => w.raw)).size).toBe(1);
    expect(new Set(wins.map((w) => w.body.transaction_uuid)).size).toBe(1);
    expect(new Set(wins.map((w) => w.body.request_uuid)).size).toBe(1);
    expect(round.json()).toMatchObject({ ok: true, status: "RS_OK" });
    expect(fake.balances.get("player01")).toBe(START + 960_000); // paid once
  });

  it("rolls back a bet whose answer timed out, referencing it", async () => {
    const path = await launch();
    fake.delays.push({ path: "/transaction/bet", ms: 400 });
    const round = await standIn.inject({
      method: "POST",
      url: `${path}/round`,
      headers: { "content-type": "application/json" },
      payload: { stake: "20.00", choice: "heads" },
    });
    const paths = fake.received.map((r) => r.path).filter((p) => p.startsWith("/transaction/"));
    expect(paths).toEqual(["/transaction/bet", "/transaction/rollback"]);
    const bet = fake.received.find((r) => r.path === "/transaction/bet")?.body;
    const rollback = fake.received.find((r) => r.path === "/transaction/rollback")?.body;
    expect(rollback).toMatchObject({
      user: "player01",
      reference_transaction_uuid: bet?.transaction_uuid,
      round: bet?.round,
      transaction_uuid: expect.stringMatching(UUID),
      request_uuid: expect.stringMatching(UUID),
      game_code: "sts_coinflip",
    });
    expect(rollback).not.toHaveProperty("amount");
    expect(rollback?.transaction_uuid).not.toBe(bet?.transaction_uuid);
    expect(round.json()).toMatchObject({ ok: false, status: "NO_ANSWER", rolledBack: true });
    expect(fake.balances.get("player01")).toBe(START);
    const books = (await standIn.inject({ method: "GET", url: "/__standin/books?calls=0" })).json();
    expect(books.users.player01.unresolved).toBe(0);
  });

  it("does not roll back a bet refused for money, and shows the balance sent with the refusal", async () => {
    fake.balances.set("player01", 3 * UNITS);
    const path = await launch();
    const round = await standIn.inject({
      method: "POST",
      url: `${path}/round`,
      headers: { "content-type": "application/json" },
      payload: { stake: "10.00" },
    });
    expect(round.json()).toMatchObject({
      ok: false,
      status: "RS_ERROR_NOT_ENOUGH_MONEY",
      balance: 3 * UNITS,
    });
    expect(fake.received.filter((r) => r.path === "/transaction/rollback")).toHaveLength(0);
  });
});

describe("the driver", () => {
  it("validates Hub88's answer shape", () => {
    const ok = { user: "player01", status: "RS_OK", request_uuid: "r1", currency: "THB", balance: 100 };
    expect(isHub88WalletAnswer(ok, "r1")).toBe(true);
    expect(isHub88WalletAnswer(ok, "r2")).toBe(false);
    expect(isHub88WalletAnswer({ ...ok, balance: 1.5 })).toBe(false);
    expect(isHub88WalletAnswer({ ...ok, balance: "100" })).toBe(false);
    expect(isHub88WalletAnswer({ ...ok, status: "OK" })).toBe(false);
    expect(isHub88WalletAnswer({ status: "RS_OK", request_uuid: "r1" })).toBe(false);
    expect(isHub88WalletAnswer({ status: "RS_ERROR_INVALID_SIGNATURE", request_uuid: "r1" })).toBe(true);
    expect(isHub88WalletAnswer({ status: "RS_ERROR_NOT_ENOUGH_MONEY", request_uuid: "r1", user: "u1" })).toBe(
      false,
    );
  });

  it("plays rounds with chaos the operator must see (duplicates, rollbacks before bets) and reconciles", async () => {
    const players = ["player11", "player12", "player13"].map((user) => {
      fake.balances.set(user, 100_000 * UNITS);
      return { user, token: `token-${user}-0001` };
    });
    fake.notes.rollbacksOfUnknown.length = 0;
    fake.notes.lateBetsRefused.length = 0;
    const before = players.map((p) => fake.balances.get(p.user) as number);
    const result = await playRounds({
      walletUrl,
      hub88PrivateKey: hub88.privateKey,
      players,
      rounds: 300,
      concurrency: 6,
      seed: 20260501,
      retryDelayMs: () => 5,
      chaos: {
        timeoutRate: 0.1,
        abortWithinMs: 4,
        duplicateRate: 0.1,
        concurrentDuplicateRate: 0.1,
        rollbackRate: 0.1,
        rollbackBeforeBetRate: 0.1,
      },
    });
    expect(result.violations).toEqual([]);
    expect(result.stats.rounds).toBe(300);
    expect(result.stats.duplicates + result.stats.concurrentDuplicates).toBeGreaterThan(20);
    expect(result.stats.rollbacksBeforeBet).toBeGreaterThan(10);
    expect(result.answers.every((a) => a.outcome !== "answered" || a.status !== undefined)).toBe(true);

    // What the fake saw: the same transaction_uuid delivered more than once, rollbacks of bets it did not know,
    // then those late bets, refused.
    const deliveries = new Map<string, number>();
    for (const r of fake.received) {
      if (r.path.startsWith("/transaction/")) {
        const key = `${r.path} ${String(r.body.transaction_uuid)}`;
        deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
      }
    }
    expect([...deliveries.values()].filter((n) => n > 1).length).toBeGreaterThan(20);
    expect(fake.notes.rollbacksOfUnknown.length).toBeGreaterThan(10);
    expect(fake.notes.lateBetsRefused.length).toBeGreaterThan(5);
    expect(fake.received.every((r) => r.signatureOk)).toBe(true);

    // The books match the wallet.
    players.forEach((p, i) => {
      const books = result.books.users[p.user];
      expect(books?.unresolved).toBe(0);
      expect((before[i] as number) - (fake.balances.get(p.user) as number)).toBe(books?.net);
    });
    expect(result.reconciliation.every((r) => r.ok)).toBe(true);
  });

  it("reports an operator that accepts a bet after its rollback", async () => {
    fake.balances.set("player21", 1_000 * UNITS);
    fake.flags.acceptLateBets = true;
    try {
      const run = playRounds({
        walletUrl,
        hub88PrivateKey: hub88.privateKey,
        players: [{ user: "player21", token: "token-player21-0001" }],
        rounds: 3,
        chaos: { rollbackBeforeBetRate: 1 },
      });
      await expect(run).rejects.toBeInstanceOf(Hub88DriverError);
      await run.catch((error: Hub88DriverError) => {
        expect(error.result.violations.some((v) => v.includes("accepted after its rollback"))).toBe(true);
      });
    } finally {
      fake.flags.acceptLateBets = false;
    }
  });
});

describe("main.ts", () => {
  it("listens on 127.0.0.1, says so in one line, and exits cleanly on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hub88-standin-"));
    try {
      writeFileSync(join(dir, "hub88.pem"), hub88.privateKey);
      writeFileSync(join(dir, "operator.pub"), operator.publicKey);
      const port = await new Promise<number>((resolve) => {
        const probe = createNetServer().listen(0, "127.0.0.1", () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      const child = spawn(process.execPath, [join(import.meta.dirname, "main.ts")], {
        env: {
          ...process.env,
          HUB88_STANDIN_PORT: String(port),
          HUB88_STANDIN_WALLET_URL: walletUrl,
          HUB88_STANDIN_PRIVATE_KEY_FILE: join(dir, "hub88.pem"),
          HUB88_STANDIN_OPERATOR_PUBLIC_KEY_FILE: join(dir, "operator.pub"),
          HUB88_STANDIN_OPERATOR_ID: String(OPERATOR_ID),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ready line: ${output}`)), 15_000);
        child.stdout.on("data", () => {
          if (output.includes("listening")) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      expect(output.trim().split("\n")).toHaveLength(1);
      expect(output).toContain(`hub88 stand-in listening at http://127.0.0.1:${port}`);
      const code = await new Promise<number | null>((resolve) => {
        child.on("exit", (exitCode) => resolve(exitCode));
        child.kill("SIGTERM");
      });
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
