import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  chainShots,
  commitmentOf,
  nextShotHash,
  pingpongNumberFromSeed,
  shotChainGenesis,
  shotCommitment,
  verifyCommitment,
  verifySealedChain,
  yeekeeResult,
} from "../../../src/domain/lotto/index.ts";
import { checkLedger } from "../../ledger/check.ts";
import { memberAccount, systemAccount, transfer } from "../../ledger/ledger.ts";
import { createTestApp, engineName, requestsOf, type TestApp } from "../../test/harness.ts";
import { fundedMember, openRound, placeSlip, tokenOf } from "../../test/settle.ts";
import { directMember, makeRound, moveClose, randomShot, type TestMember } from "../../test/yings.ts";
import { pingpongSeed } from "./drawSecrets.ts";
import { drawDueRounds } from "./draws.ts";
import { maskUserName, shoot } from "./yings.ts";

let t: TestApp;
let base: string;
const { post, get } = requestsOf(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(async () => t.close());

const db = () => t.database.db;
const member = (opts: { userName?: string; status?: number } = {}) =>
  directMember(db(), t.config.sessionSecret, opts);
const round = (family: Parameters<typeof makeRound>[1], opts: Parameters<typeof makeRound>[2] = {}) =>
  makeRound(db(), family, opts);
const fire = (m: TestMember | undefined, betId: bigint, yingNumber: unknown) =>
  post("/poy-api/yings.create", m?.token, { betId: Number(betId), yingNumber });

/** n members, one shot each (no waiting for the 3-second rule); returns the numbers in the order shot. */
async function shots(betId: bigint, n: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let i = 0; i < n; i++) {
    const number = randomShot();
    const res = await fire(await member(), betId, number);
    expect(res.statusCode, res.body).toBe(201);
    numbers.push(number);
  }
  return numbers;
}

