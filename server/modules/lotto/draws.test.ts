import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  commitmentOf,
  pingpongNumberFromSeed,
  verifyCommitment,
  yeekeeResult,
} from "../../../src/domain/lotto/index.ts";
import type { ShooterBonus } from "../../config.ts";
import { type Database, openDatabase } from "../../db/database.ts";
import { checkLedger } from "../../ledger/check.ts";
import { onCashChange, systemAccount, transfer } from "../../ledger/ledger.ts";
import { engineName, openTestDatabase } from "../../test/harness.ts";
import {
  cashOf,
  fundedMember,
  openRound,
  placeSlip,
  type SettleMember,
  transfersLike,
} from "../../test/settle.ts";
import { directMember, makeRound, randomShot, type TestMember } from "../../test/yings.ts";
import { DEMO_DRAW_SEED_KEY, pingpongSeed } from "./drawSecrets.ts";
import { type DrawLog, drawDueRounds, drawYeekeeRound, YEEKEE_CANCEL_REASON } from "./draws.ts";
import { ensureRounds } from "./roundJob.ts";
import { findRound, type RoundRow, sealLegacySeeds } from "./rounds.ts";
import { maskUserName, onYingEvent, shoot, type YingEvent, yingResult } from "./yings.ts";

let database: Database;
const db = () => database.db;
const shooters: TestMember[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  for (let i = 0; i < 25; i++)
    shooters.push(await directMember(db(), "draw-test-secret-of-at-least-32-bytes"));
});
afterAll(async () => database.close());

/** A log that keeps what it is told, to see alarms. */
function recordingLog() {
  const errors: { obj: Record<string, unknown>; msg: string }[] = [];
  const log = {
    error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }),
  } as unknown as DrawLog;
  return { log, errors };
}

/**
 * A yeekee round that closed 10 minutes ago (really: the result is recorded against the real clock), shot at by
 * `n` members while it was open (each shot a second apart, a minute before close).
 */
async function shotRound(n: number): Promise<{ betId: bigint; numbers: string[] }> {
  const betId = await makeRound(db(), "yeekee", { closeInMinutes: -10, status: "closed" });
  const closeAt = Date.now() - 10 * 60_000;
  const numbers: string[] = [];
  for (let i = 0; i < n; i++) {
    const number = randomShot();
    const at = new Date(closeAt - 60_000 + i * 1000);
    await shoot(db(), {
      memberId: (shooters[i % shooters.length] as TestMember).id,
      betId,
      yingNumber: number,
      clock: () => at,
    });
    numbers.push(number);
  }
  return { betId, numbers };
}

const resultsOf = (roundId: bigint) =>
  db().selectFrom("lotto_results").selectAll().where("round_id", "=", roundId).execute();
const roundRow = (roundId: bigint) =>
  db().selectFrom("lotto_rounds").selectAll().where("id", "=", roundId).executeTakeFirstOrThrow();

