import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GAME_PROVIDER_SLUGS } from "../../../src/domain/gamePlatform.ts";
import { ORIGINAL_GAMES } from "../../../src/domain/games/index.ts";
import { type ConfigError, loadConfig, urlMatchesOrigins } from "../../config.ts";
import { generateKeyPairPem } from "../../standins/hub88/keys.ts";
import { expectLedgerSound, launch, lottoup, player } from "../../test/games.ts";
import { createTestApp, engineName, requestsOf, type TestApp } from "../../test/harness.ts";
import { pruneGameCallbacks, sweepGameSessions } from "./jobs.ts";
import { tokenHash } from "./wallet.ts";

/** The member and guest calls (docs/games.md "Member and guest calls"), the jobs, and the games' configuration. */

let t: TestApp;
const { post, get } = requestsOf(() => t.app);
beforeAll(async () => {
  t = await createTestApp({}, { games: { jobs: false } });
});
afterEach(async () => expectLedgerSound(t));
afterAll(async () => t.close());

const db = () => t.database.db;

describe(`the lobby's calls (${engineName})`, () => {
  it("lists every provider for guests, Originals with its games, the SPEC slugs as not available, and no favourites or recent", async () => {
    const res = await post("/api/partners.game.list.config.nr", undefined);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(["providers"]);
    const codes = body.providers.map((p: { code: string }) => p.code);
    expect(codes).toEqual(["lottoup", ...GAME_PROVIDER_SLUGS.map((s) => s.code)]);
    const originals = body.providers[0];
    expect(originals).toMatchObject({ code: "lottoup", name: "LOTTOUP Originals", available: true });
    expect(originals.games.map((g: { gameCode: string }) => g.gameCode)).toEqual(
      ORIGINAL_GAMES.map((g) => g.code),
    );
    expect(new Set(originals.categories)).toEqual(new Set(["table", "slots", "instant"]));
    for (const slug of body.providers.slice(1)) expect(slug).toMatchObject({ available: false, games: [] });
  });

  it("gives a member their favourites and the games they launched last, newest first", async () => {
    const a = await player(t, 0);
    const list = async () => (await post("/api/partners.game.list.config", a.access)).json();
    expect(await list()).toMatchObject({ favourites: [], recent: [] });
    const games = (await list()).providers[0].games as { id: string; gameCode: string }[];
    const [baccarat, slot, dice] = ["lottoup-baccarat", "lottoup-siam-fortune", "lottoup-dice"].map(
      (code) => games.find((g) => g.gameCode === code) as { id: string },
    );
    expect(
      (await post("/api/games.favourites.set", a.access, { gameId: dice?.id, favourite: true })).json(),
    ).toEqual({
      gameId: dice?.id,
      favourite: true,
    });
    await post("/api/games.favourites.set", a.access, { gameId: slot?.id, favourite: true });
    await post("/api/games.favourites.set", a.access, { gameId: slot?.id, favourite: true });
    expect(new Set((await list()).favourites)).toEqual(new Set([dice?.id, slot?.id]));
    await post("/api/games.favourites.set", a.access, { gameId: slot?.id, favourite: false });
    expect((await list()).favourites).toEqual([dice?.id]);
    expect(
      (await post("/api/games.favourites.set", a.access, { gameId: "987654321", favourite: true })).json(),
    ).toMatchObject({ code: "GAME_NOT_FOUND" });

    await launch(t, a, "lottoup-baccarat");
    await launch(t, a, "lottoup-dice");
    await launch(t, a, "lottoup-baccarat");
    const recent = (await list()).recent as { id: string }[];
    expect(recent.map((g) => g.id)).toEqual([baccarat?.id, dice?.id]);
    // Another member sees none of it.
    const b = await player(t, 0);
    expect((await post("/api/partners.game.list.config", b.access)).json()).toMatchObject({
      favourites: [],
      recent: [],
    });
    // Guests are asked to log in for the member list.
    expect((await post("/api/partners.game.list.config", undefined)).statusCode).toBe(401);
  });

  it("highlights the Originals, in order, for anyone", async () => {
    const res = await get("/api/game-highlight-configs");
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { game: { gameCode: string } }) => i.game.gameCode)).toEqual(
      ORIGINAL_GAMES.map((g) => g.code),
    );
    // A highlight whose window has not opened is not shown.
    await db()
      .updateTable("game_highlights")
      .set({ active_from: new Date(Date.now() + 3_600_000) })
      .where("sort", "=", 0)
      .execute();
    expect((await get("/api/game-highlight-configs")).json().items).toHaveLength(ORIGINAL_GAMES.length - 1);
    await db().updateTable("game_highlights").set({ active_from: null }).execute();
  });

  it("refuses a status 3 member every launch and the member lists (403), and lets them end their game sessions", async () => {
    const a = await player(t, 10);
    const { token } = await launch(t, a);
    await db().updateTable("members").set({ status: 3 }).where("id", "=", a.id).execute();
    const refused = await post("/api/games.launch", a.access, {
      provider: "lottoup",
      gameCode: "lottoup-dice",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "FORBIDDEN" });
    expect((await post("/api/partners.game.list.config", a.access)).statusCode).toBe(403);
    expect(
      (await post("/api/games.favourites.set", a.access, { gameId: "1", favourite: true })).statusCode,
    ).toBe(403);
    expect((await post("/api/games.logout", a.access)).json()).toEqual({ closed: 1 });
    await db().updateTable("members").set({ status: 0 }).where("id", "=", a.id).execute();
    // The closed session takes no more bets.
    const bet = await lottoup(t, "bet", {
      token,
      user: a.uuid,
      transactionId: randomUUID(),
      roundId: "r1",
      gameCode: "lottoup-dice",
      amount: "100",
    });
    expect(bet.json).toEqual({ status: "TOKEN_EXPIRED", balance: "1000" });
  });

  it("refuses an unknown or unconnected provider (409) and an unknown game (404)", async () => {
    const a = await player(t, 0);
    const launchOf = (provider: string, gameCode: string) =>
      post("/api/games.launch", a.access, { provider, gameCode, platform: "desktop" });
    expect((await launchOf("nosuch", "x")).json()).toMatchObject({ code: "PROVIDER_UNAVAILABLE" });
    expect((await launchOf("sa", "x")).statusCode).toBe(409);
    expect((await launchOf("hub88", "x")).statusCode).toBe(409);
    const unknown = await launchOf("lottoup", "lottoup-roulette");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "GAME_NOT_FOUND" });
    expect(
      await db().selectFrom("game_sessions").select("id").where("member_id", "=", a.id).execute(),
    ).toEqual([]);
  });

  it("binds a launch to a fresh random token, not the access token, stored only as its hash, for that member and game", async () => {
    const a = await player(t, 20);
    const b = await player(t, 20);
    const { token, url, frame } = await launch(t, a, "lottoup-siam-fortune");
    expect(url).toMatch(/^\/external\/originals\/lottoup-siam-fortune\?token=[\w-]{43}&lang=th$/);
    // Same origin: the app shows it in a frame (frame-src 'self').
    expect(frame).toBe(true);
    expect(token).not.toBe(a.access);
    expect(a.access).not.toContain(token);
    const again = await launch(t, a, "lottoup-siam-fortune");
    expect(again.token).not.toBe(token);
    const row = await db()
      .selectFrom("game_sessions")
      .selectAll()
      .where("token_hash", "=", tokenHash(token))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      member_id: a.id,
      game_code: "lottoup-siam-fortune",
      platform: "mobile",
      closed_at: null,
    });
    const stored = await db().selectFrom("game_sessions").selectAll().execute();
    expect(JSON.stringify(stored, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(token);
    // The token is a's: it authenticates a, and b cannot bet with it.
    expect((await lottoup(t, "authenticate", { token })).json.user).toBe(a.uuid);
    const asB = await lottoup(t, "bet", {
      token,
      user: b.uuid,
      transactionId: randomUUID(),
      roundId: "r1",
      gameCode: "lottoup-siam-fortune",
      amount: "100",
    });
    expect(asB.json).toEqual({ status: "INVALID_TOKEN", balance: "2000" });
    expect((await lottoup(t, "balance", { token, user: b.uuid })).json).toEqual({ status: "INVALID_TOKEN" });
    // The launch follows the app's language.
    const english = await t.app.inject({
      method: "POST",
      url: "/api/games.launch",
      headers: { authorization: `Bearer ${a.access}`, "x-locale": "en" },
      payload: { provider: "lottoup", gameCode: "lottoup-dice" },
    });
    expect(english.json().url).toMatch(/&lang=en$/);
  });

  it("lists the games group of the statement with BET_GAME and WIN_GAME", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const stake = randomUUID();
    const common = { token, user: a.uuid, roundId: "r-statement", gameCode: "lottoup-dice" };
    await lottoup(t, "bet", { ...common, transactionId: stake, amount: "1000" });
    await lottoup(t, "win", {
      ...common,
      transactionId: randomUUID(),
      betTransactionId: stake,
      amount: "1980",
    });
    const res = await post("/api/transactions.all", a.access, { group: "games" });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .items.map((i: { transactionType: string; amount: string; group: string }) => [
          i.transactionType,
          i.amount,
          i.group,
        ]),
    ).toEqual([
      ["WIN_GAME", "19.80", "games"],
      ["BET_GAME", "10.00", "games"],
    ]);
    expect((await post("/api/transactions.all", a.access, { group: "deposit" })).json().items).toHaveLength(
      1,
    );
    expect((await get("/api/turnover", a.access)).json().byGroup.games).toBe("10.00");
  });
});

