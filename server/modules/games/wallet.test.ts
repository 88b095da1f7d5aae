import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { io as connect } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { memberAccount, systemAccount, transfer } from "../../ledger/ledger.ts";
import {
  available,
  expectLedgerSound,
  gameTransfers,
  launch,
  lottoup,
  type Player,
  player,
  satang,
} from "../../test/games.ts";
import { createTestApp, engineName, type TestApp } from "../../test/harness.ts";
import { lottoupSignature } from "./dialects/lottoup.ts";

/**
 * The seamless wallet's rules (docs/games.md "Rules of the wallet"), through the lottoup dialect exactly as
 * LOTTOUP Originals calls it: signed HTTP requests, answers in the dialect, money checked in the ledger.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { games: { jobs: false } });
});
afterEach(async () => expectLedgerSound(t));
afterAll(async () => t.close());

const db = () => t.database.db;
const tx = () => `tx-${randomUUID()}`;
const round = () => `round-${randomUUID()}`;

async function bet(who: Player, token: string, amount: string, transactionId = tx(), roundId = round()) {
  return lottoup(t, "bet", {
    token,
    user: who.uuid,
    transactionId,
    roundId,
    gameCode: "lottoup-dice",
    amount,
  });
}

async function win(
  who: Player,
  token: string,
  betTransactionId: string,
  amount: string,
  transactionId = tx(),
) {
  return lottoup(t, "win", {
    token,
    user: who.uuid,
    transactionId,
    betTransactionId,
    roundId: `round-of-${betTransactionId}`,
    gameCode: "lottoup-dice",
    amount,
    roundClosed: true,
  });
}

async function rollback(who: Player, token: string, referenceTransactionId: string, transactionId = tx()) {
  return lottoup(t, "rollback", {
    token,
    user: who.uuid,
    transactionId,
    referenceTransactionId,
    roundId: `round-of-${referenceTransactionId}`,
    gameCode: "lottoup-dice",
  });
}

async function setStatus(who: Player, status: number) {
  await db().updateTable("members").set({ status }).where("id", "=", who.id).execute();
}

describe(`the seamless wallet through the lottoup dialect (${engineName})`, () => {
  it("authenticates a launch token as the member's uuid with the balance, and nothing else", async () => {
    const a = await player(t, 50);
    const { token } = await launch(t, a);
    const res = await lottoup(t, "authenticate", { token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "OK", user: a.uuid, currency: "THB", balance: "5000" });
    expect((await lottoup(t, "balance", { token, user: a.uuid })).json).toEqual({
      status: "OK",
      balance: "5000",
    });
    // The member's access token is no game token (nor is any token we did not hand out).
    expect((await lottoup(t, "authenticate", { token: a.access })).json.status).not.toBe("OK");
    expect((await lottoup(t, "authenticate", { token: a.access.slice(-60) })).json).toEqual({
      status: "INVALID_TOKEN",
    });
  });

  it("answers a replay with the same payload as the first time and moves the money once", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const id = tx();
    const roundId = round();
    const first = await bet(a, token, "2500", id, roundId);
    expect(first.json).toMatchObject({ status: "OK", balance: "7500" });
    // Another request id (a new body, a new signature), the same money event.
    const again = await bet(a, token, "2500", id, roundId);
    expect(again.json).toEqual(first.json);
    expect(await available(t, a)).toBe(satang(75));
    const moved = await gameTransfers(t, a);
    expect(moved).toEqual([expect.objectContaining({ type: "BET_GAME", amount: 2500n })]);
    expect(moved[0]?.idempotency_key).toBe(`game:lottoup:${a.id}:${id}`);
    // A replay later, after other money moved, still answers the balance of the first answer.
    await bet(a, token, "100");
    expect((await bet(a, token, "2500", id, roundId)).json).toEqual(first.json);
  });

  it("moves the money once when one transaction arrives several times at once", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const id = tx();
    const roundId = round();
    const answers = await Promise.all(Array.from({ length: 6 }, () => bet(a, token, "700", id, roundId)));
    expect(new Set(answers.map((r) => JSON.stringify(r.json)))).toEqual(
      new Set([JSON.stringify(answers[0]?.json)]),
    );
    expect(answers[0]?.json).toMatchObject({ status: "OK", balance: "9300" });
    expect(await gameTransfers(t, a)).toHaveLength(1);
  });

  it("nets a bet and its rollback sent at the same time to nothing, whichever arrives first", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    for (let i = 0; i < 8; i++) {
      const stake = tx();
      const [placed, undone] = await Promise.all([
        bet(a, token, "1000", stake, `round-of-${stake}`),
        rollback(a, token, stake),
      ]);
      expect(undone.json.status).toBe("OK");
      expect(["OK", "TRANSACTION_ROLLED_BACK"]).toContain(placed.json.status);
      expect(await available(t, a)).toBe(satang(100));
    }
    const moved = await gameTransfers(t, a);
    const net = moved.reduce((s, m) => s + (m.type === "BET_GAME" ? -m.amount : m.amount), 0n);
    expect(net).toBe(0n);
  });

  it("refuses the same transaction id with another payload as a duplicate, and moves nothing", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const id = tx();
    const roundId = round();
    expect((await bet(a, token, "1000", id, roundId)).json.status).toBe("OK");
    const other = await bet(a, token, "2000", id, roundId);
    expect(other.json).toEqual({ status: "DUPLICATE_TRANSACTION", balance: "9000" });
    const otherRound = await bet(a, token, "1000", id, round());
    expect(otherRound.json).toEqual({ status: "DUPLICATE_TRANSACTION", balance: "9000" });
    // A win may not reuse a bet's id either.
    expect((await win(a, token, id, "500", id)).json).toEqual({
      status: "DUPLICATE_TRANSACTION",
      balance: "9000",
    });
    expect(await gameTransfers(t, a)).toHaveLength(1);
    expect(await available(t, a)).toBe(satang(90));
  });

  it("acknowledges a rollback of a bet it never saw, then refuses that late bet and moves nothing", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const lateBet = tx();
    const rollbackId = tx();
    const ack = await rollback(a, token, lateBet, rollbackId);
    expect(ack.json).toMatchObject({ status: "OK", balance: "10000" });
    const late = await bet(a, token, "3000", lateBet);
    expect(late.json).toEqual({ status: "TRANSACTION_ROLLED_BACK", balance: "10000" });
    // The same rollback again answers as the first; another rollback of the same bet is acknowledged too.
    expect((await rollback(a, token, lateBet, rollbackId)).json).toEqual(ack.json);
    expect((await rollback(a, token, lateBet)).json).toMatchObject({ status: "OK", balance: "10000" });
    expect((await bet(a, token, "3000", lateBet)).json.status).toBe("TRANSACTION_ROLLED_BACK");
    expect(await gameTransfers(t, a)).toEqual([]);
    expect(await available(t, a)).toBe(satang(100));
    const tombstone = await db()
      .selectFrom("game_transactions")
      .select(["state", "kind"])
      .where("member_id", "=", a.id)
      .where("provider_tx_id", "=", lateBet)
      .executeTakeFirstOrThrow();
    expect(tombstone).toEqual({ state: "tombstone", kind: null });
  });

  it("refunds a rolled-back bet once, and refuses a win for it afterwards (the rule: a rolled-back bet cannot be paid)", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const stake = tx();
    expect((await bet(a, token, "4000", stake)).json.balance).toBe("6000");
    expect((await rollback(a, token, stake)).json).toMatchObject({ status: "OK", balance: "10000" });
    // A second rollback of it (another id) moves nothing.
    expect((await rollback(a, token, stake)).json).toMatchObject({ status: "OK", balance: "10000" });
    expect((await win(a, token, stake, "8000")).json).toEqual({
      status: "TRANSACTION_ROLLED_BACK",
      balance: "10000",
    });
    // A win for a bet never seen (nor rolled back) is not found.
    expect((await win(a, token, tx(), "8000")).json).toEqual({
      status: "TRANSACTION_NOT_FOUND",
      balance: "10000",
    });
    expect((await gameTransfers(t, a)).map((m) => [m.type, m.amount])).toEqual([
      ["BET_GAME", 4000n],
      ["REFUND_GAME", 4000n],
    ]);
  });

  it("pays a win, closes a lost round with a win of 0 (no transfer), and keeps paying wins already paid when their bet is rolled back", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const won = tx();
    const lost = tx();
    await bet(a, token, "1000", won);
    await bet(a, token, "1000", lost);
    expect((await win(a, token, won, "1950")).json).toMatchObject({ status: "OK", balance: "9950" });
    expect((await win(a, token, lost, "0")).json).toMatchObject({ status: "OK", balance: "9950" });
    expect((await gameTransfers(t, a)).map((m) => m.type)).toEqual(["BET_GAME", "BET_GAME", "WIN_GAME"]);
  });

  it("accepts wins and rollbacks for a member restricted from games (3) or suspended (1), refusing only their bets, with the balance and nothing moved", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const one = tx();
    const two = tx();
    await bet(a, token, "1000", one);
    await bet(a, token, "1000", two);
    await setStatus(a, 3);
    expect((await bet(a, token, "1000")).json).toEqual({ status: "USER_DISABLED", balance: "8000" });
    expect((await lottoup(t, "authenticate", { token })).json).toEqual({
      status: "USER_DISABLED",
      balance: "8000",
    });
    expect((await win(a, token, one, "3000")).json).toMatchObject({ status: "OK", balance: "11000" });
    await setStatus(a, 1);
    expect((await bet(a, token, "1000")).json).toEqual({ status: "USER_DISABLED", balance: "11000" });
    expect((await rollback(a, token, two)).json).toMatchObject({ status: "OK", balance: "12000" });
    expect((await gameTransfers(t, a)).map((m) => [m.type, m.amount])).toEqual([
      ["BET_GAME", 1000n],
      ["BET_GAME", 1000n],
      ["WIN_GAME", 3000n],
      ["REFUND_GAME", 1000n],
    ]);
    await setStatus(a, 0);
  });

  it("accepts wins and rollbacks after the game session expired or the login ended, and refuses bets then", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const one = tx();
    const two = tx();
    await bet(a, token, "1000", one);
    await bet(a, token, "1000", two);
    await db()
      .updateTable("game_sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("member_id", "=", a.id)
      .execute();
    expect((await bet(a, token, "1000")).json).toEqual({ status: "TOKEN_EXPIRED", balance: "8000" });
    expect((await win(a, token, one, "500")).json).toMatchObject({ status: "OK", balance: "8500" });

    // Another launch, then the login ends (logout): its game session takes no more bets either.
    const b = await player(t, 100);
    const second = await launch(t, b);
    const stake = tx();
    await bet(b, second.token, "1000", stake);
    await t.app.inject({
      method: "POST",
      url: "/api/users.logout",
      headers: { authorization: `Bearer ${b.access}` },
    });
    expect((await bet(b, second.token, "1000")).json).toEqual({ status: "TOKEN_EXPIRED", balance: "9000" });
    expect((await rollback(b, second.token, stake)).json).toMatchObject({ status: "OK", balance: "10000" });
  });

  it("refuses a bet the balance does not cover, with the balance, moving nothing (and the same delivery again the same way)", async () => {
    const a = await player(t, 10);
    const { token } = await launch(t, a);
    const id = tx();
    const roundId = round();
    const refused = await bet(a, token, "1001", id, roundId);
    expect(refused.json).toEqual({ status: "NOT_ENOUGH_MONEY", balance: "1000" });
    expect((await bet(a, token, "1001", id, roundId)).json).toEqual(refused.json);
    expect((await bet(a, token, "1000")).json).toMatchObject({ status: "OK", balance: "0" });
    expect(await gameTransfers(t, a)).toHaveLength(1);
  });

  it("takes 20 concurrent bets from two tables on one wallet without overdrawing: exactly the affordable ones", async () => {
    const a = await player(t, 100);
    const dice = await launch(t, a, "lottoup-dice");
    const baccarat = await launch(t, a, "lottoup-baccarat");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bet(a, i % 2 === 0 ? dice.token : baccarat.token, "1000")),
    );
    const statuses = answers.map((r) => r.json.status);
    expect(statuses.filter((s) => s === "OK")).toHaveLength(10);
    expect(statuses.filter((s) => s === "NOT_ENOUGH_MONEY")).toHaveLength(10);
    expect(await available(t, a)).toBe(0n);
    const moved = await gameTransfers(t, a);
    expect(moved).toHaveLength(10);
    expect(moved.reduce((s, m) => s + m.amount, 0n)).toBe(satang(100));
  });

  it("rolls back a win taking what the balance covers, and records the rest as a shortfall for staff", async () => {
    const a = await player(t, 10);
    const { token } = await launch(t, a);
    const stake = tx();
    const paid = tx();
    await bet(a, token, "1000", stake);
    expect((await win(a, token, stake, "5000", paid)).json.balance).toBe("5000");
    // The member spends most of it elsewhere.
    await transfer(db(), {
      debitAccountId: await memberAccount(db(), a.id, "member_cash"),
      creditAccountId: await systemAccount(db(), "house:adjustments", "house"),
      amount: 4500n,
      type: "ADMIN_DECREASE",
      reference: "test",
      idempotencyKey: `test-spend:${randomUUID()}`,
    });
    const undo = tx();
    const rolled = await rollback(a, token, paid, undo);
    expect(rolled.json).toMatchObject({ status: "OK", balance: "0" });
    expect((await rollback(a, token, paid, undo)).json).toEqual(rolled.json);
    const shortfall = await db()
      .selectFrom("game_shortfalls")
      .select(["amount", "taken", "owed"])
      .where("member_id", "=", a.id)
      .executeTakeFirstOrThrow();
    expect(shortfall).toEqual({ amount: 5000n, taken: 500n, owed: 4500n });
    expect((await gameTransfers(t, a)).map((m) => [m.type, m.amount])).toEqual([
      ["BET_GAME", 1000n],
      ["WIN_GAME", 5000n],
      ["ABORT_GAME", 500n],
    ]);
  });

  it("refuses a body off by one byte, an old timestamp, a replayed signature and an unsigned request; nothing moves", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const body = {
      token,
      user: a.uuid,
      transactionId: tx(),
      roundId: round(),
      gameCode: "lottoup-dice",
      amount: "1000",
    };
    const raw = JSON.stringify(body);
    const signed = (await import("./dialects/lottoup.ts")).lottoupHeaders(
      t.config.games.originalsSecret,
      raw,
    );
    const tampered = raw.replace('"1000"', '"9000"');
    expect((await lottoup(t, "bet", {}, { raw: tampered, headers: signed })).json).toEqual({
      status: "INVALID_SIGNATURE",
    });
    const oldHeaders = (await import("./dialects/lottoup.ts")).lottoupHeaders(
      t.config.games.originalsSecret,
      raw,
      Date.now() - 6 * 60_000,
    );
    expect((await lottoup(t, "bet", {}, { raw, headers: oldHeaders })).json).toEqual({
      status: "SIGNATURE_EXPIRED",
    });
    expect(
      (await lottoup(t, "bet", {}, { raw, headers: { "content-type": "application/json" } })).json,
    ).toEqual({
      status: "INVALID_SIGNATURE",
    });
    const wrongKey = {
      ...signed,
      "x-signature": lottoupSignature("another-secret", signed["x-timestamp"] as string, raw),
    };
    expect((await lottoup(t, "bet", {}, { raw, headers: wrongKey })).json).toEqual({
      status: "INVALID_SIGNATURE",
    });
    expect(await gameTransfers(t, a)).toEqual([]);
    const once = await lottoup(t, "bet", {}, { raw, headers: signed });
    expect(once.json).toMatchObject({ status: "OK", balance: "9000" });
    expect((await lottoup(t, "bet", {}, { raw, headers: signed })).json).toEqual({ status: "REPLAYED" });
    expect(await gameTransfers(t, a)).toHaveLength(1);

    // Every one of them is kept, with its verdict.
    const kept = await db()
      .selectFrom("game_callbacks")
      .select(["verdict", "status", "http_status", "request_body"])
      .where("provider_code", "=", "lottoup")
      .where("call", "=", "bet")
      .orderBy("id", "desc")
      .limit(6)
      .execute();
    expect(kept.map((k) => [k.verdict, k.status]).reverse()).toEqual([
      ["invalid", "INVALID_SIGNATURE"],
      ["expired", "SIGNATURE_EXPIRED"],
      ["missing", "INVALID_SIGNATURE"],
      ["invalid", "INVALID_SIGNATURE"],
      ["valid", "OK"],
      ["replayed", "REPLAYED"],
    ]);
    expect(kept.every((k) => k.http_status === 200)).toBe(true);
    expect(Buffer.from(kept[1]?.request_body ?? []).toString("utf8")).toBe(raw);
  });

  it("authenticates callbacks by their signature alone: no session needed, another site's Origin not refused, a session no substitute", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    const raw = JSON.stringify({
      token,
      user: a.uuid,
      transactionId: tx(),
      roundId: round(),
      gameCode: "lottoup-dice",
      amount: "500",
    });
    const { lottoupHeaders } = await import("./dialects/lottoup.ts");
    const fromElsewhere = await lottoup(
      t,
      "bet",
      {},
      {
        raw,
        headers: {
          ...lottoupHeaders(t.config.games.originalsSecret, raw),
          origin: "https://provider.example",
        },
      },
    );
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.json).toMatchObject({ status: "OK", balance: "9500" });
    const withSessionOnly = await lottoup(
      t,
      "bet",
      {},
      {
        raw: JSON.stringify({ ...JSON.parse(raw), transactionId: tx() }),
        headers: { "content-type": "application/json", authorization: `Bearer ${a.access}` },
      },
    );
    expect(withSessionOnly.json).toEqual({ status: "INVALID_SIGNATURE" });
    expect(await gameTransfers(t, a)).toHaveLength(1);
  });

  it("answers a body it cannot read with INVALID_REQUEST, whatever its type, and never 5xx", async () => {
    for (const raw of ["", "[]", '"x"', "{", "\u0000", '{"token":1}', "a".repeat(70_000)]) {
      const headers = (await import("./dialects/lottoup.ts")).lottoupHeaders(
        t.config.games.originalsSecret,
        raw,
      );
      const res = await lottoup(t, "bet", {}, { raw, headers: { ...headers, "content-type": "text/plain" } });
      expect(res.status, raw.slice(0, 20)).toBe(200);
      expect(res.json.status).toBe("INVALID_REQUEST");
    }
  });

  it("tells the member's sockets the new balance after a bet commits (money-update)", async () => {
    const a = await player(t, 100);
    const { token } = await launch(t, a);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const socket = connect(base, {
      path: "/ccu",
      auth: { token: a.access },
      transports: ["websocket"],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on("connect", () => resolve());
        socket.on("connect_error", reject);
      });
      const update = new Promise((resolve) => socket.on("money-update", resolve));
      expect((await bet(a, token, "1234")).json.status).toBe("OK");
      expect(await update).toEqual({ balance: "87.66" });
    } finally {
      socket.close();
    }
  });

  it("keeps game transactions append-only", async () => {
    await expect(sql`update game_transactions set amount = amount + 1`.execute(db())).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from game_transactions`.execute(db())).rejects.toThrow(/append-only/);
  });
});