describe(`yeekee draws (${engineName})`, () => {
  it("draws a round of 20 shots or more with yeekeeResult of its shots in order, and announces the close", async () => {
    const { betId, numbers } = await shotRound(23);
    const events: YingEvent[] = [];
    const off = onYingEvent(db(), (e) => events.push(e));
    const report = await drawDueRounds(db(), new Date());
    off();
    expect(report.drawn).toBeGreaterThanOrEqual(1);
    const expected = yeekeeResult(numbers);
    if (expected.cancelled) throw new Error("23 shots cannot cancel");
    const results = await resultsOf(betId);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      source: "yeekee",
      status: "confirmed",
      payload: { number: expected.number },
      entered_by: "system:yeekee",
    });
    expect((await roundRow(betId)).status).toBe("resulted");
    expect(events).toContainEqual({
      type: "ying-closed",
      betId: Number(betId),
      data: { betId: Number(betId) },
    });
    // A shot that comes after the draw (a process whose clock lags) is refused, and the list stays as drawn.
    await expect(
      shoot(db(), {
        memberId: (shooters[24] as TestMember).id,
        betId,
        yingNumber: "12345",
        clock: () => new Date(Date.now() - 9 * 60_000),
      }),
    ).rejects.toMatchObject({ code: "SHOOTING_CLOSED" });
    // Run again: nothing new.
    await drawDueRounds(db(), new Date());
    expect(await resultsOf(betId)).toHaveLength(1);
  });

  it("keeps the numbers of an open round out of the database (sealed with the key), and reveals them at the draw", async () => {
    const key = "y".repeat(44);
    const betId = await makeRound(db(), "yeekee", { closeInMinutes: -10, status: "closed" });
    const at = new Date(Date.now() - 11 * 60_000);
    const receipts = [];
    for (let i = 0; i < 21; i++) {
      const shooter = shooters[i] as TestMember;
      receipts.push(
        await shoot(db(), {
          memberId: shooter.id,
          betId,
          yingNumber: randomShot(),
          clock: () => at,
          drawKey: key,
        }),
      );
    }
    const stored = await db()
      .selectFrom("yings")
      .selectAll()
      .where("round_id", "=", betId)
      .orderBy("seq")
      .execute();
    // What an insider reading the database sees while shooting is open: no number, no salt, no running sum.
    expect(stored.every((s) => s.number === null && s.salt === null && s.sealed !== null)).toBe(true);
    for (const [i, s] of stored.entries()) {
      const receipt = receipts[i] as (typeof receipts)[number];
      expect(s.sealed).not.toContain(receipt.yingNumber);
      expect(s.commitment).toBe(receipt.commitment);
    }
    const chain = await db()
      .selectFrom("ying_chains")
      .selectAll()
      .where("round_id", "=", betId)
      .executeTakeFirstOrThrow();
    expect(chain.sum).toBe(0n);

    // Drawn with another key the shots do not open: an alarm, nothing drawn, nothing revealed.
    const wrong = recordingLog();
    await drawDueRounds(db(), new Date(), wrong.log, undefined, "z".repeat(44));
    expect(wrong.errors.find((e) => e.obj.betId === String(betId))?.obj.problem).toContain(
      "cannot be opened",
    );
    expect((await roundRow(betId)).status).toBe("closed");

    await drawDueRounds(db(), new Date(), undefined, undefined, key);
    const revealed = await db()
      .selectFrom("yings")
      .selectAll()
      .where("round_id", "=", betId)
      .orderBy("seq")
      .execute();
    expect(revealed.map((s) => [s.number, s.salt, s.sealed])).toEqual(
      receipts.map((r) => [r.yingNumber, r.salt, null]),
    );
    const expected = yeekeeResult(receipts.map((r) => r.yingNumber));
    expect((await resultsOf(betId))[0]?.payload).toEqual({ number: (expected as { number: string }).number });
  });

  it("caps a member at 10 shots in a round, whatever the clock", async () => {
    const betId = await makeRound(db(), "yeekee", { closeInMinutes: 30 });
    const member = shooters[0] as TestMember;
    const start = Date.now();
    for (let i = 0; i < 10; i++) {
      const at = new Date(start + i * 4000);
      await shoot(db(), { memberId: member.id, betId, yingNumber: randomShot(), clock: () => at });
    }
    await expect(
      shoot(db(), { memberId: member.id, betId, yingNumber: "12345", clock: () => new Date(start + 60_000) }),
    ).rejects.toMatchObject({ status: 409, code: "YING_LIMIT", extra: { limit: 10 } });
    // Another member still shoots.
    await shoot(db(), { memberId: (shooters[1] as TestMember).id, betId, yingNumber: "12345" });
  });

  it("cancels a round under 20 shots (every slip refunded by settlement), zero shots included", async () => {
    const few = await shotRound(19);
    const none = await shotRound(0);
    const report = await drawDueRounds(db(), new Date());
    expect(report.cancelled).toBeGreaterThanOrEqual(2);
    for (const betId of [few.betId, none.betId]) {
      expect(await roundRow(betId)).toMatchObject({
        status: "cancelled",
        cancel_reason: YEEKEE_CANCEL_REASON,
      });
      expect(await resultsOf(betId)).toEqual([]);
    }
  });

  it("leaves a round whose stored chain does not hold for staff, with an alarm, and never draws it", async () => {
    const tampered = await shotRound(20);
    const third = await db()
      .selectFrom("yings")
      .select(["id", "number"])
      .where("round_id", "=", tampered.betId)
      .where("seq", "=", 3)
      .executeTakeFirstOrThrow();
    // Someone changes a stored shot (its hash left as it was): the chain no longer follows at seq 3.
    const changed = third.number === "00000" ? "00001" : "00000";
    await db().updateTable("yings").set({ number: changed }).where("id", "=", third.id).execute();
    const removed = await shotRound(21);
    await db().deleteFrom("yings").where("round_id", "=", removed.betId).where("seq", "=", 21).execute();

    const { log, errors } = recordingLog();
    const report = await drawDueRounds(db(), new Date(), log);
    expect(report.alarms).toBe(2);
    expect(errors.map((e) => e.obj.betId).sort()).toEqual(
      [String(tampered.betId), String(removed.betId)].sort(),
    );
    expect(errors.find((e) => e.obj.betId === String(tampered.betId))?.obj.problem).toContain("seq 3");
    for (const betId of [tampered.betId, removed.betId]) {
      expect((await roundRow(betId)).status).toBe("closed");
      expect(await resultsOf(betId)).toEqual([]);
    }
    // Staff deal with them (here: cancelled), so the alarms stop.
    await db()
      .updateTable("lotto_rounds")
      .set({ status: "cancelled" })
      .where("id", "in", [tampered.betId, removed.betId])
      .execute();
    expect((await drawDueRounds(db(), new Date(), log)).alarms).toBe(0);
  });

  it("gives one result when two processes draw at the same time", async () => {
    const rounds = [await shotRound(20), await shotRound(22), await shotRound(3)];
    // Two processes: on PostgreSQL two pools on the same schema; PGlite has one session.
    const other = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: database.schema, poolSize: 4 })
      : database;
    try {
      const reports = await Promise.all([
        drawDueRounds(db(), new Date()),
        drawDueRounds(other.db, new Date()),
        drawDueRounds(db(), new Date()),
      ]);
      expect(reports.every((r) => r.alarms === 0)).toBe(true);
    } finally {
      if (other !== database) await other.close();
    }
    for (const { betId, numbers } of rounds) {
      const expected = yeekeeResult(numbers);
      const results = await resultsOf(betId);
      if (expected.cancelled) {
        expect(results).toEqual([]);
        expect((await roundRow(betId)).status).toBe("cancelled");
      } else {
        expect(results.map((r) => [r.version, r.status, r.payload])).toEqual([
          [1, "confirmed", { number: expected.number }],
        ]);
      }
    }
  });
});

