import { createHmac } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type BaccaratBetKind,
  baccaratShoe,
  type DiceDirection,
  dealHand,
  diceRoll,
  isShoeOver,
  isValidClientSeed,
  type OriginalGameCode,
  SHOE_CARDS,
  settleBaccarat,
  settleDice,
  siamFortuneSpin,
  slotReturnSatang,
  verifyServerSeed,
} from "../../../../src/domain/games/index.ts";
import type { Database } from "../../../db/database.ts";
import { frameworkErrorOptions, registerErrorHandling } from "../../../http/errors.ts";
import { registerCsrfProtection, registerHostAllowList } from "../../../http/security.ts";
import { engineName, openTestDatabase } from "../../../test/harness.ts";
import { createOriginalsContext, ORIGINALS_API_PREFIX, originalsProvider } from "./provider.ts";
import { retryDueRounds } from "./retry.ts";
import {
  type FakeOperatorWallet,
  fakeOperatorWalletState,
  registerFakeOperatorWallet,
  startFakeOperatorWallet,
} from "./testing/fakeOperatorWallet.ts";
import {
  createWalletClient,
  httpTransport,
  originalsWalletSecret,
  type WalletClient,
  type WalletTransport,
} from "./walletClient.ts";

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read field by field; the expectations check them
type Json = any;