describe(`the games jobs (${engineName})`, () => {
  it("closes game sessions past their time or whose login ended, and then they take no bets", async () => {
    const a = await player(t, 10);
    const fresh = await launch(t, a);
    const old = await launch(t, a, "lottoup-baccarat");
    await db()
      .updateTable("game_sessions")
      .set({ expires_at: new Date(Date.now() - 1) })
      .where("token_hash", "=", tokenHash(old.token))
      .execute();
    const b = await player(t, 10);
    const loggedOut = await launch(t, b);
    await post("/api/users.logout", b.access);
    const swept = await sweepGameSessions(db());
    expect(swept.closed).toBeGreaterThanOrEqual(2);
    const closed = async (token: string) =>
      (
        await db()
          .selectFrom("game_sessions")
          .select("closed_at")
          .where("token_hash", "=", tokenHash(token))
          .executeTakeFirstOrThrow()
      ).closed_at !== null;
    expect([await closed(fresh.token), await closed(old.token), await closed(loggedOut.token)]).toEqual([
      false,
      true,
      true,
    ]);
    const bet = await lottoup(t, "bet", {
      token: old.token,
      user: a.uuid,
      transactionId: randomUUID(),
      roundId: "r-swept",
      gameCode: "lottoup-baccarat",
      amount: "100",
    });
    expect(bet.json).toEqual({ status: "TOKEN_EXPIRED", balance: "1000" });
  });

  it("keeps game callbacks 13 months and deletes older ones", async () => {
    const row = (monthsAgo: number) => ({
      provider_code: "lottoup",
      call: "balance",
      request_body: Buffer.from("{}"),
      verdict: "valid" as const,
      http_status: 200,
      status: "OK",
      response_body: "{}",
      ms: 1,
      created_at: new Date(Date.now() - monthsAgo * 31 * 24 * 3_600_000),
    });
    await db()
      .insertInto("game_callbacks")
      .values([row(14), row(13.5), row(12), row(1)])
      .execute();
    expect(await pruneGameCallbacks(db())).toBe(2);
    const left = await sql<{ n: string }>`select count(*) as n from game_callbacks
      where created_at < now() - interval '11 months'`.execute(db());
    expect(Number(left.rows[0]?.n)).toBe(1);
  });
});