/**
 * A yeekee round the given members bet in (one slip each) while it was open, which then closed 10 minutes ago
 * with `count` shots fired before its close; the shot at seq n is `shooterAt(n)`'s, else a member without a slip.
 */
async function bonusRound(
  count: number,
  bettors: readonly SettleMember[],
  shooterAt: (seq: number) => SettleMember | undefined,
): Promise<RoundRow> {
  const round = await openRound(db(), "yeekee");
  for (const m of bettors) await placeSlip(db(), m, round, [{ option: "tengBon3", number: "123", price: 1 }]);
  const closeAt = Date.now() - 10 * 60_000;
  await db()
    .updateTable("lotto_rounds")
    .set({ status: "closed", close_at: new Date(closeAt), result_at: new Date(closeAt + 2 * 60_000) })
    .where("id", "=", round.id)
    .execute();
  for (let seq = 1; seq <= count; seq++) {
    const at = new Date(closeAt - 60_000 + seq * 1000);
    const memberId = shooterAt(seq)?.id ?? (shooters[seq % shooters.length] as TestMember).id;
    const receipt = await shoot(db(), {
      memberId,
      betId: round.id,
      yingNumber: randomShot(),
      clock: () => at,
    });
    expect(receipt.seq).toBe(seq);
  }
  return (await findRound(db(), round.id)) as RoundRow;
}

