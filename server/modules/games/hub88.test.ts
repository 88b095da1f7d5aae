import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildHub88StandIn, type Hub88StandIn } from "../../standins/hub88/app.ts";
import { playRounds } from "../../standins/hub88/driver.ts";
import { generateKeyPairPem } from "../../standins/hub88/keys.ts";
import { SUPPLIER } from "../../standins/hub88/page.ts";
import { signBody } from "../../standins/hub88/signature.ts";
import { isHub88WalletAnswer } from "../../standins/hub88/wallet.ts";
import {
  available,
  expectLedgerSound,
  gameTransfers,
  launch,
  type Player,
  player,
} from "../../test/games.ts";
import { createTestApp, engineName, type TestApp } from "../../test/harness.ts";
import { syncGameLists } from "./jobs.ts";
import { type FetchLike, providerRegistry } from "./providers.ts";

/**
 * The hub88 dialect (docs/hub88.md) against the stand-in Hub88 (server/standins/hub88), which shares no code with
 * the operator side: its Games API behind our adapter, its signatures on our wallet, and its chaos driver.
 */

const hub88Keys = generateKeyPairPem();
const operatorKeys = generateKeyPairPem();
const OPERATOR_ID = 7;
const API = "https://hub88.standin.test";

let t: TestApp;
let standIn: Hub88StandIn;
let walletUrl = "";
/** The launch token Hub88 received for each user (launches may run at once: one per user, never "the last one"). */
const launchTokens = new Map<string, string>();

/** Our Games API calls reach the stand-in in-process, exactly as they would over the network. */
const standInFetch: FetchLike = async (url, init) => {
  // The launch token travels only to the provider: the test reads it where Hub88 does.
  if (url.endsWith("/game/url")) {
    const body = JSON.parse(init.body as string) as { user: string; token: string };
    launchTokens.set(body.user, body.token);
  }
  const res = await standIn.inject({
    method: "POST",
    url: new URL(url).pathname,
    headers: init.headers as Record<string, string>,
    payload: init.body as string,
  });
  return new Response(res.body, { status: res.statusCode, headers: { "content-type": "application/json" } });
};