describe("the games' configuration", () => {
  const keys = generateKeyPairPem();
  const hub88 = {
    HUB88_API_URL: "https://api.hub88.example",
    HUB88_OPERATOR_ID: "42",
    HUB88_PUBLIC_KEY: keys.publicKey,
    HUB88_PRIVATE_KEY: keys.privateKey,
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      return (err as ConfigError).problems;
    }
  };
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

  it("connects Hub88 with all four variables, or none, and checks the keys", () => {
    expect(loadConfig({}).games.hub88).toBeNull();
    expect(loadConfig(hub88).games.hub88).toMatchObject({
      apiUrl: "https://api.hub88.example",
      operatorId: 42,
    });
    expect(problems({ HUB88_API_URL: hub88.HUB88_API_URL })).toEqual([expect.stringMatching(/set all four/)]);
    expect(problems({ ...hub88, HUB88_PUBLIC_KEY: "not a key" })).toEqual([
      expect.stringMatching(/^HUB88_PUBLIC_KEY: neither a PEM key/),
    ]);
    expect(problems({ ...hub88, HUB88_PRIVATE_KEY: keys.publicKey })).toEqual([
      expect.stringMatching(/^HUB88_PRIVATE_KEY: not a valid private key/),
    ]);
    expect(problems({ ...hub88, HUB88_OPERATOR_ID: "0x2a" })).toEqual([
      expect.stringMatching(/^HUB88_OPERATOR_ID/),
    ]);
    // A PEM with its line breaks written as \n (platforms that cannot set multi-line variables).
    expect(
      loadConfig({ ...hub88, HUB88_PUBLIC_KEY: keys.publicKey.replaceAll("\n", "\\n") }).games.hub88,
    ).not.toBeNull();
  });

  it("refuses an http:// HUB88_API_URL in production", () => {
    expect(problems({ ...production, ...hub88, HUB88_API_URL: "http://api.hub88.example" })).toEqual([
      expect.stringMatching(/^HUB88_API_URL: must be an https:\/\/ URL in production/),
    ]);
    expect(problems({ ...production, ...hub88 })).toEqual([]);
  });

  it("serves a SPEC slug through Hub88 by naming the product, and refuses unknown slugs or a slug without Hub88", () => {
    expect(loadConfig({ ...hub88, GAME_PROVIDER_SA: "hub88:SA Gaming" }).games.slugProducts).toEqual({
      sa: "SA Gaming",
    });
    expect(loadConfig({ ...hub88, GAME_PROVIDER_PG_SOFT2: "hub88:PG Soft" }).games.slugProducts).toEqual({
      "pg-soft2": "PG Soft",
    });
    expect(problems({ GAME_PROVIDER_SA: "hub88:SA Gaming" })).toEqual([
      expect.stringMatching(/^GAME_PROVIDER_SA: names a Hub88 product/),
    ]);
    expect(problems({ ...hub88, GAME_PROVIDER_NOPE: "hub88:x" })).toEqual([
      expect.stringMatching(/^GAME_PROVIDER_NOPE: not a provider/),
    ]);
    expect(problems({ ...hub88, GAME_PROVIDER_WM: "wm" })).toEqual([
      expect.stringMatching(/^GAME_PROVIDER_WM: must be hub88:<product>/),
    ]);
  });

  it("reads GAME_FRAME_ORIGINS and GAME_IMAGE_ORIGINS as origins only, https only in production", () => {
    const games = loadConfig({
      GAME_FRAME_ORIGINS: "https://games.example.com, https://*.studio.example:8443/ http://127.0.0.1:4330",
      GAME_IMAGE_ORIGINS: "https://CDN.example.com",
    }).games;
    expect(games.frameOrigins).toEqual([
      "https://games.example.com",
      "https://*.studio.example:8443",
      "http://127.0.0.1:4330",
    ]);
    expect(games.imageOrigins).toEqual(["https://cdn.example.com"]);
    expect(loadConfig({}).games).toMatchObject({ frameOrigins: [], imageOrigins: [] });
    // Nothing but an origin reaches the header: no path, no quotes or keywords, no bare scheme, no port past 65535.
    for (const bad of [
      "https://games.example.com/play",
      "'unsafe-inline'",
      "https:",
      "*",
      "javascript:alert(1)",
      "https://games.example.com;script-src",
      "https://a.example:70000",
      "ftp://files.example",
    ]) {
      expect(problems({ GAME_FRAME_ORIGINS: bad }), bad).toEqual([
        expect.stringMatching(/^GAME_FRAME_ORIGINS: .* is not an origin/),
      ]);
    }
    expect(problems({ ...production, GAME_IMAGE_ORIGINS: "http://cdn.example.com" })).toEqual([
      expect.stringMatching(/^GAME_IMAGE_ORIGINS: http:\/\/cdn.example.com must be https:\/\/ in production/),
    ]);
    expect(problems({ ...production, GAME_FRAME_ORIGINS: "https://games.example.com" })).toEqual([]);
  });

  it("matches launch and image URLs against the origins as CSP does", () => {
    const origins = ["https://games.example.com", "https://*.studio.example", "http://127.0.0.1:4330"];
    for (const url of [
      "https://games.example.com/play?x=1",
      "https://games.example.com:443/",
      "https://a.studio.example/x",
      "https://a.b.studio.example/x",
      "http://127.0.0.1:4330/play/abc",
    ])
      expect(urlMatchesOrigins(url, origins), url).toBe(true);
    for (const url of [
      "http://games.example.com/play",
      "https://games.example.com:8443/",
      "https://studio.example/x",
      "https://evilstudio.example/x",
      "https://games.example.com.evil.example/",
      "http://127.0.0.1:4331/play",
      "/external/originals/lottoup-dice",
      "not a url",
    ])
      expect(urlMatchesOrigins(url, origins), url).toBe(false);
  });

  it("starts the Hub88 stand-in in demo mode only, unless Hub88 is configured or GAMES_DEMO_STANDIN=off", () => {
    expect(loadConfig({}).games.demoStandIn).toEqual({ port: 4330 });
    expect(loadConfig({ HUB88_STANDIN_PORT: "4555" }).games.demoStandIn).toEqual({ port: 4555 });
    expect(loadConfig({ GAMES_DEMO_STANDIN: "off" }).games.demoStandIn).toBeNull();
    expect(loadConfig(hub88).games.demoStandIn).toBeNull();
    expect(loadConfig(production).games.demoStandIn).toBeNull();
    expect(problems({ ...production, GAMES_DEMO_STANDIN: "on" })).toEqual([
      expect.stringMatching(/^GAMES_DEMO_STANDIN: the Hub88 stand-in is for the demo only/),
    ]);
    expect(problems({ GAMES_DEMO_STANDIN: "yes" })).toEqual([expect.stringMatching(/^GAMES_DEMO_STANDIN/)]);
    expect(problems({ HUB88_STANDIN_PORT: "0" })).toEqual([expect.stringMatching(/^HUB88_STANDIN_PORT/)]);
  });

  it("derives the Originals' lottoup secret from SESSION_SECRET, distinct per secret", () => {
    const one = loadConfig({ SESSION_SECRET: "a".repeat(40) }).games.originalsSecret;
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(one).not.toBe(loadConfig({ SESSION_SECRET: "b".repeat(40) }).games.originalsSecret);
    expect(one).not.toContain("a".repeat(40));
  });
});