describe(`yings.create (${engineName})`, () => {
  it("takes exactly five digits from a member allowed to bet", async () => {
    const betId = await round("yeekee", { closeInMinutes: 10 });
    const m = await member();
    for (const bad of ["1234", "123456", "12a45", " 12345", "", 12345, null]) {
      const res = await fire(m, betId, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().code).toBe("YING_INVALID");
    }
    expect((await fire(undefined, betId, "12345")).statusCode).toBe(401);
    const noLotto = await member({ status: 4 });
    expect((await fire(noLotto, betId, "12345")).json()).toMatchObject({ code: "FORBIDDEN" });
    expect((await fire(m, 987_654_321n, "12345")).json().code).toBe("ROUND_NOT_FOUND");
    for (const family of ["gov", "pingpong", "stock"] as const) {
      const res = await fire(m, await round(family, { closeInMinutes: 10 }), "12345");
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("NOT_YEEKEE");
    }
    const ok = await fire(m, betId, "00000");
    expect(ok.statusCode).toBe(201);
    expect(ok.json().receipt).toMatchObject({ betId: Number(betId), seq: 1, yingNumber: "00000" });
    expect(await db().selectFrom("yings").select("id").where("round_id", "=", betId).execute()).toHaveLength(
      1,
    );
  });

  it("is open before close and for 2 minutes after it, then refused; a cancelled round takes none", async () => {
    const m = await member();
    const open = await round("yeekee5Min", { closeInMinutes: 10 });
    expect((await fire(m, open, "11111")).statusCode).toBe(201);
    const justClosed = await round("yeekee", { closeInMinutes: -1.5, status: "closed" });
    expect((await fire(m, justClosed, "22222")).statusCode).toBe(201);
    const over = await round("yeekee", { closeInMinutes: -2.1, status: "closed" });
    const late = await fire(m, over, "33333");
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("SHOOTING_CLOSED");
    const cancelled = await round("yeekee", { closeInMinutes: 10 });
    await db().updateTable("lotto_rounds").set({ status: "cancelled" }).where("id", "=", cancelled).execute();
    expect((await fire(m, cancelled, "44444")).json().code).toBe("SHOOTING_CLOSED");
  });

  it("takes one shot per member and round every 3 seconds: 429 with retryAfter, then accepted again", async () => {
    const betId = await round("yeekee", { closeInMinutes: 10 });
    const other = await round("yeekee", { closeInMinutes: 10 });
    const m = await member();
    expect((await fire(m, betId, "12345")).statusCode).toBe(201);
    const fast = await fire(m, betId, "54321");
    expect(fast.statusCode).toBe(429);
    expect(fast.json().code).toBe("YING_TOO_FAST");
    expect(fast.json().retryAfter).toBeGreaterThanOrEqual(1);
    expect(fast.json().retryAfter).toBeLessThanOrEqual(3);
    // Per member and per round: someone else, or the same member in another round, shoots at once.
    expect((await fire(await member(), betId, "54321")).statusCode).toBe(201);
    expect((await fire(m, other, "54321")).statusCode).toBe(201);
    // The refused shot left nothing behind.
    const mine = await db()
      .selectFrom("yings")
      .select("seq")
      .where("round_id", "=", betId)
      .where("member_id", "=", m.id)
      .execute();
    expect(mine.map((r) => r.seq)).toEqual([1]);

    // The rule is judged on the stored time of the member's last shot, whichever process took it.
    const start = new Date();
    const at = (ms: number) => () => new Date(start.getTime() + ms);
    const n = await member();
    const timed = await round("yeekee", { closeInMinutes: 10 });
    await shoot(db(), { memberId: n.id, betId: timed, yingNumber: "10000", clock: at(0) });
    await expect(
      shoot(db(), { memberId: n.id, betId: timed, yingNumber: "10001", clock: at(900) }),
    ).rejects.toMatchObject({ status: 429, extra: { retryAfter: 3 } });
    await expect(
      shoot(db(), { memberId: n.id, betId: timed, yingNumber: "10001", clock: at(2_100) }),
    ).rejects.toMatchObject({ status: 429, extra: { retryAfter: 1 } });
    const again = await shoot(db(), { memberId: n.id, betId: timed, yingNumber: "10001", clock: at(3_000) });
    expect(again.seq).toBe(2);
  });

  it("numbers shots 1, 2, 3 … and chains their commitments from the round's genesis; no running sum is kept", async () => {
    const betId = await round("yeekee", { closeInMinutes: 10 });
    const row = await db()
      .selectFrom("lotto_rounds")
      .select("bet_type")
      .where("id", "=", betId)
      .executeTakeFirstOrThrow();
    const genesis = await shotChainGenesis(row.bet_type);
    const numbers: string[] = [];
    const receipts = [];
    for (let i = 0; i < 6; i++) {
      const number = randomShot();
      numbers.push(number);
      const res = await fire(await member(), betId, number);
      receipts.push(res.json().receipt);
    }
    // Changed for issue 12: the chain links each shot's commitment (number + salt), not the bare number.
    expect(receipts.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    let prev = genesis;
    for (const [i, r] of receipts.entries()) {
      expect(r.yingNumber).toBe(numbers[i]);
      expect(r.salt).toMatch(/^[0-9a-f]{32}$/);
      expect(r.commitment).toBe(await shotCommitment(betId, r.seq, r.yingNumber, r.salt));
      expect(r.prevHash).toBe(prev);
      expect(r.hash).toBe(await nextShotHash(prev, r.commitment));
      prev = r.hash;
    }
    // Not the old chain over numbers, which anyone could reverse by trying the 100,000 values.
    expect(receipts.at(-1).hash).not.toBe((await chainShots(numbers, genesis)).at(-1)?.hash);
    const chain = await db()
      .selectFrom("ying_chains")
      .selectAll()
      .where("round_id", "=", betId)
      .executeTakeFirstOrThrow();
    expect(chain).toMatchObject({ genesis, head_hash: prev, shots: 6 });
    expect(chain.sum).toBe(0n);
  });

  it("caps a member at 10 shots per round with a 409 YING_LIMIT", async () => {
    const betId = await round("yeekee", { closeInMinutes: 10 });
    const m = await member();
    const start = Date.now();
    for (let i = 0; i < 10; i++) {
      const at = new Date(start + i * 3_000);
      await shoot(db(), { memberId: m.id, betId, yingNumber: randomShot(), clock: () => at });
    }
    // The HTTP answer after the tenth (the clock is long past the 3-second rule by then in real time too).
    const refused = await shoot(db(), {
      memberId: m.id,
      betId,
      yingNumber: "12345",
      clock: () => new Date(start + 40_000),
    }).catch((err: unknown) => err);
    expect(refused).toMatchObject({ status: 409, code: "YING_LIMIT", extra: { limit: 10 } });
    const res = await fire(m, betId, "12345");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "YING_LIMIT", limit: 10 });
    expect((await post("/poy-api/yings.summary", undefined, { betId: Number(betId) })).json()).toMatchObject({
      count: 10,
      maxShotsPerMember: 10,
    });
  });

  it("gives 50 members shooting at once 50 distinct consecutive places and one valid chain", async () => {
    const betId = await round("yeekee5Min", { closeInMinutes: 10 });
    const members = await Promise.all(Array.from({ length: 50 }, () => member()));
    const numbers = members.map(() => randomShot());
    const results = await Promise.all(members.map((m, i) => fire(m, betId, numbers[i])));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    const seqs = results.map((r) => r.json().receipt.seq as number).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const stored = await db()
      .selectFrom("yings")
      .select(["seq", "commitment", "hash", "member_id"])
      .where("round_id", "=", betId)
      .orderBy("seq")
      .execute();
    const row = await db()
      .selectFrom("lotto_rounds")
      .select("bet_type")
      .where("id", "=", betId)
      .executeTakeFirstOrThrow();
    const bySeq = new Map(results.map((r) => [r.json().receipt.seq, r.json().receipt]));
    const verified = await verifySealedChain(
      betId,
      stored.map((s) => ({
        seq: s.seq,
        shot: bySeq.get(s.seq).yingNumber,
        salt: bySeq.get(s.seq).salt,
        commitment: s.commitment,
        hash: s.hash,
      })),
      await shotChainGenesis(row.bet_type),
    );
    expect(verified).toEqual({ ok: true });
    // Each member's receipt is their own stored shot.
    for (const [i, res] of results.entries()) {
      const receipt = res.json().receipt;
      expect(receipt.yingNumber).toBe(numbers[i]);
      expect(stored[receipt.seq - 1]).toMatchObject({
        commitment: receipt.commitment,
        member_id: members[i]?.id,
        hash: receipt.hash,
      });
    }
  });
});