const SESSION_SECRET = "originals-test-session-secret-0123456789abcdef";
// Derived here by hand, not with the provider's function: the test states the contract the operator verifies with.
const SECRET = createHmac("sha256", SESSION_SECRET).update("originals-wallet-v1").digest("hex");
const DRAW_KEY = "originals-test-draw-seed-key-0123456789abcdef";
const config = { sessionSecret: SESSION_SECRET, drawSeedKey: DRAW_KEY, allowedHosts: ["*"] };
/** The provider's wallet timeout in these tests; a lost answer is held longer than this. */
const TIMEOUT_MS = 400;
const HOLD_MS = 700;
const FAR_FUTURE = () => new Date(Date.now() + 24 * 3600_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Database;
let wallet: FakeOperatorWallet;
const opened: FastifyInstance[] = [];

interface Provider {
  app: FastifyInstance;
  client: WalletClient;
  post(path: string, body: unknown): Promise<{ status: number; json: Json }>;
  retry(): Promise<unknown>;
}

function walletClientFor(url: string, secret = SECRET, wrap?: (t: WalletTransport) => WalletTransport) {
  const transport = httpTransport({ baseUrl: url });
  return createWalletClient({ secret, transport: wrap ? wrap(transport) : transport, timeoutMs: TIMEOUT_MS });
}

/** The provider on an app of its own (the error handling of the real one), talking to the fake wallet. */
async function startProvider(
  options: { secret?: string; url?: string; wrap?: (t: WalletTransport) => WalletTransport } = {},
): Promise<Provider> {
  const app = Fastify({ ...frameworkErrorOptions, logger: false });
  registerErrorHandling(app);
  const client = walletClientFor(options.url ?? wallet.url, options.secret, options.wrap);
  await app.register(originalsProvider, {
    config,
    database,
    wallet: client,
    walletTimeoutMs: TIMEOUT_MS,
    retryIntervalMs: 0,
  });
  await app.ready();
  opened.push(app);
  const ctx = createOriginalsContext({ config, database, walletTimeoutMs: TIMEOUT_MS }, client, app.log);
  return {
    app,
    client,
    post: async (path, body) => {
      const res = await app.inject({
        method: "POST",
        url: `${ORIGINALS_API_PREFIX}/${path}`,
        headers: { "content-type": "application/json" },
        payload: typeof body === "string" ? body : JSON.stringify(body),
      });
      return { status: res.statusCode, json: res.json() };
    },
    retry: () => retryDueRounds(ctx, { now: FAR_FUTURE() }),
  };
}

let p: Provider;

beforeAll(async () => {
  database = await openTestDatabase();
  wallet = await startFakeOperatorWallet(SECRET);
  p = await startProvider();
});
afterAll(async () => {
  for (const app of opened) await app.close();
  await wallet.close();
  await database.close();
});
beforeEach(() => {
  wallet.fault = null;
});

function player(balance = 10_000_000n) {
  return wallet.addPlayer(balance);
}

const DICE_BET = { stake: "1000", direction: "over", target: 499 };

async function roundRows(user: string) {
  return database.db
    .selectFrom("originals_rounds")
    .selectAll()
    .where("player", "=", user)
    .orderBy("created_at")
    .execute();
}

async function activeSeed(user: string, game: OriginalGameCode) {
  return database.db
    .selectFrom("originals_seeds")
    .selectAll()
    .where("player", "=", user)
    .where("game", "=", game)
    .where("revealed_at", "is", null)
    .executeTakeFirstOrThrow();
}

/** Recomputes a round with src/domain/games alone, from its bet and verification data (the browser's way). */
async function recompute(
  game: string,
  bet: Json,
  fairness: Json,
): Promise<{ outcome: Record<string, unknown>; return: bigint }> {
  const { serverSeed, clientSeed } = fairness;
  if (game === "lottoup-dice") {
    const roll = await diceRoll(serverSeed, clientSeed, fairness.nonce);
    const result = settleDice(
      {
        direction: bet.direction as DiceDirection,
        targetHundredths: bet.target,
        stakeSatang: BigInt(bet.stake),
      },
      roll,
    );
    return {
      outcome: {
        rollHundredths: result.rollHundredths,
        win: result.win,
        multiplierTenThousandths: result.multiplierTenThousandths,
      },
      return: result.returnSatang,
    };
  }
  if (game === "lottoup-siam-fortune") {
    const spin = await siamFortuneSpin(serverSeed, clientSeed, fairness.nonce);
    return {
      outcome: { stops: spin.stops, window: spin.window, wins: spin.wins, pay: spin.pay },
      return: slotReturnSatang(BigInt(bet.totalBet), spin.pay),
    };
  }
  const shoe = await baccaratShoe(serverSeed, clientSeed);
  const hand = dealHand(shoe, fairness.shoePosition);
  const bets = (bet.bets as { kind: BaccaratBetKind; stake: string }[]).map((b) => ({
    kind: b.kind,
    stakeSatang: BigInt(b.stake),
  }));
  const settlement = settleBaccarat(bets, hand);
  return {
    outcome: {
      player: hand.player,
      banker: hand.banker,
      playerTotal: hand.playerTotal,
      bankerTotal: hand.bankerTotal,
      winner: hand.winner,
      playerPair: hand.playerPair,
      bankerPair: hand.bankerPair,
      natural: hand.natural,
      position: fairness.shoePosition,
      nextPosition: hand.nextPosition,
      cardsRemaining: SHOE_CARDS - hand.nextPosition,
      shoeOver: isShoeOver(shoe, hand.nextPosition),
      bets: settlement.bets.map((b) => ({
        kind: b.kind,
        stake: String(b.stakeSatang),
        return: String(b.returnSatang),
      })),
    },
    return: settlement.totalReturnSatang,
  };
}

/** The bet and the win of one round, in order, as the wallet received them. */
function moneyCallsOf(roundId: string) {
  return wallet.moneyCalls().filter((c) => c.body.roundId === roundId);
}

describe(`LOTTOUP Originals provider against a fake lottoup wallet (${engineName})`, () => {
  it("signs with HMAC(SESSION_SECRET, 'originals-wallet-v1'); a wrong secret is refused and plays nothing", async () => {
    expect(originalsWalletSecret(SESSION_SECRET)).toBe(SECRET);
    const { token } = player();
    const wrong = await startProvider({
      secret: originalsWalletSecret("another-session-secret-0123456789abcdef"),
    });
    const before = wallet.calls.length;
    const res = await wrong.post("session", { token, game: "lottoup-dice" });
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({ code: "WALLET_REFUSED", walletStatus: "INVALID_SIGNATURE" });
    expect(wallet.calls.slice(before).map((c) => c.answered)).toEqual(["INVALID_SIGNATURE"]);
  });

  it("session: balance, currency, the game's commitment, client seed and next nonce, and the rules the page needs", async () => {
    const { token, user } = player(123_400n);
    const rules: Record<string, Json> = {};
    const seeds: Record<string, unknown> = {};
    for (const game of ["lottoup-dice", "lottoup-siam-fortune", "lottoup-baccarat"] as const) {
      const res = await p.post("session", { token, game });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ game, currency: "THB", balance: "123400" });
      expect(res.json.seed.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(isValidClientSeed(res.json.seed.clientSeed)).toBe(true);
      if (game === "lottoup-baccarat")
        expect(res.json.seed).toMatchObject({ shoePosition: 0, cardsRemaining: 416 });
      else expect(res.json.seed.nonce).toBe(0);
      expect((await activeSeed(user, game)).commitment).toBe(res.json.seed.commitment);
      rules[game] = res.json.rules;
      seeds[game] = res.json.seed;
    }
    // The same pair on the next visit: one pair per player and game.
    expect((await p.post("session", { token, game: "lottoup-dice" })).json.seed).toEqual(
      seeds["lottoup-dice"],
    );
    expect(rules["lottoup-siam-fortune"]).toMatchObject({
      limits: { minTotalBet: "100", maxTotalBet: "100000" },
      lineCount: 10,
      paytable: { wild: [40, 150, 1000] },
      rtpPercent: 95.73,
    });
    expect(rules["lottoup-baccarat"]?.limits.tie).toEqual({ min: "1000", max: "500000" });
    expect(rules["lottoup-dice"]?.limits).toEqual({ minStake: "100", maxStake: "500000" });
    expect((await p.post("session", { token: "no-such-token", game: "lottoup-dice" })).json.code).toBe(
      "INVALID_TOKEN",
    );
  });

  it("dice, slot and baccarat: a round is a bet of the stake then a win of the engine's return, in satang, and the revealed seed recomputes it", async () => {
    const { token, user } = player(5_000_000n);
    const plays = [
      { game: "lottoup-dice", path: "dice/roll", body: { stake: "1234", direction: "under", target: 5000 } },
      { game: "lottoup-dice", path: "dice/roll", body: { stake: 2500, direction: "over", target: 9000 } },
      { game: "lottoup-siam-fortune", path: "slot/spin", body: { totalBet: "1000" } },
      { game: "lottoup-siam-fortune", path: "slot/spin", body: { totalBet: 2500 } },
      {
        game: "lottoup-baccarat",
        path: "baccarat/deal",
        body: {
          bets: [
            { kind: "banker", stake: "2000" },
            { kind: "tie", stake: "1000" },
            { kind: "playerPair", stake: 1000 },
          ],
        },
      },
      {
        game: "lottoup-baccarat",
        path: "baccarat/deal",
        body: { bets: [{ kind: "player", stake: "5000" }] },
      },
    ];
    let balance = 5_000_000n;
    const answers: Json[] = [];
    for (const [i, play] of plays.entries()) {
      const res = await p.post(play.path, { token, ...play.body });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const a = res.json;
      answers.push(a);
      expect(a).toMatchObject({ game: play.game, state: "settled", winPending: false });
      const stake = BigInt(a.stake);
      const ret = BigInt(a.return);
      balance = balance - stake + ret;
      expect(a.balance).toBe(String(balance));
      expect(wallet.player(user).balance).toBe(balance);
      // Exactly a bet then a win, same round, the win referencing the bet.
      const calls = moneyCallsOf(a.roundId);
      expect(calls.map((c) => c.path)).toEqual(["bet", "win"]);
      const [bet, win] = calls as [(typeof calls)[0], (typeof calls)[0]];
      expect(bet.body).toMatchObject({ token, user, gameCode: play.game, amount: String(stake) });
      expect(win.body).toMatchObject({
        token,
        user,
        gameCode: play.game,
        amount: String(ret),
        betTransactionId: bet.body.transactionId,
        roundClosed: true,
      });
      expect(win.body.transactionId).not.toBe(bet.body.transactionId);
      // The fairness inputs shown before the reveal: commitment, client seed, nonce (no seed yet).
      expect(a.fairness.serverSeed).toBeNull();
      const previous = plays.slice(0, i).filter((x) => x.game === play.game).length;
      if (play.game === "lottoup-baccarat")
        expect(a.fairness.shoePosition).toBe(previous === 0 ? 0 : answers[i - 1]?.outcome.nextPosition);
      else expect(a.fairness.nonce).toBe(previous);
    }
    expect(answers[0]?.stake).toBe("1234");
    expect(answers[4]?.stake).toBe("4000");

    for (const game of ["lottoup-dice", "lottoup-siam-fortune", "lottoup-baccarat"]) {
      const rotated = await p.post("seeds/rotate", { token, game });
      expect(rotated.status).toBe(200);
      const { serverSeed, commitment } = rotated.json.revealed;
      expect(await verifyServerSeed(serverSeed, commitment)).toBe(true);
      for (const a of answers.filter((x) => x.game === game)) {
        expect(a.fairness.commitment).toBe(commitment);
        const again = await recompute(game, a.bet, { ...a.fairness, serverSeed });
        expect(again.outcome).toEqual(a.outcome);
        expect(String(again.return)).toBe(a.return);
      }
    }
  });

  it("a bet the wallet refuses (not enough money) plays nothing and keeps the nonce", async () => {
    const { token, user } = player(500n);
    const refused = await p.post("dice/roll", { token, ...DICE_BET });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "NOT_ENOUGH_MONEY", balance: "500" });
    expect(refused.json.outcome).toBeUndefined();
    const [row] = await roundRows(user);
    expect(row).toMatchObject({
      state: "refused",
      refusal: "NOT_ENOUGH_MONEY",
      outcome: null,
      token_sealed: null,
    });
    expect((await activeSeed(user, "lottoup-dice")).next_nonce).toBe(0);
    expect(moneyCallsOf(row?.id as string).map((c) => c.path)).toEqual(["bet"]);
    // The refused round is not in the history (nothing was played).
    expect((await p.post("rounds", { token, game: "lottoup-dice" })).json.rounds).toEqual([]);

    wallet.player(user).balance = 100_000n;
    const played = await p.post("dice/roll", { token, ...DICE_BET });
    expect(played.status).toBe(200);
    expect(played.json.fairness.nonce).toBe(0);
    expect(played.json.seed.nonce).toBe(1);
  });

  it("a token the wallet refuses at the bet (expired, disabled) answers 401/403 and plays nothing", async () => {
    const a = player();
    expect((await p.post("session", { token: a.token, game: "lottoup-dice" })).status).toBe(200);
    wallet.player(a.user).expired = true;
    const expired = await p.post("dice/roll", { token: a.token, ...DICE_BET });
    expect(expired.status).toBe(401);
    expect(expired.json.code).toBe("TOKEN_EXPIRED");
    const b = player();
    expect((await p.post("session", { token: b.token, game: "lottoup-slot" })).status).toBe(400);
    expect((await p.post("session", { token: b.token, game: "lottoup-siam-fortune" })).status).toBe(200);
    wallet.player(b.user).disabled = true;
    const disabled = await p.post("slot/spin", { token: b.token, totalBet: "1000" });
    expect(disabled.status).toBe(403);
    expect(disabled.json.code).toBe("USER_DISABLED");
    for (const user of [a.user, b.user]) {
      expect((await roundRows(user)).map((r) => r.state)).toEqual(["refused"]);
      expect(wallet.player(user).balance).toBe(10_000_000n);
    }
  });

  it("a bet whose answer is lost is rolled back, referencing it; nothing is played and the nonce is not consumed", async () => {
    const { token, user } = player(100_000n);
    wallet.fault = (path) => (path === "bet" ? { kind: "answerLost", holdMs: HOLD_MS } : undefined);
    const res = await p.post("dice/roll", { token, ...DICE_BET });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("BET_NOT_CONFIRMED");
    expect(res.json.outcome).toBeUndefined();
    const [row] = await roundRows(user);
    expect(row).toMatchObject({
      state: "rolled_back",
      outcome: null,
      return_amount: null,
      token_sealed: null,
    });
    const calls = moneyCallsOf(row?.id as string);
    expect(calls.map((c) => [c.path, c.answered])).toEqual([
      ["bet", "LOST"],
      ["rollback", "OK"],
    ]);
    expect(calls[1]?.body).toMatchObject({
      token,
      user,
      referenceTransactionId: calls[0]?.body.transactionId,
      roundId: row?.id,
      gameCode: "lottoup-dice",
      transactionId: row?.rollback_tx_id,
    });
    // The debit was taken back: the player's balance is whole.
    expect(wallet.player(user).balance).toBe(100_000n);
    wallet.fault = null;
    const next = await p.post("dice/roll", { token, ...DICE_BET });
    expect(next.status).toBe(200);
    expect(next.json.fairness.nonce).toBe(0);
    // The rolled-back round is listed, without an outcome or verification data (its nonce went to the next one).
    const history = (await p.post("rounds", { token, game: "lottoup-dice" })).json.rounds;
    expect(history.map((r: Json) => [r.state, r.fairness?.nonce ?? null])).toEqual([
      ["settled", 0],
      ["rolled_back", null],
    ]);
  });

  it("a rollback not acknowledged is retried by the job, with the same transaction id, until it is", async () => {
    const { token, user } = player(100_000n);
    let rollbacks = 0;
    wallet.fault = (path) => {
      if (path === "bet") return { kind: "answerLost", holdMs: HOLD_MS };
      if (path === "rollback" && rollbacks++ < 2)
        return rollbacks === 1 ? { kind: "http500" } : { kind: "status", status: "UNKNOWN_ERROR" };
      return undefined;
    };
    expect((await p.post("dice/roll", { token, ...DICE_BET })).json.code).toBe("BET_NOT_CONFIRMED");
    let [row] = await roundRows(user);
    expect(row?.state).toBe("rollback_pending");
    expect(wallet.player(user).balance).toBe(99_000n);
    await p.retry();
    expect((await roundRows(user))[0]?.state).toBe("rollback_pending");
    expect(await p.retry()).toEqual({ settled: 0, rolledBack: 1, stillPending: 0 });
    [row] = await roundRows(user);
    expect(row).toMatchObject({ state: "rolled_back", token_sealed: null });
    expect(wallet.player(user).balance).toBe(100_000n);
    const calls = moneyCallsOf(row?.id as string);
    expect(calls.map((c) => [c.path, c.answered])).toEqual([
      ["bet", "LOST"],
      ["rollback", "HTTP500"],
      ["rollback", "UNKNOWN_ERROR"],
      ["rollback", "OK"],
    ]);
    expect(new Set(calls.slice(1).map((c) => c.body.transactionId))).toEqual(new Set([row?.rollback_tx_id]));
    const before = wallet.calls.length;
    await p.retry();
    expect(wallet.calls.length).toBe(before);
  });

  it("a play that stops between bet and outcome is rolled back by the job, and its late bet answer plays nothing", async () => {
    let releaseBet: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      releaseBet = resolve;
    });
    // The bet is held in the provider (a stalled process): it reaches the wallet only after the job's rollback.
    const stalled = await startProvider({
      wrap: (transport) => async (request) => {
        if (request.path.endsWith("/bet")) {
          await held;
          return transport({ ...request, timeoutMs: 5000 });
        }
        return transport(request);
      },
    });
    const { token, user } = player(100_000n);
    const playing = stalled.post("dice/roll", { token, ...DICE_BET });
    let row: Awaited<ReturnType<typeof roundRows>>[0] | undefined;
    for (let i = 0; i < 100 && !row; i++) {
      [row] = await roundRows(user);
      if (!row) await sleep(20);
    }
    expect(row?.state).toBe("bet_sent");
    expect(await stalled.retry()).toEqual({ settled: 0, rolledBack: 1, stillPending: 0 });
    releaseBet();
    const res = await playing;
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("BET_NOT_CONFIRMED");
    expect((await roundRows(user))[0]).toMatchObject({ state: "rolled_back", outcome: null });
    // The rollback arrived first and left a tombstone; the late bet was refused and moved nothing.
    expect(moneyCallsOf(row?.id as string).map((c) => [c.path, c.answered])).toEqual([
      ["rollback", "OK"],
      ["bet", "TRANSACTION_ROLLED_BACK"],
    ]);
    expect(wallet.player(user).balance).toBe(100_000n);
    expect((await activeSeed(user, "lottoup-dice")).next_nonce).toBe(0);
  });

  it("a win not acknowledged leaves the round win_pending ('your win is being paid'); the job resends the same win, credited once", async () => {
    const { token, user } = player(100_000n);
    let wins = 0;
    wallet.fault = (path) =>
      path === "win" && wins++ === 0 ? { kind: "answerLost", holdMs: HOLD_MS } : undefined;
    // Over 4.99: a 95% chance to win something.
    const res = await p.post("dice/roll", { token, stake: "10000", direction: "over", target: 499 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ state: "win_pending", winPending: true });
    const ret = BigInt(res.json.return);
    if (ret > 0n) expect(res.json.message).toMatch(/win is being paid/);
    // The answer's balance is the one after the bet; the wallet has credited the win (its answer was lost).
    expect(res.json.balance).toBe("90000");
    expect(wallet.player(user).balance).toBe(90_000n + ret);
    let [row] = await roundRows(user);
    expect(row).toMatchObject({ state: "win_pending", return_amount: ret });
    expect(row?.token_sealed).not.toBeNull();
    expect(await p.retry()).toEqual({ settled: 1, rolledBack: 0, stillPending: 0 });
    [row] = await roundRows(user);
    expect(row).toMatchObject({ state: "settled", token_sealed: null, balance_after_win: 90_000n + ret });
    const winCalls = moneyCallsOf(row?.id as string).filter((c) => c.path === "win");
    expect(winCalls.map((c) => c.answered)).toEqual(["LOST", "OK"]);
    // The same win: only the requestId (which keeps two signatures apart) differs.
    expect({ ...winCalls[1]?.body, requestId: null }).toEqual({ ...winCalls[0]?.body, requestId: null });
    expect(winCalls[1]?.body.requestId).not.toBe(winCalls[0]?.body.requestId);
    expect(winCalls[0]?.body.transactionId).toBe(row?.win_tx_id);
    // Credited once; nothing more is sent.
    expect(wallet.player(user).balance).toBe(90_000n + ret);
    const before = wallet.calls.length;
    await p.retry();
    expect(wallet.calls.length).toBe(before);
    const history = (await p.post("rounds", { token, game: "lottoup-dice" })).json.rounds;
    expect(history[0]).toMatchObject({ state: "settled", return: String(ret) });
  });

  it("concurrent plays by one player never share a nonce, in one process and across two", async () => {
    const { token, user } = player(10_000_000n);
    const second = await startProvider();
    // Both processes know the player already (their first authenticate is behind them).
    expect((await p.post("session", { token, game: "lottoup-dice" })).status).toBe(200);
    expect((await second.post("session", { token, game: "lottoup-dice" })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? p : second).post("dice/roll", { token, ...DICE_BET }),
      ),
    );
    for (const r of results) expect([200, 409], JSON.stringify(r.json)).toContain(r.status);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.code).toBe("ROUND_IN_PROGRESS");
    const played = results.filter((r) => r.status === 200);
    expect(played.length).toBeGreaterThanOrEqual(2);

    // Deterministically across processes: while one process has a bet in flight, the other is refused.
    let releaseBet: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      releaseBet = resolve;
    });
    let holding = true;
    const stalled = await startProvider({
      wrap: (transport) => async (request) => {
        if (holding && request.path.endsWith("/bet")) {
          holding = false;
          await held;
        }
        return transport(request);
      },
    });
    expect((await stalled.post("session", { token, game: "lottoup-dice" })).status).toBe(200);
    const slow = stalled.post("dice/roll", { token, ...DICE_BET });
    for (let i = 0; i < 100 && !(await roundRows(user)).some((r) => r.state === "bet_sent"); i++)
      await sleep(10);
    const refused = await p.post("dice/roll", { token, ...DICE_BET });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("ROUND_IN_PROGRESS");
    const rotate = await second.post("seeds/rotate", { token, game: "lottoup-dice" });
    expect(rotate.json.code).toBe("ROUND_IN_PROGRESS");
    releaseBet();
    const done = await slow;
    expect(done.status).toBe(200);
    played.push(done);

    const nonces = played.map((r) => r.json.fairness.nonce as number).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: played.length }, (_, i) => i));
    const rows = await roundRows(user);
    expect(rows.filter((r) => r.state === "settled").length).toBe(played.length);
    expect(rows.length).toBe(played.length);
    expect(wallet.moneyCalls().filter((c) => c.body.user === user && c.path === "bet").length).toBe(
      played.length,
    );
    expect((await activeSeed(user, "lottoup-dice")).next_nonce).toBe(played.length);
  });

  it("the baccarat shoe rotates at its cut card: the seed is revealed, matches its commitment, and replays the whole shoe", async () => {
    const { token, user } = player(10_000_000n);
    const session = await p.post("session", { token, game: "lottoup-baccarat" });
    const { commitment, clientSeed } = session.json.seed;
    const hands: Json[] = [];
    let position = 0;
    for (let i = 0; i < 80; i++) {
      const res = await p.post("baccarat/deal", { token, bets: [{ kind: "banker", stake: "1000" }] });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const hand = res.json;
      hands.push(hand);
      expect(hand.fairness).toMatchObject({ commitment, clientSeed, shoePosition: position });
      position = hand.outcome.nextPosition;
      if (hand.revealed) break;
      expect(hand.outcome.shoeOver).toBe(false);
      expect(hand.seed).toMatchObject({ commitment, shoePosition: position, cardsRemaining: 416 - position });
    }
    const last = hands.at(-1) as Json;
    expect(last.outcome.shoeOver).toBe(true);
    expect(416 - last.outcome.nextPosition).toBeLessThan(208);
    expect(hands.length).toBeGreaterThan(20);
    const { serverSeed } = last.revealed;
    expect(last.revealed).toMatchObject({
      commitment,
      clientSeed,
      shoeEndPosition: last.outcome.nextPosition,
    });
    expect(await verifyServerSeed(serverSeed, commitment)).toBe(true);
    expect(last.fairness.serverSeed).toBe(serverSeed);
    // A new shoe: new commitment, position 0, the player's client seed kept.
    expect(last.seed).toMatchObject({ clientSeed, shoePosition: 0, cardsRemaining: 416 });
    expect(last.seed.commitment).not.toBe(commitment);
    const seeds = await database.db
      .selectFrom("originals_seeds")
      .selectAll()
      .where("player", "=", user)
      .orderBy("id")
      .execute();
    expect(seeds.map((s) => [s.commitment, s.server_seed, s.revealed_at !== null])).toEqual([
      [commitment, serverSeed, true],
      [last.seed.commitment, null, false],
    ]);
    for (const hand of hands) {
      const again = await recompute("lottoup-baccarat", hand.bet, { ...hand.fairness, serverSeed });
      expect(again.outcome).toEqual(hand.outcome);
      expect(String(again.return)).toBe(hand.return);
    }
    const next = await p.post("baccarat/deal", { token, bets: [{ kind: "player", stake: "1000" }] });
    expect(next.json.fairness).toMatchObject({ commitment: last.seed.commitment, shoePosition: 0 });
  });

  it("seed rotation reveals the seed and starts a new pair with the player's client seed (validated)", async () => {
    const { token } = player();
    const first = await p.post("session", { token, game: "lottoup-siam-fortune" });
    await p.post("slot/spin", { token, totalBet: "1000" });
    await p.post("slot/spin", { token, totalBet: "1000" });
    const rotated = await p.post("seeds/rotate", {
      token,
      game: "lottoup-siam-fortune",
      clientSeed: "my-lucky_seed!7",
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json.revealed).toMatchObject({ commitment: first.json.seed.commitment, rounds: 2 });
    expect(await verifyServerSeed(rotated.json.revealed.serverSeed, first.json.seed.commitment)).toBe(true);
    expect(rotated.json.seed).toMatchObject({ clientSeed: "my-lucky_seed!7", nonce: 0 });
    const spin = await p.post("slot/spin", { token, totalBet: "1000" });
    expect(spin.json.fairness).toMatchObject({ clientSeed: "my-lucky_seed!7", nonce: 0 });
    // Without a client seed: a random one.
    const random = await p.post("seeds/rotate", { token, game: "lottoup-siam-fortune" });
    expect(random.json.seed.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(random.json.revealed.rounds).toBe(1);
    for (const [clientSeed, code] of [
      ["has:colon", "CLIENT_SEED_INVALID"],
      ["with space", "CLIENT_SEED_INVALID"],
      ["", "CLIENT_SEED_INVALID"],
      ["ไทย", "CLIENT_SEED_INVALID"],
      ["x".repeat(65), "valueTooLong"],
      ["ab\u0007c", "textInvalid"],
      [42, "requestInvalid"],
    ] as const) {
      const res = await p.post("seeds/rotate", { token, game: "lottoup-siam-fortune", clientSeed });
      expect(res.status, String(clientSeed)).toBe(400);
      expect(res.json.code).toBe(code);
    }
    expect((await p.post("session", { token, game: "lottoup-siam-fortune" })).json.seed).toEqual(
      random.json.seed,
    );
  });

  it("the server seed of an active pair is not readable from the database, nor the token of a round in flight", async () => {
    const { token, user } = player();
    let wins = 0;
    wallet.fault = (path) =>
      path === "win" && wins++ === 0 ? { kind: "answerLost", holdMs: HOLD_MS } : undefined;
    const played = await p.post("dice/roll", { token, ...DICE_BET });
    expect(played.json.state).toBe("win_pending");
    const active = await activeSeed(user, "lottoup-dice");
    expect(active.server_seed).toBeNull();
    expect(active.server_seed_sealed).toMatch(/^v1\./);
    const [round] = await roundRows(user);
    expect(round?.token_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(round, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(token);
    // The database refuses a plaintext seed on an active pair.
    await expect(
      database.db
        .updateTable("originals_seeds")
        .set({ server_seed: "0".repeat(64) })
        .where("id", "=", active.id)
        .execute(),
    ).rejects.toThrow(/originals_seeds_sealed_or_revealed/);
    const { revealed } = (await p.post("seeds/rotate", { token, game: "lottoup-dice" })).json;
    const text = JSON.stringify(active, (_k, v) => (typeof v === "bigint" ? String(v) : v));
    expect(text).not.toContain(revealed.serverSeed);
    expect(text.toLowerCase()).not.toContain(revealed.serverSeed.toLowerCase());
    // Sealed for its own place only: the same ciphertext does not open under another player or game.
    const { openServerSeed } = await import("./seeds.ts");
    expect(openServerSeed(DRAW_KEY, active)).toBe(revealed.serverSeed);
    expect(openServerSeed(DRAW_KEY, { ...active, player: "someone-else" })).toBeNull();
    expect(openServerSeed("another-draw-seed-key-0123456789abcdef", active)).toBeNull();
    await p.retry();
  });

  it("history gives each round's verification data, which src/domain/games alone recomputes to the same outcome", async () => {
    const { token } = player();
    await p.post("dice/roll", { token, stake: "500", direction: "under", target: 3333 });
    await p.post("dice/roll", { token, stake: "700", direction: "over", target: 7500 });
    await p.post("slot/spin", { token, totalBet: "1230" });
    await p.post("baccarat/deal", {
      token,
      bets: [
        { kind: "player", stake: "1500" },
        { kind: "bankerPair", stake: "1000" },
      ],
    });
    await p.post("baccarat/deal", { token, bets: [{ kind: "tie", stake: "1000" }] });
    for (const game of ["lottoup-dice", "lottoup-siam-fortune", "lottoup-baccarat"]) {
      const before = (await p.post("rounds", { token, game, limit: 10 })).json.rounds;
      expect(before.length).toBeGreaterThan(0);
      for (const round of before) expect(round.fairness.serverSeed).toBeNull();
      await p.post("seeds/rotate", { token, game });
      const after = (await p.post("rounds", { token, game })).json.rounds as Json[];
      expect(after.map((r) => r.roundId)).toEqual(before.map((r: Json) => r.roundId));
      for (const round of after) {
        expect(round.state).toBe("settled");
        expect(await verifyServerSeed(round.fairness.serverSeed, round.fairness.commitment)).toBe(true);
        const again = await recompute(game, round.bet, round.fairness);
        expect(again.outcome).toEqual(round.outcome);
        expect(String(again.return)).toBe(round.return);
      }
    }
    expect((await p.post("rounds", { token, game: "lottoup-dice", limit: 1 })).json.rounds).toHaveLength(1);
  });

  it("hostile inputs answer 4xx { code, message }, never 5xx, and move no money", async () => {
    const { token, user } = player(10_000_000n);
    await p.post("session", { token, game: "lottoup-dice" });
    const routes: Record<string, Record<string, unknown>> = {
      session: { token, game: "lottoup-dice" },
      "baccarat/deal": { token, bets: [{ kind: "player", stake: "1000" }] },
      "slot/spin": { token, totalBet: "1000" },
      "dice/roll": { token, stake: "1000", direction: "under", target: 5000 },
      "seeds/rotate": { token, game: "lottoup-dice", clientSeed: "fuzz" },
      rounds: { token, game: "lottoup-dice", limit: 10 },
    };
    const hostile: Record<string, unknown[]> = {
      controlChar: ["ab\u0001c", "10\u00000", "\u007f", "a\u0085b", "1\n2"],
      oddUnicode: ["\ud800", "a\udfffb", "\ufffe", "ab\u202ecd", "x\u2028y", "\ufeff"],
      hugeString: ["a".repeat(6_000), "7".repeat(20_000), "ก".repeat(3_000)],
      hugeNumber: [2_147_483_648_000, -1, 1e21, 2 ** 53 + 2, "99999999999999999999", "1e21", 1e308, -1e308],
      nonInteger: [1.5, "1.5", 0.1, "NaN", "Infinity", "0x10", "1e3", " 1"],
      malformedAmount: ["100,00", "4,9,0", ",5", "1,000", "10.00", "-5", "+5"],
      wrongType: [true, false, null, "", [], ["1"], {}, { a: 1 }, { $gt: "" }],
      protoKey: [{ __proto__: null, polluted: true }, { constructor: { prototype: { polluted: true } } }],
    };
    const moneyBefore = wallet.moneyCalls().length;
    const failures: string[] = [];
    const check = (what: string, res: { status: number; json: Json }, must4xx: boolean) => {
      if (res.status >= 500) failures.push(`${what} -> ${res.status} ${JSON.stringify(res.json)}`);
      else if (res.status >= 400) {
        if (typeof res.json.code !== "string" || typeof res.json.message !== "string")
          failures.push(`${what} -> not { code, message }`);
      } else if (must4xx) failures.push(`${what} -> accepted ${res.status}`);
    };
    for (const [route, plausible] of Object.entries(routes)) {
      const fields = [
        ...Object.keys(plausible),
        ...(route === "baccarat/deal" ? ["bets.kind", "bets.stake"] : []),
      ];
      for (const field of fields) {
        for (const [name, values] of Object.entries(hostile)) {
          for (const value of values) {
            const body: Record<string, unknown> = { ...plausible };
            if (field.startsWith("bets."))
              body.bets = [{ kind: "player", stake: "1000", [field.slice(5)]: value }];
            else body[field] = value;
            // A client seed may be any printable ASCII without ':' or space: "1,000" is a fine one.
            const must4xx = !(
              field === "clientSeed" &&
              typeof value === "string" &&
              isValidClientSeed(value)
            );
            check(
              `${route} ${field}=${name}:${JSON.stringify(value)?.slice(0, 40)}`,
              await p.post(route, body),
              must4xx,
            );
          }
        }
      }
      for (const raw of [
        "[]",
        '"text"',
        "null",
        "1e999",
        '{"__proto__":{"polluted":true}}',
        '{"a":',
        "\u0000",
        "",
      ]) {
        check(`${route} body=${JSON.stringify(raw)}`, await p.post(route, raw), true);
      }
      const wrongType = await p.app.inject({
        method: "POST",
        url: `${ORIGINALS_API_PREFIX}/${route}`,
        payload: "a=1",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      check(`${route} form body`, { status: wrongType.statusCode, json: wrongType.json() }, true);
    }
    const unknown = await p.app.inject({
      method: "POST",
      url: `${ORIGINALS_API_PREFIX}/nothing/here`,
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(failures, failures.join("\n")).toEqual([]);
    // No bet reached the wallet: no hostile value made a playable bet.
    expect(wallet.moneyCalls().length).toBe(moneyBefore);
    expect((await roundRows(user)).length).toBe(0);
  }, 120_000);

  it("a wallet that cannot be reached answers 503 WALLET_UNAVAILABLE and plays nothing", async () => {
    const gone = await startFakeOperatorWallet(SECRET);
    const url = gone.url;
    await gone.close();
    const down = await startProvider({ url });
    const res = await down.post("session", { token: "tok-x", game: "lottoup-dice" });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("WALLET_UNAVAILABLE");
    expect((await down.post("dice/roll", { token: "tok-x", ...DICE_BET })).json.code).toBe(
      "WALLET_UNAVAILABLE",
    );
  });
});

describe(`LOTTOUP Originals provider with its default transport (${engineName})`, () => {
  it("calls the server's own listening address with a Host the allow-list accepts, signed with the derived secret", async () => {
    const app = Fastify({ ...frameworkErrorOptions, logger: false });
    registerErrorHandling(app);
    registerHostAllowList(app, ["lottoup.test"]);
    registerCsrfProtection(app);
    // The operator's callbacks in the same app, as the real wallet will be (a fake one here).
    const own = fakeOperatorWalletState(originalsWalletSecret(SESSION_SECRET));
    registerFakeOperatorWallet(app, own);
    await app.register(originalsProvider, {
      config: { ...config, allowedHosts: ["lottoup.test"] },
      database,
      walletTimeoutMs: 2_000,
      retryIntervalMs: 0,
    });
    opened.push(app);
    await app.ready();
    const { token, user } = own.addPlayer(50_000n);
    const post = (path: string, payload: object) =>
      app.inject({
        method: "POST",
        url: `${ORIGINALS_API_PREFIX}/${path}`,
        headers: { host: "lottoup.test" },
        payload,
      });
    // Not listening yet: the wallet cannot be reached.
    const early = await post("session", { token, game: "lottoup-dice" });
    expect(early.statusCode).toBe(503);
    expect(early.json().code).toBe("WALLET_UNAVAILABLE");
    await app.listen({ host: "127.0.0.1", port: 0 });
    const session = await post("session", { token, game: "lottoup-dice" });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().balance).toBe("50000");
    expect(session.headers["cache-control"]).toBe("no-store");
    const roll = await post("dice/roll", { token, ...DICE_BET });
    expect(roll.statusCode, roll.body).toBe(200);
    expect(roll.json().state).toBe("settled");
    expect(own.calls.map((c) => [c.path, c.answered, c.host])).toEqual([
      ["authenticate", "OK", "lottoup.test"],
      ["bet", "OK", "lottoup.test"],
      ["win", "OK", "lottoup.test"],
    ]);
    expect(own.player(user).balance).toBe(50_000n - 1000n + BigInt(roll.json().return));
    // Another host is refused by the allow-list before the provider sees it.
    const foreign = await app.inject({
      method: "POST",
      url: `${ORIGINALS_API_PREFIX}/session`,
      headers: { host: "evil.test" },
      payload: { token, game: "lottoup-dice" },
    });
    expect(foreign.statusCode).toBe(400);
  });
});
