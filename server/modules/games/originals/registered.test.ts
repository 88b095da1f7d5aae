import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { available, expectLedgerSound, gameTransfers, launch, player } from "../../../test/games.ts";
import { createTestApp, engineName, type TestApp } from "../../../test/harness.ts";
import { ORIGINALS_API_PREFIX } from "./provider.ts";
import { sealToken } from "./seeds.ts";

/**
 * LOTTOUP Originals as the app registers it (server/app.ts): its game server in the same app, moving money through
 * the app's own lottoup wallet over HTTP to the address the app listens on (an ephemeral port here, as any port in
 * server/main.ts), with the secret derived from SESSION_SECRET; its retry job runs with the app and stops with it.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read field by field; the expectations check them
type Json = any;

let t: TestApp;
let base = "";

beforeAll(async () => {
  t = await createTestApp(
    { ALLOWED_HOSTS: "localhost,127.0.0.1" },
    { games: { jobs: false }, pushSenderIntervalMs: 0, originals: { retryIntervalMs: 100 } },
  );
}, 120_000);
afterAll(async () => t?.close());

const post = async (path: string, payload: object) => {
  const res = await t.app.inject({
    method: "POST",
    url: `${ORIGINALS_API_PREFIX}/${path}`,
    headers: { host: "localhost" },
    payload,
  });
  return { status: res.statusCode, json: res.json() as Json };
};

describe(`LOTTOUP Originals registered in the app (${engineName})`, () => {
  it("cannot reach the wallet before the app listens (503), then plays each game on any port: the ledger moves", async () => {
    const who = await player(t, 1_000);
    const dice = await launch(t, who, "lottoup-dice");
    const early = await post("session", { token: dice.token, game: "lottoup-dice" });
    expect(early.status).toBe(503);
    expect(early.json.code).toBe("WALLET_UNAVAILABLE");

    await t.app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const plays = [
      ["lottoup-dice", "dice/roll", { stake: "1000", direction: "under", target: 5000 }],
      ["lottoup-siam-fortune", "slot/spin", { totalBet: "1000" }],
      ["lottoup-baccarat", "baccarat/deal", { bets: [{ kind: "banker", stake: "2000" }] }],
    ] as const;
    let expected = 100_000n;
    for (const [game, path, bet] of plays) {
      const { token, frame } = await launch(t, who, game);
      expect(frame).toBe(true);
      const session = await post("session", { token, game });
      expect(session.status, JSON.stringify(session.json)).toBe(200);
      expect(session.json.balance).toBe(String(expected));
      const round = await post(path, { token, ...bet });
      expect(round.status, JSON.stringify(round.json)).toBe(200);
      expect(round.json.state).toBe("settled");
      expected += BigInt(round.json.return) - BigInt(round.json.stake);
      expect(round.json.balance).toBe(String(expected));
      expect(await available(t, who)).toBe(expected);
    }
    const moved = await gameTransfers(t, who);
    expect(moved.filter((m) => m.type === "BET_GAME").map((m) => m.amount)).toEqual([1000n, 1000n, 2000n]);
    // Every callback came over HTTP, signed, through the host allow-list, and was kept.
    const callbacks = await t.database.db
      .selectFrom("game_callbacks")
      .select(["call", "verdict", "http_status", "status"])
      .where("provider_code", "=", "lottoup")
      .where("member_id", "=", who.id)
      .execute();
    expect(callbacks.length).toBeGreaterThanOrEqual(6);
    expect(callbacks.every((c) => c.verdict === "valid" && c.http_status === 200 && c.status === "OK")).toBe(
      true,
    );
    // The API answers through the real listener as well (where a player's page posts), refusing a stranger's token.
    const foreign = await fetch(`${base}${ORIGINALS_API_PREFIX}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: "x", game: "lottoup-dice" }),
    });
    expect(foreign.status).toBe(401);
    await expectLedgerSound(t);
  });

  it("runs its retry job with the app: a bet left in flight by a play that stopped is rolled back over HTTP", async () => {
    const who = await player(t, 100);
    const { token } = await launch(t, who, "lottoup-dice");
    expect((await post("session", { token, game: "lottoup-dice" })).status).toBe(200);
    const seed = await t.database.db
      .selectFrom("originals_seeds")
      .select("id")
      .where("player", "=", who.uuid)
      .where("game", "=", "lottoup-dice")
      .executeTakeFirstOrThrow();
    // A play that reserved its round and stopped (a crash) before recording the bet's answer.
    const roundId = randomUUID();
    await t.database.db
      .insertInto("originals_rounds")
      .values({
        id: roundId,
        player: who.uuid,
        game: "lottoup-dice",
        seed_id: seed.id,
        nonce: 0,
        bet: JSON.stringify({ direction: "under", targetHundredths: 5000, stakeSatang: "1000" }),
        outcome: null,
        stake: 1000n,
        return_amount: null,
        bet_tx_id: randomUUID(),
        win_tx_id: randomUUID(),
        rollback_tx_id: randomUUID(),
        state: "bet_sent",
        refusal: null,
        last_error: null,
        token_sealed: sealToken(t.config.drawSeedKey, roundId, token),
        balance_after_bet: null,
        balance_after_win: null,
        next_attempt_at: new Date(Date.now() - 60_000),
        updated_at: new Date(),
        closed_at: null,
      })
      .execute();
    const deadline = Date.now() + 20_000;
    let state = "bet_sent";
    while (state !== "rolled_back" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (
        await t.database.db
          .selectFrom("originals_rounds")
          .select("state")
          .where("id", "=", roundId)
          .executeTakeFirstOrThrow()
      ).state;
    }
    expect(state).toBe("rolled_back");
    // The wallet never saw the bet: the rollback left a tombstone, and no money moved.
    expect(await available(t, who)).toBe(10_000n);
    const rows = await t.database.db
      .selectFrom("game_transactions")
      .select(["kind", "state"])
      .where("member_id", "=", who.id)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { kind: null, state: "tombstone" },
      { kind: "rollback", state: "done" },
    ]);
    await expectLedgerSound(t);
  });

  it("stops its job and its connections when the app closes", async () => {
    const lines: string[] = [];
    const other = await createTestApp(
      { LOG_LEVEL: "error" },
      {
        games: { jobs: false },
        pushSenderIntervalMs: 0,
        originals: { retryIntervalMs: 20 },
        logStream: { write: (line) => lines.push(line) },
      },
    );
    await other.app.listen({ host: "127.0.0.1", port: 0 });
    // Let the job run a few passes, then close the app and its database: a pass after that would fail and log.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await other.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines.filter((line) => line.includes("originals retry job failed"))).toEqual([]);
  });
});