describe(`the public shot list and summary (${engineName})`, () => {
  it("masks names as 2 + *** + 2", () => {
    expect(maskUserName("somchai")).toBe("so***ai");
    expect(maskUserName("player01")).toBe("pl***01");
    expect(maskUserName("abcde")).toBe("ab***de");
    expect(maskUserName("abcd")).toBe("a***");
    expect(maskUserName("สมชายใจดี")).toBe("สม***ดี");
  });

  it("lists the latest shots first, masked, marking the caller's own", async () => {
    const betId = await round("yeekee", { closeInMinutes: 10 });
    const a = await member({ userName: `somchai${randomUUID().slice(0, 6)}` });
    const b = await member();
    const numbers = ["11111", "22222", "33333"];
    expect((await fire(a, betId, numbers[0])).statusCode).toBe(201);
    expect((await fire(b, betId, numbers[1])).statusCode).toBe(201);
    const c = await member();
    expect((await fire(c, betId, numbers[2])).statusCode).toBe(201);

    // Changed for issue 12: while the round is open the list is receipts only (no numbers, no names).
    const guest = (await get(`/poy-api/yings?betId=${betId}`)).json().items;
    expect(guest.map((i: { seq: number }) => i.seq)).toEqual([3, 2, 1]);
    expect(guest.map((i: { yingNumber: string }) => i.yingNumber)).toEqual([null, null, null]);
    expect(guest.map((i: { userName: string }) => i.userName)).toEqual([null, null, null]);
    expect(guest.every((i: { commitment: string }) => /^[0-9a-f]{64}$/.test(i.commitment))).toBe(true);
    expect(JSON.stringify(guest)).not.toContain(a.userName);
    expect(guest.every((i: { mine: boolean }) => i.mine === false)).toBe(true);

    const asA = (await get(`/poy-api/yings?betId=${betId}&limit=2`, a.token)).json().items;
    expect(asA.map((i: { seq: number; mine: boolean }) => [i.seq, i.mine])).toEqual([
      [3, false],
      [2, false],
    ]);
    const asAll = (await get(`/poy-api/yings?betId=${betId}`, a.token)).json().items;
    expect(asAll.map((i: { mine: boolean }) => i.mine)).toEqual([false, false, true]);
    // A bad token is a guest, not an error: the list is public.
    expect((await get(`/poy-api/yings?betId=${betId}`, "forged")).statusCode).toBe(200);
    for (const limit of [0, 101, "x"]) {
      expect((await get(`/poy-api/yings?betId=${betId}&limit=${limit}`)).json().code).toBe("requestInvalid");
    }
    expect((await get(`/poy-api/yings?betId=${await round("gov")}`)).json().code).toBe("NOT_YEEKEE");

    // Decided (here: cancelled under 20 shots), everything is shown: numbers, salts, masked names.
    await moveClose(db(), betId, -3);
    await drawDueRounds(db(), new Date());
    const after = (await get(`/poy-api/yings?betId=${betId}`)).json().items;
    expect(after.map((i: { yingNumber: string }) => i.yingNumber)).toEqual(["33333", "22222", "11111"]);
    expect(after[2].userName).toBe(maskUserName(a.userName));
    expect(after[2].userName).toMatch(/^so\*\*\*[0-9a-f-]{2}$/);
    expect(after.every((i: { salt: string }) => /^[0-9a-f]{32}$/.test(i.salt))).toBe(true);
  });

  it("tells nobody a number, the sum, the 16th-latest shot or a result while the round is undecided", async () => {
    const betId = await round("yeekee", { closeInMinutes: 10 });
    const watcher = await member();
    const socket = openSocket(watcher.token);
    await connected(socket);
    expect(await socket.emitWithAck("ying:join", { betId: Number(betId) })).toEqual({ ok: true });
    const pushed: Record<string, unknown>[] = [];
    socket.on("ying", (m) => pushed.push(m));
    const shooters = await Promise.all(Array.from({ length: 21 }, () => member()));
    const receipts: { yingNumber: string; salt: string }[] = [];
    for (const m of shooters) receipts.push((await fire(m, betId, randomShot())).json().receipt);
    await expect.poll(() => pushed.length).toBe(21);

    const looks = async () => {
      const bodies = [
        (await get(`/poy-api/yings?betId=${betId}&limit=100`)).json(),
        (await get(`/poy-api/yings?betId=${betId}&limit=100`, shooters[0]?.token)).json(),
        (await post("/poy-api/yings.summary", undefined, { betId: Number(betId) })).json(),
        (await post("/poy-api/ying-results.one", shooters[0]?.token, { betId: Number(betId) })).json(),
        (await get(`/poy-api/lotto-verify?betId=${betId}`)).json(),
        ...pushed,
      ];
      const text = JSON.stringify(bodies);
      for (const r of receipts) expect(text).not.toContain(r.salt);
      return bodies;
    };
    const [list, own, summary, result, verify] = await looks();
    for (const item of [...list.items, ...own.items]) expect(item.yingNumber).toBeNull();
    expect(summary).toMatchObject({ count: 21, sealed: true, sum: null, sixteenth: null, resultNow: null });
    expect(result).toMatchObject({ status: "waiting", number: null, count: 21, sum: null, sixteenth: null });
    expect(verify).toMatchObject({ code: "NOT_YET_PUBLISHED" });
    for (const m of pushed)
      expect(Object.keys(m).sort()).toEqual(["betId", "commitment", "createdAt", "hash", "seq"]);

    // Shooting closed, not drawn yet: still sealed.
    await moveClose(db(), betId, -2.5);
    const [, , closedSummary, , closedVerify] = await looks();
    expect(closedSummary).toMatchObject({ open: false, sealed: true, sum: null, resultNow: null });
    expect(closedVerify).toMatchObject({ code: "NOT_YET_PUBLISHED", closed: true });

    // Drawn: the figures and the list are out.
    await drawDueRounds(db(), new Date());
    const expected = yeekeeResult(receipts.map((r) => r.yingNumber));
    const drawn = (await post("/poy-api/yings.summary", undefined, { betId: Number(betId) })).json();
    expect(drawn).toMatchObject({ sealed: false, resultNow: (expected as { number: string }).number });
    socket.close();
  });

  it("sums as docs/rules.md does: sum 1,234,567,890, 16th-latest 51,876 → 16014 (3-top 014, 2-top 14, 2-bottom 16)", async () => {
    const betId = await round("yeekee", { closeInMinutes: 10 });
    // 12,345 × 99999 + 28359 + 51876 + 15 × 00000 = 1,234,567,890, and 51876 is the 16th counting back.
    const numbers = [
      ...Array.from({ length: 12_345 }, () => "99999"),
      "28359",
      "51876",
      ...Array.from({ length: 15 }, () => "00000"),
    ];
    await storeShots(betId, numbers);
    const empty = await post("/poy-api/yings.summary", undefined, { betId: Number(await round("yeekee")) });
    expect(empty.json()).toMatchObject({
      count: 0,
      sum: null,
      sixteenth: null,
      resultNow: null,
      minShots: 20,
      open: true,
    });

    // Changed for issue 12: while shooting is open the summary tells no sum, no 16th-latest shot and no result
    // (these shots are stored in the clear, as before sealing existed: the answer hides them all the same).
    const summary = (await post("/poy-api/yings.summary", undefined, { betId: Number(betId) })).json();
    expect(summary).toMatchObject({
      betId: Number(betId),
      count: numbers.length,
      sealed: true,
      sum: null,
      sixteenth: null,
      resultNow: null,
      minShots: 20,
      open: true,
      // The configured shooter bonus (YEEKEE_SHOOTER_BONUS_FIRST / _SIXTEENTH, 50 baht each by default).
      bonus: { first: "50.00", sixteenth: "50.00" },
    });
    const chain = await db()
      .selectFrom("ying_chains")
      .select("head_hash")
      .where("round_id", "=", betId)
      .executeTakeFirstOrThrow();
    expect(summary.headHash).toBe(chain.head_hash);

    // Shooting closes: the round is drawn from the same shots.
    const waiting = (await post("/poy-api/ying-results.one", undefined, { betId: Number(betId) })).json();
    expect(waiting).toMatchObject({ status: "waiting", number: null, count: numbers.length });
    await moveClose(db(), betId, -3);
    await drawDueRounds(db(), new Date());
    const result = (await post("/poy-api/ying-results.one", undefined, { betId: Number(betId) })).json();
    expect(result).toEqual({
      betId: Number(betId),
      status: "resulted",
      number: "16014",
      top3: "014",
      top2: "14",
      bottom2: "16",
      count: numbers.length,
      sum: 1_234_567_890,
      sixteenth: { seq: 12_347, yingNumber: "51876" },
      // One member fired every shot and has no slip: both places named, nothing paid.
      bonuses: [
        {
          place: 1,
          seq: 12_362,
          yingNumber: "00000",
          userName: expect.any(String),
          amount: "0.00",
          mine: false,
        },
        {
          place: 16,
          seq: 12_347,
          yingNumber: "51876",
          userName: expect.any(String),
          amount: "0.00",
          mine: false,
        },
      ],
    });
    const closed = (await post("/poy-api/yings.summary", undefined, { betId: Number(betId) })).json();
    expect(closed).toMatchObject({
      open: false,
      sealed: false,
      sum: 1_234_567_890,
      sixteenth: { seq: 12_347, yingNumber: "51876" },
      resultNow: "16014",
    });
    expect(closed.resultNow).toBe((yeekeeResult(numbers) as { number: string }).number);
  });
});