const bonusTransfers = (roundId: bigint) => transfersLike(db(), `ying-bonus:${roundId}:`);
/** The shooter-bonus pushes of a round, place #1 first. */
const outboxOf = (roundId: bigint) =>
  db()
    .selectFrom("notification_outbox")
    .select(["member_id", "type", "params", "url"])
    .where("dedupe_key", "like", `ying-bonus:${roundId}:%`)
    .orderBy("dedupe_key")
    .execute();
const baht = (n: number): ShooterBonus["first"] => BigInt(n) * 100n;

describe(`yeekee shooter bonus (${engineName})`, () => {
  // Different amounts per place, so a payment at the wrong place shows.
  const bonus: ShooterBonus = { first: baht(50), sixteenth: baht(70) };
  let house: bigint;
  beforeAll(async () => {
    house = await systemAccount(db(), "house:lotto:yeekee", "house");
  });
  afterEach(async () => {
    expect(await checkLedger(db())).toEqual([]);
  });

  it("pays the shooters at #1 (latest) and #16 (subtracted) who have a slip, with YING_WIN from the house, and tells them", async () => {
    const [first, sixteenth, other] = [
      await fundedMember(db(), 100),
      await fundedMember(db(), 100),
      await fundedMember(db(), 100),
    ] as [SettleMember, SettleMember, SettleMember];
    // 23 shots: #1 is seq 23, #16 is seq 8; `other` bets and shoots at seqs next to them, and is paid nothing.
    const at: Record<number, SettleMember> = { 23: first, 8: sixteenth, 22: other, 9: other };
    const round = await bonusRound(23, [first, sixteenth, other], (seq) => at[seq]);
    const before = await Promise.all([first, sixteenth, other].map((m) => cashOf(db(), m)));
    const told: bigint[] = [];
    const off = onCashChange(db(), (ids) => void told.push(...ids));
    const draw = await drawYeekeeRound(db(), round, bonus);
    off();
    expect(draw).toMatchObject({ kind: "drawn", bonuses: 2 });

    const paid = await bonusTransfers(round.id);
    expect(
      paid.map((t) => [t.idempotency_key, t.type, t.amount, t.debit_account_id, t.credit_account_id]).sort(),
    ).toEqual(
      [
        [`ying-bonus:${round.id}:1`, "YING_WIN", baht(50), house, first.cash],
        [`ying-bonus:${round.id}:16`, "YING_WIN", baht(70), house, sixteenth.cash],
      ].sort(),
    );
    expect(await cashOf(db(), first)).toBe((before[0] as bigint) + baht(50));
    expect(await cashOf(db(), sixteenth)).toBe((before[1] as bigint) + baht(70));
    expect(await cashOf(db(), other)).toBe(before[2]);
    // 'money-update' goes to the members paid, after the commit.
    expect(new Set(told)).toEqual(new Set([first.id, sixteenth.id]));
    // And a push each, written in the draw's transaction, to the round's shooting screen.
    const pushes = await outboxOf(round.id);
    expect(pushes).toEqual([
      {
        member_id: first.id,
        type: "ying-bonus",
        params: { amount: "50.00", place: "1", roundName: round.name, roundNameEn: round.name_en },
        url: `/lotto/yeekee/${round.id}/ying`,
      },
      {
        member_id: sixteenth.id,
        type: "ying-bonus",
        params: { amount: "70.00", place: "16", roundName: round.name, roundNameEn: round.name_en },
        url: `/lotto/yeekee/${round.id}/ying`,
      },
    ]);

    // The result answer names them, masked, with what was paid; `mine` only for the caller.
    const members = await db()
      .selectFrom("members")
      .select(["id", "user_name"])
      .where("id", "in", [first.id, sixteenth.id])
      .execute();
    const nameOf = (m: SettleMember) => maskUserName(members.find((r) => r.id === m.id)?.user_name as string);
    const shots = await db()
      .selectFrom("yings")
      .select(["seq", "number"])
      .where("round_id", "=", round.id)
      .where("seq", "in", [23, 8])
      .execute();
    const numberAt = (seq: number) => shots.find((s) => s.seq === seq)?.number;
    const drawn = (await findRound(db(), round.id)) as RoundRow;
    expect((await yingResult(db(), drawn, first.id)).bonuses).toEqual([
      { place: 1, seq: 23, yingNumber: numberAt(23), userName: nameOf(first), amount: "50.00", mine: true },
      {
        place: 16,
        seq: 8,
        yingNumber: numberAt(8),
        userName: nameOf(sixteenth),
        amount: "70.00",
        mine: false,
      },
    ]);
    expect((await yingResult(db(), drawn)).bonuses.map((b) => b.mine)).toEqual([false, false]);
    expect((await yingResult(db(), drawn, sixteenth.id)).bonuses.map((b) => b.mine)).toEqual([false, true]);

    // Drawn again (the round job's next pass, another process): nothing more.
    expect(await drawYeekeeRound(db(), drawn, bonus)).toEqual({ kind: "skipped" });
    await drawDueRounds(db(), new Date(), undefined, bonus);
    expect(await bonusTransfers(round.id)).toHaveLength(2);
    expect(await outboxOf(round.id)).toHaveLength(2);
    expect(await cashOf(db(), first)).toBe((before[0] as bigint) + baht(50));
  });

  it("pays nothing to a shooter without a slip in the round (a slip elsewhere or a cancelled one does not count)", async () => {
    const elsewhere = await fundedMember(db(), 100);
    const cancelled = await fundedMember(db(), 100);
    await placeSlip(db(), elsewhere, await openRound(db(), "yeekee"), [
      { option: "tengBon3", number: "123", price: 1 },
    ]);
    const round = await bonusRound(20, [cancelled], (seq) =>
      seq === 20 ? elsewhere : seq === 5 ? cancelled : undefined,
    );
    // Its slip refunded as a cancellation is (money back from the house, then the status).
    const slip = await db()
      .selectFrom("poys")
      .select(["id", "total"])
      .where("round_id", "=", round.id)
      .where("member_id", "=", cancelled.id)
      .executeTakeFirstOrThrow();
    const refund = await transfer(db(), {
      debitAccountId: house,
      creditAccountId: cancelled.cash,
      amount: slip.total,
      type: "ABORT_POY",
      reference: `poy:${slip.id}`,
      idempotencyKey: `poy-refund:${slip.id}`,
    });
    await db()
      .updateTable("poys")
      .set({ status: "cancelled", refund_transfer_id: refund.id, cancelled_at: new Date() })
      .where("id", "=", slip.id)
      .execute();
    const before = [await cashOf(db(), elsewhere), await cashOf(db(), cancelled)];
    expect(await drawYeekeeRound(db(), round, bonus)).toMatchObject({ kind: "drawn", bonuses: 0 });
    expect(await bonusTransfers(round.id)).toEqual([]);
    expect(await outboxOf(round.id)).toEqual([]);
    expect([await cashOf(db(), elsewhere), await cashOf(db(), cancelled)]).toEqual(before);
    const drawn = (await findRound(db(), round.id)) as RoundRow;
    expect((await yingResult(db(), drawn, elsewhere.id)).bonuses).toMatchObject([
      { place: 1, seq: 20, amount: "0.00", mine: true },
      { place: 16, seq: 5, amount: "0.00", mine: false },
    ]);
  });

  it("pays nothing in a round cancelled under 20 shots", async () => {
    const a = await fundedMember(db(), 100);
    const b = await fundedMember(db(), 100);
    // 19 shots: the last and the 16th from it hold slips, but a cancelled round has no places.
    const round = await bonusRound(19, [a, b], (seq) => (seq === 19 ? a : seq === 4 ? b : undefined));
    expect(await drawYeekeeRound(db(), round, bonus)).toEqual({ kind: "cancelled", shots: 19 });
    expect((await findRound(db(), round.id))?.status).toBe("cancelled");
    expect(await bonusTransfers(round.id)).toEqual([]);
    expect((await yingResult(db(), (await findRound(db(), round.id)) as RoundRow, a.id)).bonuses).toEqual([]);
  });

  it("pays once when two processes draw the round at the same time", async () => {
    const a = await fundedMember(db(), 100);
    const b = await fundedMember(db(), 100);
    const round = await bonusRound(21, [a, b], (seq) => (seq === 21 ? a : seq === 6 ? b : undefined));
    const before = [await cashOf(db(), a), await cashOf(db(), b)];
    const other = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: database.schema, poolSize: 4 })
      : database;
    try {
      const draws = await Promise.all([
        drawYeekeeRound(db(), round, bonus),
        drawYeekeeRound(other.db, round, bonus),
        drawYeekeeRound(db(), round, bonus),
      ]);
      expect(draws.map((d) => d.kind).sort()).toEqual(["drawn", "skipped", "skipped"]);
    } finally {
      if (other !== database) await other.close();
    }
    expect(await bonusTransfers(round.id)).toHaveLength(2);
    expect([await cashOf(db(), a), await cashOf(db(), b)]).toEqual([
      (before[0] as bigint) + baht(50),
      (before[1] as bigint) + baht(70),
    ]);
  });

  it("turns a place's bonus off with 0, and reads the configured amounts through the round job's draw", async () => {
    const a = await fundedMember(db(), 100);
    const b = await fundedMember(db(), 100);
    const onlyFirst = await bonusRound(20, [a, b], (seq) => (seq === 20 ? a : seq === 5 ? b : undefined));
    const alsoFirst = await bonusRound(20, [a, b], (seq) => (seq === 20 ? a : seq === 5 ? b : undefined));
    const before = [await cashOf(db(), a), await cashOf(db(), b)];
    const report = await drawDueRounds(db(), new Date(), undefined, { first: baht(12), sixteenth: 0n });
    expect(report).toMatchObject({ alarms: 0, bonuses: 2 });
    // Both rounds drawn with #16 off: `a` gets #1 of each, `b` nothing.
    expect((await bonusTransfers(onlyFirst.id)).map((t) => [t.idempotency_key, t.amount])).toEqual([
      [`ying-bonus:${onlyFirst.id}:1`, baht(12)],
    ]);
    expect(await cashOf(db(), a)).toBe((before[0] as bigint) + 2n * baht(12));
    expect(await cashOf(db(), b)).toBe(before[1]);

    const third = await bonusRound(20, [a, b], (seq) => (seq === 20 ? a : seq === 5 ? b : undefined));
    const off = await drawYeekeeRound(db(), third, { first: 0n, sixteenth: 0n });
    expect(off).toMatchObject({ kind: "drawn", bonuses: 0 });
    expect(await bonusTransfers(third.id)).toEqual([]);
    expect(await bonusTransfers(alsoFirst.id)).toHaveLength(1);
  });

  it("gives the same member both bonuses when they hold #1 and #16", async () => {
    const both = await fundedMember(db(), 100);
    const round = await bonusRound(20, [both], (seq) => (seq === 20 || seq === 5 ? both : undefined));
    const before = await cashOf(db(), both);
    expect(await drawYeekeeRound(db(), round, bonus)).toMatchObject({ kind: "drawn", bonuses: 2 });
    expect((await bonusTransfers(round.id)).map((t) => t.idempotency_key).sort()).toEqual([
      `ying-bonus:${round.id}:1`,
      `ying-bonus:${round.id}:16`,
    ]);
    expect(await cashOf(db(), both)).toBe(before + baht(50) + baht(70));
  });

  it("records no result when a bonus cannot be paid: the result and the bonuses commit together", async () => {
    const a = await fundedMember(db(), 100);
    const b = await fundedMember(db(), 100);
    const round = await bonusRound(20, [a, b], (seq) => (seq === 20 ? a : seq === 5 ? b : undefined));
    // The #1 key already names another transfer (a different amount): paying it fails, so the draw does.
    await transfer(db(), {
      debitAccountId: await systemAccount(db(), "house:adjustments", "house"),
      creditAccountId: a.cash,
      amount: 1n,
      type: "ADMIN_INCREASE",
      reference: "test: a key in the way",
      idempotencyKey: `ying-bonus:${round.id}:1`,
    });
    const before = await cashOf(db(), b);
    await expect(drawYeekeeRound(db(), round, bonus)).rejects.toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
    expect((await findRound(db(), round.id))?.status).toBe("closed");
    expect(await resultsOf(round.id)).toEqual([]);
    expect(await cashOf(db(), b)).toBe(before);
    // Left for staff in real life; here cancelled so the next draws of this file do not alarm on it.
    await db().updateTable("lotto_rounds").set({ status: "cancelled" }).where("id", "=", round.id).execute();
  });
});