beforeAll(async () => {
  t = await createTestApp(
    {
      HUB88_API_URL: API,
      HUB88_OPERATOR_ID: String(OPERATOR_ID),
      HUB88_PUBLIC_KEY: hub88Keys.publicKey,
      HUB88_PRIVATE_KEY: operatorKeys.privateKey,
      GAME_PROVIDER_SA: `hub88:${SUPPLIER}`,
      // The app may frame the stand-in's game pages; its thumbnails are not on GAME_IMAGE_ORIGINS.
      GAME_FRAME_ORIGINS: API,
    },
    {
      games: {
        jobs: false,
        fetch: standInFetch,
      },
    },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  walletUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/providers/hub88`;
  standIn = buildHub88StandIn({
    operatorId: OPERATOR_ID,
    walletUrl,
    hub88PrivateKey: hub88Keys.privateKey,
    operatorPublicKey: operatorKeys.publicKey,
    publicUrl: API,
  });
  await standIn.ready();
  await syncGameLists(t.database.db, providerRegistry(t.config, { fetch: standInFetch }));
}, 120_000);
afterEach(async () => expectLedgerSound(t));
afterAll(async () => {
  await standIn?.close();
  await t?.close();
});

const db = () => t.database.db;

/** A wallet call as Hub88 makes it: the body's exact bytes signed with Hub88's key. */
async function hub88(
  call: string,
  body: Record<string, unknown>,
  sign: (raw: string) => string | undefined = (raw) => signBody(raw, hub88Keys.privateKey),
) {
  const raw = JSON.stringify(body);
  const signature = sign(raw);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/providers/hub88/${call}`,
    headers: { "content-type": "application/json", ...(signature ? { "x-hub88-signature": signature } : {}) },
    payload: raw,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
}

async function hub88Player(baht: number): Promise<Player & { token: string }> {
  const who = await player(t, baht);
  await launch(t, who, "sts_coinflip", "hub88");
  const token = launchTokens.get(who.uuid);
  if (!token) throw new Error(`no launch reached Hub88 for ${who.uuid}`);
  return { ...who, token };
}

const betBody = (who: Player & { token: string }, units: number, transaction = randomUUID()) => ({
  user: who.uuid,
  transaction_uuid: transaction,
  supplier_transaction_id: `sup-${transaction}`,
  token: who.token,
  round: `round-${transaction}`,
  request_uuid: randomUUID(),
  is_free: false,
  game_code: "sts_coinflip",
  currency: "THB",
  bet: null,
  amount: units,
  meta: { unknown: "fields are ignored" },
  some_future_field: 1,
});

describe(`the hub88 dialect (${engineName})`, () => {
  it("syncs the stand-in's game list and launches through its Games API, also behind the SA slug", async () => {
    const games = await db()
      .selectFrom("provider_games as g")
      .innerJoin("game_providers as p", "p.id", "g.provider_id")
      .select(["g.game_code", "g.category", "g.product", "g.thumbnail_url"])
      .where("p.code", "=", "hub88")
      .orderBy("g.sort")
      .execute();
    expect(games.map((g) => [g.game_code, g.category, g.product])).toEqual([
      ["sts_coinflip", "instant", SUPPLIER],
      ["sts_wheel", "table", SUPPLIER],
      ["sts_highcard", "live-casino", SUPPLIER],
    ]);
    // Thumbnails from an origin the CSP's img-src does not allow would show broken: the lobby draws its own.
    expect(games.map((g) => g.thumbnail_url)).toEqual([null, null, null]);
    const list = await t.app.inject({ method: "POST", url: "/api/partners.game.list.config.nr" });
    const providers = list.json().providers as {
      code: string;
      available: boolean;
      games: { gameCode: string }[];
    }[];
    expect(providers.find((p) => p.code === "hub88")).toMatchObject({ available: true });
    expect(providers.find((p) => p.code === "sa")?.games.map((g) => g.gameCode)).toEqual([
      "sts_coinflip",
      "sts_wheel",
      "sts_highcard",
    ]);
    expect(providers.find((p) => p.code === "wm")).toMatchObject({ available: false, games: [] });
    const who = await player(t, 10);
    const direct = await launch(t, who, "sts_wheel", "hub88");
    expect(direct.url).toMatch(new RegExp(`^${API}/play/`));
    expect(direct.frame).toBe(true);
    const viaSlug = await launch(t, who, "sts_highcard", "sa");
    expect(viaSlug.url).toMatch(new RegExp(`^${API}/play/`));
    // The game session of a slug's launch is Hub88's: Hub88 is who calls the wallet.
    const sessions = await db()
      .selectFrom("game_sessions as s")
      .innerJoin("game_providers as p", "p.id", "s.provider_id")
      .select(["p.code", "s.game_code"])
      .where("s.member_id", "=", who.id)
      .orderBy("s.id")
      .execute();
    expect(sessions).toEqual([
      { code: "hub88", game_code: "sts_wheel" },
      { code: "hub88", game_code: "sts_highcard" },
    ]);
  });

  it("answers user/info, balance, bet and win in Hub88's shape and units, echoing request_uuid", async () => {
    const who = await hub88Player(100);
    const info = await hub88("user/info", { user: who.uuid, request_uuid: "info-1" });
    expect(info).toEqual({ status: "RS_OK", request_uuid: "info-1", user: who.uuid, country: "TH" });
    const balance = await hub88("user/balance", {
      user: who.uuid,
      token: who.token,
      request_uuid: "bal-1",
      game_code: "sts_coinflip",
    });
    expect(balance).toEqual({
      status: "RS_OK",
      request_uuid: "bal-1",
      user: who.uuid,
      currency: "THB",
      balance: 10_000_000,
    });
    expect(isHub88WalletAnswer(balance, "bal-1")).toBe(true);
    const stake = betBody(who, 2_500_000);
    const bet = await hub88("transaction/bet", stake);
    expect(bet).toEqual({
      status: "RS_OK",
      request_uuid: stake.request_uuid,
      user: who.uuid,
      currency: "THB",
      balance: 7_500_000,
    });
    const win = await hub88("transaction/win", {
      ...betBody(who, 4_900_000),
      reference_transaction_uuid: stake.transaction_uuid,
      round_closed: true,
    });
    expect(win).toMatchObject({ status: "RS_OK", balance: 12_400_000 });
    expect((await gameTransfers(t, who)).map((m) => [m.type, m.amount])).toEqual([
      ["BET_GAME", 2500n],
      ["WIN_GAME", 4900n],
    ]);
  });

  it("replays with a new request_uuid answer the first balance; another payload is RS_ERROR_DUPLICATE_TRANSACTION", async () => {
    const who = await hub88Player(100);
    const stake = betBody(who, 1_000_000);
    const first = await hub88("transaction/bet", stake);
    await hub88("transaction/bet", betBody(who, 500_000));
    const again = await hub88("transaction/bet", { ...stake, request_uuid: "retry-uuid" });
    expect(again).toEqual({ ...first, request_uuid: "retry-uuid" });
    const other = await hub88("transaction/bet", { ...stake, amount: 2_000_000 });
    expect(other).toMatchObject({ status: "RS_ERROR_DUPLICATE_TRANSACTION", balance: 8_500_000 });
    expect(await gameTransfers(t, who)).toHaveLength(2);
  });

  it("acknowledges a rollback of an unseen bet, refuses the late bet as a duplicate, and finds no bet for a win after it", async () => {
    const who = await hub88Player(100);
    const stake = betBody(who, 3_000_000);
    const rollback = {
      user: who.uuid,
      transaction_uuid: randomUUID(),
      supplier_transaction_id: "sup-rb",
      token: who.token,
      round: stake.round,
      request_uuid: randomUUID(),
      reference_transaction_uuid: stake.transaction_uuid,
      game_code: "sts_coinflip",
      meta: {},
    };
    expect(await hub88("transaction/rollback", rollback)).toMatchObject({
      status: "RS_OK",
      balance: 10_000_000,
    });
    expect(await hub88("transaction/bet", stake)).toMatchObject({
      status: "RS_ERROR_DUPLICATE_TRANSACTION",
      balance: 10_000_000,
    });
    const win = { ...betBody(who, 100_000), reference_transaction_uuid: stake.transaction_uuid };
    expect(await hub88("transaction/win", win)).toMatchObject({
      status: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
    });
    expect(await gameTransfers(t, who)).toEqual([]);
  });

  it("refuses a body off by one byte, a missing signature and another key's signature, moving nothing", async () => {
    const who = await hub88Player(100);
    const stake = betBody(who, 1_000_000);
    const tampered = await hub88("transaction/bet", stake, (raw) =>
      signBody(raw.replace('"amount":1000000', '"amount":1000001'), hub88Keys.privateKey),
    );
    expect(tampered).toEqual({ status: "RS_ERROR_INVALID_SIGNATURE", request_uuid: stake.request_uuid });
    expect(await hub88("transaction/bet", stake, () => undefined)).toEqual({
      status: "RS_ERROR_INVALID_SIGNATURE",
      request_uuid: stake.request_uuid,
    });
    expect(
      await hub88("transaction/bet", stake, (raw) => signBody(raw, operatorKeys.privateKey)),
    ).toMatchObject({
      status: "RS_ERROR_INVALID_SIGNATURE",
    });
    expect(await available(t, who)).toBe(10_000n);
    expect(await gameTransfers(t, who)).toEqual([]);
    const verdicts = await db()
      .selectFrom("game_callbacks")
      .select("verdict")
      .where("provider_code", "=", "hub88")
      .where("status", "=", "RS_ERROR_INVALID_SIGNATURE")
      .execute();
    expect(verdicts.map((v) => v.verdict).sort()).toEqual(["invalid", "invalid", "missing"]);
  });

  it("tells a missing field (RS_ERROR_WRONG_SYNTAX) from a wrong type (RS_ERROR_WRONG_TYPES), and refuses fractions of a satang in a bet", async () => {
    const who = await hub88Player(100);
    const { amount: _dropped, ...noAmount } = betBody(who, 1_000);
    expect(await hub88("transaction/bet", noAmount)).toMatchObject({ status: "RS_ERROR_WRONG_SYNTAX" });
    expect(await hub88("transaction/bet", { ...betBody(who, 1_000), amount: "ten" })).toMatchObject({
      status: "RS_ERROR_WRONG_TYPES",
    });
    expect(await hub88("transaction/bet", betBody(who, 1_500))).toMatchObject({
      status: "RS_ERROR_WRONG_TYPES",
    });
    expect(await hub88("transaction/bet", { ...betBody(who, 1_000), currency: "USD" })).toMatchObject({
      status: "RS_ERROR_WRONG_CURRENCY",
      balance: 10_000_000,
    });
    expect(await gameTransfers(t, who)).toEqual([]);
  });

  it("plays 120 rounds of the stand-in's chaos (timeouts, duplicates, rollbacks before bets) without breaking one of Hub88's rules", async () => {
    const players = await Promise.all([hub88Player(500), hub88Player(500), hub88Player(30)]);
    const result = await playRounds({
      walletUrl,
      hub88PrivateKey: hub88Keys.privateKey,
      players: players.map((p) => ({ user: p.uuid, token: p.token })),
      rounds: Number(process.env.CHAOS_ROUNDS ?? 120),
      concurrency: 6,
      seed: Number(process.env.CHAOS_SEED ?? 1414),
      stake: { min: 100_000, max: 5_000_000 },
      retryDelayMs: () => 20,
      // The violations are asserted below, where a failure shows them all.
      strict: false,
      chaos: {
        timeoutRate: 0.05,
        duplicateRate: 0.05,
        concurrentDuplicateRate: 0.05,
        rollbackRate: 0.05,
        rollbackBeforeBetRate: 0.05,
      },
    });
    expect(result.violations).toEqual([]);
    expect(result.reconciliation.every((r) => r.ok)).toBe(true);
    for (const p of players) {
      const books = result.books.users[p.uuid];
      if (books && books.unresolved === 0) {
        expect(await available(t, p)).toBe(
          BigInt(p === players[2] ? 3_000 : 50_000) - BigInt(books.net / 1_000),
        );
      }
    }
  }, 120_000);
});