describe(`the shooter bonus in the answers (${engineName})`, () => {
  it("states the configured bonus before the draw, then names the #1 and #16 shooters with what they were paid", async () => {
    const roundRow = await openRound(db(), "yeekee");
    const betId = roundRow.id;
    const before = (await post("/poy-api/yings.summary", undefined, { betId: Number(betId) })).json();
    expect(before.bonus).toEqual({ first: "50.00", sixteenth: "50.00" });
    // Waiting: no bonuses yet.
    expect(
      (await post("/poy-api/ying-results.one", undefined, { betId: Number(betId) })).json().bonuses,
    ).toEqual([]);

    // `last` bets and fires the last shot (#1); `sixteenth` fires #16 without a slip.
    const bettor = await fundedMember(db(), 100);
    await placeSlip(db(), bettor, roundRow, [{ option: "tengBon3", number: "123", price: 1 }]);
    const last = { token: await tokenOf(db(), t.config.sessionSecret, bettor) };
    const sixteenth = await member({ userName: `sixteen${randomUUID().slice(0, 6)}` });
    const fired: string[] = [];
    for (let seq = 1; seq <= 21; seq++) {
      const who = seq === 21 ? last : seq === 6 ? sixteenth : await member();
      const number = randomShot();
      const res = await post("/poy-api/yings.create", who.token, {
        betId: Number(betId),
        yingNumber: number,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().receipt.seq).toBe(seq);
      fired.push(number);
    }
    await moveClose(db(), betId, -3);
    await drawDueRounds(db(), new Date());

    const ask = (token?: string) => post("/poy-api/ying-results.one", token, { betId: Number(betId) });
    const userName = (
      await db()
        .selectFrom("members")
        .select("user_name")
        .where("id", "=", bettor.id)
        .executeTakeFirstOrThrow()
    ).user_name;
    const asBettor = (await ask(last.token)).json();
    expect(asBettor.status).toBe("resulted");
    expect(asBettor.bonuses).toEqual([
      {
        place: 1,
        seq: 21,
        yingNumber: fired[20],
        userName: maskUserName(userName),
        amount: "50.00",
        mine: true,
      },
      {
        place: 16,
        seq: 6,
        yingNumber: fired[5],
        userName: maskUserName(sixteenth.userName),
        amount: "0.00",
        mine: false,
      },
    ]);
    expect(JSON.stringify(asBettor)).not.toContain(sixteenth.userName);
    // Public: a guest (or a bad token) sees the same places, none marked as theirs.
    for (const token of [undefined, "forged"]) {
      const res = await ask(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().bonuses.map((b: { place: number; mine: boolean }) => [b.place, b.mine])).toEqual([
        [1, false],
        [16, false],
      ]);
    }
    expect((await ask(sixteenth.token)).json().bonuses.map((b: { mine: boolean }) => b.mine)).toEqual([
      false,
      true,
    ]);
    // The member's statement shows it as a YING_WIN.
    const paid = await db()
      .selectFrom("ledger_transfers")
      .select(["type", "amount", "credit_account_id"])
      .where("idempotency_key", "=", `ying-bonus:${betId}:1`)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ type: "YING_WIN", amount: 5_000n, credit_account_id: bettor.cash });
  });
});