describe(`ping-pong draws (${engineName})`, () => {
  it("gives every new ping-pong round its own commitment, and no other round one; the seed is derived, never stored", async () => {
    // Changed for issue 12: seeds used to be stored in plaintext from creation; now nothing secret is stored.
    const key = "k".repeat(40);
    await ensureRounds(db(), new Date(), key);
    const rows = await db()
      .selectFrom("lotto_rounds")
      .select(["family", "bet_type", "seed", "seed_sealed", "commitment", "status"])
      .where("status", "=", "open")
      .execute();
    const pingpong = rows.filter((r) => r.family === "pingpong");
    expect(pingpong.length).toBeGreaterThan(0);
    for (const r of pingpong) {
      expect(r.seed).toBeNull();
      expect(r.seed_sealed).toBeNull();
      expect(r.commitment).toBe(await commitmentOf(pingpongSeed(key, r.bet_type)));
    }
    expect(new Set(pingpong.map((r) => r.commitment)).size).toBe(pingpong.length);
    expect(
      rows.filter((r) => r.family !== "pingpong").every((r) => r.seed === null && r.commitment === null),
    ).toBe(true);
    // The seed needs the key: the demo key (or any other) gives another one.
    const first = pingpong[0] as (typeof pingpong)[number];
    expect(first.commitment).not.toBe(await commitmentOf(pingpongSeed(DEMO_DRAW_SEED_KEY, first.bet_type)));
  });

  it("draws a derived seed with the configured key, reveals it, and refuses another key", async () => {
    const key = "s".repeat(48);
    const betId = await makeRound(db(), "pingpong", { closeInMinutes: -5, status: "closed", drawKey: key });
    await db()
      .updateTable("lotto_rounds")
      .set({ result_at: new Date(Date.now() - 1000) })
      .where("id", "=", betId)
      .execute();
    expect((await roundRow(betId)).seed).toBeNull();
    // The wrong key: the derived seed does not match the commitment, so the round is left for staff.
    const wrong = recordingLog();
    await drawDueRounds(db(), new Date(), wrong.log, undefined, "w".repeat(48));
    expect(wrong.errors.map((e) => e.obj.betId)).toContain(String(betId));
    expect(await resultsOf(betId)).toEqual([]);
    await drawDueRounds(db(), new Date(), undefined, undefined, key);
    const row = await roundRow(betId);
    expect(row.status).toBe("resulted");
    // Revealed with the result and stored in the clear from then on: it is public, and no longer needs the key.
    expect(row.seed).toBe(pingpongSeed(key, row.bet_type));
    expect(await verifyCommitment(row.seed as string, row.commitment as string)).toBe(true);
    expect((await resultsOf(betId))[0]?.payload).toEqual({
      number: await pingpongNumberFromSeed(row.seed as string),
    });
  });

  it("seals a plaintext seed stored before the key existed, and still draws it with its old commitment", async () => {
    const key = "m".repeat(40);
    const betId = await makeRound(db(), "pingpong", { closeInMinutes: -5, status: "closed" });
    // A round created by an earlier version: a random seed in the clear, and its commitment published.
    const legacy = "cd".repeat(32);
    await db()
      .updateTable("lotto_rounds")
      .set({ seed: legacy, commitment: await commitmentOf(legacy), result_at: new Date(Date.now() + 60_000) })
      .where("id", "=", betId)
      .execute();
    const decided = await makeRound(db(), "pingpong", { closeInMinutes: -5, status: "closed" });
    await db()
      .updateTable("lotto_rounds")
      .set({ seed: "ef".repeat(32), status: "cancelled" })
      .where("id", "=", decided)
      .execute();
    expect(await sealLegacySeeds(db(), key)).toBeGreaterThanOrEqual(1);
    const sealed = await roundRow(betId);
    expect(sealed.seed).toBeNull();
    expect(sealed.seed_sealed).not.toContain(legacy);
    // A decided round's seed is published already: left as it is.
    expect((await roundRow(decided)).seed).toBe("ef".repeat(32));
    // Run again: nothing left to seal.
    expect(await sealLegacySeeds(db(), key)).toBe(0);

    await db()
      .updateTable("lotto_rounds")
      .set({ result_at: new Date(Date.now() - 1000) })
      .where("id", "=", betId)
      .execute();
    await drawDueRounds(db(), new Date(), undefined, undefined, key);
    const row = await roundRow(betId);
    expect(row).toMatchObject({ status: "resulted", seed: legacy, seed_sealed: null });
    expect((await resultsOf(betId))[0]?.payload).toEqual({ number: await pingpongNumberFromSeed(legacy) });
  });

  it("draws the committed seed's number at result time, not before", async () => {
    const betId = await makeRound(db(), "pingpong", { closeInMinutes: -0.5, status: "closed" });
    await drawDueRounds(db(), new Date());
    expect(await resultsOf(betId)).toEqual([]);
    await db()
      .updateTable("lotto_rounds")
      .set({ result_at: new Date(Date.now() - 1000) })
      .where("id", "=", betId)
      .execute();
    await drawDueRounds(db(), new Date());
    const row = await roundRow(betId);
    expect(row.status).toBe("resulted");
    expect(await verifyCommitment(row.seed as string, row.commitment as string)).toBe(true);
    const results = await resultsOf(betId);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      source: "pingpong",
      status: "confirmed",
      payload: { number: await pingpongNumberFromSeed(row.seed as string) },
    });
  });

  it("refuses to draw a seed that does not match its published commitment", async () => {
    const betId = await makeRound(db(), "pingpong", { closeInMinutes: -5, status: "closed" });
    const other = "ab".repeat(32);
    await db().updateTable("lotto_rounds").set({ seed: other }).where("id", "=", betId).execute();
    const { log, errors } = recordingLog();
    const report = await drawDueRounds(db(), new Date(), log);
    expect(report.alarms).toBe(1);
    expect(errors[0]?.obj).toMatchObject({
      betId: String(betId),
      problem: expect.stringContaining("commitment"),
    });
    expect(await resultsOf(betId)).toEqual([]);
    expect((await roundRow(betId)).status).toBe("closed");
  });
});
