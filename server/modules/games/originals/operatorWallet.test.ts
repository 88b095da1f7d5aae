import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyServerSeed } from "../../../../src/domain/games/index.ts";
import { frameworkErrorOptions, registerErrorHandling } from "../../../http/errors.ts";
import { checkLedger } from "../../../ledger/check.ts";
import { createTestApp, engineName, type TestApp } from "../../../test/harness.ts";
import { cashOf, fundedMember, type SettleMember, tokenOf } from "../../../test/settle.ts";
import { createOriginalsContext, ORIGINALS_API_PREFIX, originalsProvider } from "./provider.ts";
import { retryDueRounds } from "./retry.ts";
import {
  createWalletClient,
  httpTransport,
  originalsWalletSecret,
  type WalletClient,
  type WalletTransport,
} from "./walletClient.ts";

/**
 * The provider against the product's own wallet (server/modules/games, the `lottoup` dialect) over real HTTP: the
 * app listens on an ephemeral port, the provider runs on an app of its own (as a third party would) and reaches
 * the wallet with the secret both derive from SESSION_SECRET. Money is read from the ledger.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read field by field; the expectations check them
type Json = any;

const TIMEOUT_MS = 2_000;
let t: TestApp;
let url: string;
let provider: FastifyInstance;
let client: WalletClient;
/** Answers to drop (the wallet moved the money, the provider never hears it): path suffix -> count. */
const lose = new Map<string, number>();

const lossy =
  (transport: WalletTransport): WalletTransport =>
  async (request) => {
    const answer = await transport(request);
    const suffix = request.path.slice(request.path.lastIndexOf("/") + 1);
    const left = lose.get(suffix) ?? 0;
    if (left > 0) {
      lose.set(suffix, left - 1);
      throw Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" });
    }
    return answer;
  };

beforeAll(async () => {
  t = await createTestApp(
    { SESSION_SECRET: "operator-wallet-test-session-secret-0123456789" },
    { pushSenderIntervalMs: 0, games: { jobs: false } },
  );
  url = await t.app.listen({ host: "127.0.0.1", port: 0 });
  client = createWalletClient({
    secret: originalsWalletSecret(t.config.sessionSecret),
    transport: lossy(httpTransport({ baseUrl: url })),
    timeoutMs: TIMEOUT_MS,
  });
  provider = Fastify({ ...frameworkErrorOptions, logger: false });
  registerErrorHandling(provider);
  await provider.register(originalsProvider, {
    config: t.config,
    database: t.database,
    wallet: client,
    walletTimeoutMs: TIMEOUT_MS,
    retryIntervalMs: 0,
  });
  await provider.ready();
}, 120_000);
afterAll(async () => {
  await provider?.close();
  await t?.close();
});

async function launched(baht: number, gameCode: string): Promise<{ member: SettleMember; token: string }> {
  const member = await fundedMember(t.database.db, baht);
  const access = await tokenOf(t.database.db, t.config.sessionSecret, member);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/games.launch",
    headers: { authorization: `Bearer ${access}` },
    payload: { provider: "lottoup", gameCode, platform: "mobile" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = new URL(res.json().url as string, "http://x").searchParams.get("token") ?? "";
  return { member, token };
}

const post = async (path: string, body: object) => {
  const res = await provider.inject({
    method: "POST",
    url: `${ORIGINALS_API_PREFIX}/${path}`,
    payload: body,
  });
  return { status: res.statusCode, json: res.json() as Json };
};

describe(`LOTTOUP Originals provider against the product's lottoup wallet (${engineName})`, () => {
  it("plays each game: the ledger moves the stake and the return, and the revealed seed verifies", async () => {
    const plays = [
      ["lottoup-dice", "dice/roll", { stake: "1000", direction: "under", target: 5000 }],
      ["lottoup-siam-fortune", "slot/spin", { totalBet: "1000" }],
      ["lottoup-baccarat", "baccarat/deal", { bets: [{ kind: "banker", stake: "2000" }] }],
    ] as const;
    for (const [game, path, bet] of plays) {
      const { member, token } = await launched(1000, game);
      const session = await post("session", { token, game });
      expect(session.status, JSON.stringify(session.json)).toBe(200);
      expect(session.json).toMatchObject({ currency: "THB", balance: "100000" });
      const res = await post(path, { token, ...bet });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.state).toBe("settled");
      const expected = 100_000n - BigInt(res.json.stake) + BigInt(res.json.return);
      expect(res.json.balance).toBe(String(expected));
      expect(await cashOf(t.database.db, member)).toBe(expected);
      const rotated = await post("seeds/rotate", { token, game });
      expect(await verifyServerSeed(rotated.json.revealed.serverSeed, rotated.json.revealed.commitment)).toBe(
        true,
      );
    }
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("a refused bet plays nothing; a lost bet answer is rolled back; a lost win answer is paid once by the job", async () => {
    const { member, token } = await launched(5, "lottoup-dice");
    const refused = await post("dice/roll", { token, stake: "1000", direction: "under", target: 5000 });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "NOT_ENOUGH_MONEY", balance: "500" });

    lose.set("bet", 1);
    const lost = await post("dice/roll", { token, stake: "300", direction: "under", target: 5000 });
    expect(lost.status).toBe(503);
    expect(lost.json.code).toBe("BET_NOT_CONFIRMED");
    expect(await cashOf(t.database.db, member)).toBe(500n);

    lose.set("win", 1);
    const pending = await post("dice/roll", { token, stake: "300", direction: "over", target: 499 });
    expect(pending.status).toBe(200);
    expect(pending.json).toMatchObject({ state: "win_pending", fairness: { nonce: 0 } });
    const ret = BigInt(pending.json.return);
    const ctx = createOriginalsContext({ config: t.config, database: t.database }, client, provider.log);
    expect(await retryDueRounds(ctx, { now: new Date(Date.now() + 3600_000) })).toEqual({
      settled: 1,
      rolledBack: 0,
      stillPending: 0,
    });
    expect(await cashOf(t.database.db, member)).toBe(500n - 300n + ret);
    expect(await retryDueRounds(ctx, { now: new Date(Date.now() + 3600_000) })).toEqual({
      settled: 0,
      rolledBack: 0,
      stillPending: 0,
    });
    const types = await t.database.db
      .selectFrom("ledger_transfers")
      .select(["type", "amount"])
      .where((eb) =>
        eb.or([eb("debit_account_id", "=", member.cash), eb("credit_account_id", "=", member.cash)]),
      )
      .where("type", "in", ["BET_GAME", "WIN_GAME", "REFUND_GAME"])
      .orderBy("id")
      .execute();
    expect(types.map((x) => [x.type, x.amount])).toEqual([
      ["BET_GAME", 300n],
      ["REFUND_GAME", 300n],
      ["BET_GAME", 300n],
      ...(ret > 0n ? [["WIN_GAME", ret]] : []),
    ]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