/** Shots written straight to the tables with their chain (for the docs/rules.md example's 12,362 shots). */
async function storeShots(betId: bigint, numbers: readonly string[]) {
  const owner = await member();
  const row = await db()
    .selectFrom("lotto_rounds")
    .select("bet_type")
    .where("id", "=", betId)
    .executeTakeFirstOrThrow();
  const genesis = await shotChainGenesis(row.bet_type);
  const chained = await chainShots(numbers, genesis);
  for (let i = 0; i < chained.length; i += 1000) {
    await db()
      .insertInto("yings")
      .values(
        chained.slice(i, i + 1000).map((c, j) => ({
          round_id: betId,
          seq: i + j + 1,
          member_id: owner.id,
          number: c.shot,
          hash: c.hash,
        })),
      )
      .execute();
  }
  await db()
    .insertInto("ying_chains")
    .values({
      round_id: betId,
      genesis,
      head_hash: chained.at(-1)?.hash ?? genesis,
      shots: numbers.length,
      sum: numbers.reduce((s, n) => s + BigInt(n), 0n),
    })
    .execute();
}

describe(`lotto-verify (${engineName})`, () => {
  it("publishes a yeekee round's full shot list only once shooting has closed, and it recomputes the result", async () => {
    const betId = await round("yeekee", { closeInMinutes: 10 });
    const numbers = await shots(betId, 21);
    const before = await get(`/poy-api/lotto-verify?betId=${betId}`);
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe("NOT_YET_PUBLISHED");

    await moveClose(db(), betId, -1);
    expect((await get(`/poy-api/lotto-verify?betId=${betId}`)).statusCode).toBe(409);
    await moveClose(db(), betId, -2.5);
    await drawDueRounds(db(), new Date());
    const after = (await get(`/poy-api/lotto-verify?betId=${betId}`)).json();
    expect(after).toMatchObject({ betId: Number(betId), betGroup: "yeekee", kind: "yeekee" });
    expect(after.shots.map((s: { yingNumber: string }) => s.yingNumber)).toEqual(numbers);
    expect(after.shots.map((s: { seq: number }) => s.seq)).toEqual(numbers.map((_, i) => i + 1));
    // What the app does in the browser: its own genesis, every commitment, the chain, the number.
    expect(after.genesis).toBe(await shotChainGenesis(after.betType));
    expect(
      await verifySealedChain(
        betId,
        after.shots.map(
          (s: { seq: number; yingNumber: string; salt: string; commitment: string; hash: string }) => ({
            seq: s.seq,
            shot: s.yingNumber,
            salt: s.salt,
            commitment: s.commitment,
            hash: s.hash,
          }),
        ),
        after.genesis,
      ),
    ).toEqual({ ok: true });
    // Each shooter a label of this round (21 members, one shot each), and the concentration from them.
    expect(after.shots.map((s: { shooter: number }) => s.shooter)).toEqual(numbers.map((_, i) => i + 1));
    expect(after.concentration).toEqual({ shots: 21, distinct: 21, topCount: 1, topShare: 1 / 21 });
    const expected = yeekeeResult(numbers);
    expect(expected.cancelled).toBe(false);
    expect(after.result).toEqual({ status: "resulted", number: (expected as { number: string }).number });
  });

  it("shows a ping-pong round's commitment from creation, its seed only once drawn, and never before", async () => {
    const betId = await round("pingpong", { closeInMinutes: 10 });
    const stored = await db()
      .selectFrom("lotto_rounds")
      .select(["seed", "commitment", "bet_type"])
      .where("id", "=", betId)
      .executeTakeFirstOrThrow();
    // Derived from the configured key (the demo one here), never stored before the draw.
    expect(stored.seed).toBeNull();
    const seed = pingpongSeed(t.config.drawSeedKey, stored.bet_type);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.commitment).toBe(await commitmentOf(seed));

    // A member bets on it and looks at everything the app shows about the round and the slip.
    const m = await member();
    await transfer(db(), {
      debitAccountId: await systemAccount(db(), "house:adjustments", "house"),
      creditAccountId: await memberAccount(db(), m.id, "member_cash"),
      amount: 10_000n,
      type: "ADMIN_INCREASE",
      reference: "test funds",
      idempotencyKey: `ying-test:${randomUUID()}`,
    });
    const placed = await post("/poy-api/poys.create", m.token, {
      betId: Number(betId),
      lines: [{ option: "teng_bon_2", number: "10", price: 1, multiply: "90" }],
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const seen = [
      placed.body,
      (await get(`/poy-api/bet-lists.one?id=${betId}`)).body,
      (await get("/poy-api/bet-lists.latest")).body,
      (await get(`/poy-api/poys.one?id=${placed.json().id}`, m.token)).body,
      (await get("/poy-api/poys", m.token)).body,
      (await get(`/poy-api/lotto-verify?betId=${betId}`)).body,
    ];
    for (const body of seen) expect(body).not.toContain(seed);
    expect((await get(`/poy-api/bet-lists.one?id=${betId}`)).json().commitment).toBe(stored.commitment);
    const early = (await get(`/poy-api/lotto-verify?betId=${betId}`)).json();
    expect(early).toEqual({
      betId: Number(betId),
      betGroup: "pingpong",
      betType: stored.bet_type,
      kind: "pingpong",
      commitment: stored.commitment,
      seed: null,
      result: { status: "waiting", number: null },
    });
    // The app's own rounds (created by the job) carry commitments and no seed.
    const latest = (await get("/poy-api/bet-lists.latest")).json();
    expect(latest.pingpong.length).toBeGreaterThan(0);
    expect(latest.pingpong.every((r: { commitment: string }) => /^[0-9a-f]{64}$/.test(r.commitment))).toBe(
      true,
    );
    expect(latest.yeekee.every((r: object) => !("commitment" in r))).toBe(true);

    // Closed but before the result time: still no seed.
    await moveClose(db(), betId, -0.5);
    await drawDueRounds(db(), new Date());
    expect((await get(`/poy-api/lotto-verify?betId=${betId}`)).json().seed).toBeNull();

    await moveClose(db(), betId, -1.5);
    await drawDueRounds(db(), new Date());
    const drawn = (await get(`/poy-api/lotto-verify?betId=${betId}`)).json();
    expect(drawn.seed).toBe(seed);
    expect(await verifyCommitment(drawn.seed, drawn.commitment)).toBe(true);
    expect(drawn.result).toEqual({ status: "resulted", number: await pingpongNumberFromSeed(drawn.seed) });
  });

  it("answers other families with their external source, and unknown rounds with 404", async () => {
    const gov = await round("gov", { closeInMinutes: 10 });
    expect((await get(`/poy-api/lotto-verify?betId=${gov}`)).json()).toMatchObject({
      betId: Number(gov),
      betGroup: "gov",
      kind: "external",
      source: null,
      result: { status: "waiting", payload: null },
    });
    expect((await get("/poy-api/lotto-verify?betId=987654321")).statusCode).toBe(404);
  });
});

function openSocket(token: string): Socket {
  return connect(base, { path: "/ccu", auth: { token }, transports: ["websocket"], reconnection: false });
}
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });

describe(`live shots over socket.io (${engineName})`, () => {
  it("sends each shot to the round's room only, and ying-closed when shooting closes", async () => {
    const betId = await round("yeekee", { closeInMinutes: 10 });
    const elsewhere = await round("yeekee", { closeInMinutes: 10 });
    const watcher = await member();
    const shooter = await member({ userName: `shooter${randomUUID().slice(0, 8)}` });
    const socket = openSocket(watcher.token);
    const idle = openSocket(watcher.token);
    await Promise.all([connected(socket), connected(idle)]);
    expect(await socket.emitWithAck("ying:join", { betId: Number(betId) })).toEqual({ ok: true });
    expect(await socket.emitWithAck("ying:join", { betId: "not a round" })).toEqual({ ok: false });
    const seen: unknown[] = [];
    const idleSeen: unknown[] = [];
    socket.on("ying", (m) => seen.push(m));
    idle.on("ying", (m) => idleSeen.push(m));
    const closed = new Promise((resolve) => socket.on("ying-closed", resolve));

    const receipt = (await fire(shooter, betId, "24680")).json().receipt;
    expect((await fire(shooter, elsewhere, "13579")).statusCode).toBe(201);
    await expect.poll(() => seen.length).toBe(1);
    // Changed for issue 12: a receipt, not the number or the name.
    expect(seen[0]).toEqual({
      betId: Number(betId),
      seq: 1,
      createdAt: receipt.createdAt,
      commitment: receipt.commitment,
      hash: receipt.hash,
    });

    await moveClose(db(), betId, -3);
    await drawDueRounds(db(), new Date());
    expect(await closed).toEqual({ betId: Number(betId) });

    expect(await socket.emitWithAck("ying:leave", { betId: Number(elsewhere) })).toEqual({ ok: true });
    expect(await socket.emitWithAck("ying:join", { betId: Number(elsewhere) })).toEqual({ ok: true });
    expect(await socket.emitWithAck("ying:leave", { betId: Number(elsewhere) })).toEqual({ ok: true });
    expect((await fire(await member(), elsewhere, "97531")).statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toHaveLength(1);
    expect(idleSeen).toEqual([]);
    socket.close();
    idle.close();
  });

  it("lets a socket watch at most 4 rounds at once", async () => {
    const m = await member();
    const socket = openSocket(m.token);
    await connected(socket);
    const acks = [];
    for (let i = 1; i <= 5; i++) acks.push(await socket.emitWithAck("ying:join", { betId: 1000 + i }));
    expect(acks.map((a) => a.ok)).toEqual([true, true, true, true, false]);
    // Joining a room already joined is not one more.
    expect((await socket.emitWithAck("ying:join", { betId: 1001 })).ok).toBe(true);
    socket.close();
  });
});
