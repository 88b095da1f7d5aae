import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyOption, applyMultiplier, isOption, judgeLine } from "../../../src/domain/lotto/index.ts";
import { type Database, openDatabase } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { checkLedger } from "../../ledger/check.ts";
import { systemAccount, transfer } from "../../ledger/ledger.ts";
import { engineName, openTestDatabase } from "../../test/harness.ts";
import {
  cashOf,
  closeRound,
  fundedMember,
  type LineSpec,
  linesOf,
  openRound,
  placeSlip,
  type SettleMember,
  transfersLike,
} from "../../test/settle.ts";
import { cancelRound, confirmResult, proposeResult, recordSystemResult, resultPayloadOf } from "./results.ts";
import type { RoundRow } from "./rounds.ts";
import { settleDueRounds } from "./settlement.ts";

let database: Database;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const STAFF_A = "staff:101:alice";
const STAFF_B = "staff:102:bob";

async function expectLedgerSound() {
  expect(await checkLedger(db())).toEqual([]);
}

/** A staff result, entered by one and confirmed by another. */
async function staffResult(round: RoundRow, payload: Record<string, unknown>, note?: string) {
  const proposed = await proposeResult(db(), { roundId: round.id, payload, actor: STAFF_A, note });
  return confirmResult(db(), { resultId: proposed.id, actor: STAFF_B });
}

/** Settles only the given rounds (other tests' rounds stay as they are). */
const settle = (rounds: RoundRow[], options: Parameters<typeof settleDueRounds>[2] = {}) =>
  settleDueRounds(db(), new Date(), { ...options, roundIds: rounds.map((r) => r.id) });

/**
 * Checks a settled slip line by line: a line won exactly when `winners` names it; a winner's payout is its
 * price × its accepted rate, a loser's 0; and the line's win transfers minus its reversals come to its payout
 * (paid once, whatever the corrections before).
 */
async function expectJudged(poyId: bigint, winners: readonly string[], resultId: bigint) {
  const lines = await linesOf(db(), poyId);
  for (const [key, line] of lines) {
    const won = winners.includes(key);
    expect({ key, status: line.status }).toEqual({ key, status: won ? "won" : "lost" });
    expect(line.result_id).toBe(resultId);
    expect(line.payout).toBe(won ? applyMultiplier(line.price, line.multiply) : 0n);
    expect(await netPaid(line.id)).toBe(line.payout);
  }
  const poy = await db().selectFrom("poys").selectAll().where("id", "=", poyId).executeTakeFirstOrThrow();
  expect(poy.status).toBe(winners.length > 0 ? "won" : "lost");
  return lines;
}

/**
 * What a line's win transfers paid, minus what its reversals took back, minus what reversals could not take
 * (recorded as owed in lotto_shortfalls).
 */
async function netPaid(lineId: bigint): Promise<bigint> {
  const paid = await transfersLike(db(), `win:${lineId}:`);
  const back = await transfersLike(db(), `win-reversal:${lineId}:`);
  const owed = await db()
    .selectFrom("lotto_shortfalls")
    .select("owed")
    .where("line_id", "=", lineId)
    .execute();
  const sum = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);
  return sum(paid.map((t) => t.amount)) - sum(back.map((t) => t.amount)) - sum(owed.map((o) => o.owed));
}

const totalPayout = (lines: Map<string, { payout: bigint | null }>) =>
  [...lines.values()].reduce((sum, l) => sum + (l.payout ?? 0n), 0n);

describe(`settlement (${engineName})`, () => {
  it("judges and pays every government option on the docs/rules.md example, once", async () => {
    const round = await openRound(db(), "gov");
    const member = await fundedMember(db(), 1_000);
    // Each option once on a winning number and once on a losing one.
    const lines: LineSpec[] = [
      { option: "tengBon3", number: "456", price: 2 },
      { option: "tengBon3", number: "457", price: 2 },
      { option: "tode3", number: "546", price: 3 },
      { option: "tode3", number: "547", price: 3 },
      { option: "tengBonNha3", number: "222", price: 4 },
      { option: "tengBonNha3", number: "333", price: 4 },
      { option: "tengLang3", number: "444", price: 5 },
      { option: "tengLang3", number: "111", price: 5 },
      { option: "tengBon2", number: "56", price: 6 },
      { option: "tengBon2", number: "78", price: 6 },
      { option: "tengLang2", number: "78", price: 7 },
      { option: "tengLang2", number: "56", price: 7 },
      { option: "tengBon1", number: "5", price: 8 },
      { option: "tengBon1", number: "7", price: 8 },
      { option: "tengLang1", number: "8", price: 9 },
      { option: "tengLang1", number: "4", price: 9 },
    ];
    const poyId = await placeSlip(db(), member, round, lines);
    const loser = await placeSlip(db(), member, round, [{ option: "tengBon3", number: "999", price: 1 }]);
    await closeRound(db(), round);
    const afterBets = await cashOf(db(), member);
    const result = await staffResult(round, {
      first: "123456",
      front3: ["111", "222"],
      back3: ["333", "444"],
      bottom2: "78",
    });

    const report = await settle([round]);
    expect(report).toMatchObject({ rounds: 1, slips: 2 });
    const judged = await expectJudged(
      poyId,
      [
        "tengBon3:456",
        "tode3:546",
        "tengBonNha3:222",
        "tengLang3:444",
        "tengBon2:56",
        "tengLang2:78",
        "tengBon1:5",
        "tengLang1:8",
      ],
      result.id,
    );
    await expectJudged(loser, [], result.id);
    expect(await cashOf(db(), member)).toBe(afterBets + totalPayout(judged));
    const settled = await db()
      .selectFrom("lotto_rounds")
      .selectAll()
      .where("id", "=", round.id)
      .executeTakeFirstOrThrow();
    expect(settled.settled_result_id).toBe(result.id);
    expect(settled.settled_at).not.toBeNull();

    // Settling again finds nothing to do and pays nothing.
    expect(await settle([round])).toEqual({ rounds: 0, slips: 0, lines: 0, transfers: 0 });
    expect(await cashOf(db(), member)).toBe(afterBets + totalPayout(judged));
    await expectLedgerSound();
  });

  it("pays run-top once when the digit appears twice (yeekee), and judges every yeekee option", async () => {
    const round = await openRound(db(), "yeekee");
    const member = await fundedMember(db(), 500);
    const poyId = await placeSlip(db(), member, round, [
      { option: "tengBon3", number: "455", price: 1 },
      { option: "tode3", number: "545", price: 1 },
      { option: "tengBon2", number: "55", price: 1 },
      { option: "tengLang2", number: "16", price: 1 },
      { option: "tengBon1", number: "5", price: 10 },
      { option: "tengLang1", number: "6", price: 1 },
      { option: "tengBon1", number: "9", price: 1 },
      { option: "tengLang2", number: "61", price: 1 },
    ]);
    await closeRound(db(), round);
    const before = await cashOf(db(), member);
    const result = await recordSystemResult(db(), {
      roundId: round.id,
      source: "yeekee",
      payload: { number: "16455" },
    });
    await settle([round]);
    const lines = await expectJudged(
      poyId,
      ["tengBon3:455", "tode3:545", "tengBon2:55", "tengLang2:16", "tengBon1:5", "tengLang1:6"],
      result.id,
    );
    const run = lines.get("tengBon1:5");
    expect(run?.payout).toBe(applyMultiplier(1000n, run?.multiply as string));
    expect(await cashOf(db(), member)).toBe(before + totalPayout(lines));
    await expectLedgerSound();
  });

  it("judges a stock round on its close and change", async () => {
    const round = await openRound(db(), "stock");
    const member = await fundedMember(db(), 100);
    const poyId = await placeSlip(db(), member, round, [
      { option: "tengBon3", number: "442", price: 1 },
      { option: "tengBon2", number: "42", price: 1 },
      { option: "tengLang2", number: "76", price: 1 },
      { option: "tengLang2", number: "42", price: 1 },
    ]);
    await closeRound(db(), round);
    const result = await staffResult(round, { close: "38,654.42", change: "-123.76" });
    await settle([round]);
    await expectJudged(poyId, ["tengBon3:442", "tengBon2:42", "tengLang2:76"], result.id);
    await expectLedgerSound();
  });

  it("judges every option of the 4-digit lotteries (Lao, Hanoi, Malay)", async () => {
    const member = await fundedMember(db(), 1_000);
    const lao = await openRound(db(), "set4", "lao");
    const laoSlip = await placeSlip(db(), member, lao, [
      { option: "fourTop", number: "4693", price: 1 },
      { option: "fourTop", number: "4694", price: 1 },
      { option: "fourTode", number: "3964", price: 1 },
      { option: "threeTop", number: "693", price: 1 },
      { option: "threeTode", number: "936", price: 1 },
      { option: "threeTode", number: "937", price: 1 },
      { option: "threeFront", number: "469", price: 1 },
      { option: "twoFront", number: "46", price: 1 },
      { option: "twoBack", number: "93", price: 1 },
      { option: "twoBack", number: "46", price: 1 },
    ]);
    const hanoi = await openRound(db(), "set4", "hanoi");
    const hanoiSlip = await placeSlip(db(), member, hanoi, [
      { option: "fourTop", number: "2345", price: 1 },
      { option: "twoBack", number: "45", price: 1 },
      { option: "twoFront", number: "12", price: 1 },
    ]);
    const malay = await openRound(db(), "set4", "malay");
    const malaySlip = await placeSlip(db(), member, malay, [
      { option: "threeTop", number: "234", price: 1 },
      { option: "twoFront", number: "34", price: 1 },
    ]);
    for (const r of [lao, hanoi, malay]) await closeRound(db(), r);
    const laoResult = await staffResult(lao, { draw: "564693" });
    const hanoiResult = await staffResult(hanoi, { special: "12345", first: "67890" });
    const malayResult = await staffResult(malay, { first: "1234" });
    await settle([lao, hanoi, malay]);
    await expectJudged(
      laoSlip,
      [
        "fourTop:4693",
        "fourTode:3964",
        "threeTop:693",
        "threeTode:936",
        "threeFront:469",
        "twoFront:46",
        "twoBack:93",
      ],
      laoResult.id,
    );
    await expectJudged(hanoiSlip, ["fourTop:2345", "twoBack:45"], hanoiResult.id);
    await expectJudged(malaySlip, ["threeTop:234"], malayResult.id);
    await expectLedgerSound();
  });

  it("is exactly once when killed after some batches or inside one, then run again", async () => {
    const round = await openRound(db(), "yeekee");
    const members: SettleMember[] = [];
    const slips: bigint[] = [];
    for (let i = 0; i < 6; i++) {
      const m = await fundedMember(db(), 100);
      members.push(m);
      // Half the slips win on 3-top 321.
      slips.push(
        await placeSlip(db(), m, round, [{ option: "tengBon3", number: i % 2 ? "321" : "320", price: 1 }]),
      );
      slips.push(await placeSlip(db(), m, round, [{ option: "tengLang2", number: "12", price: 2 }]));
    }
    await closeRound(db(), round);
    const before = await Promise.all(members.map((m) => cashOf(db(), m)));
    const result = await recordSystemResult(db(), {
      roundId: round.id,
      source: "yeekee",
      payload: { number: "12321" },
    });

    // A crash inside the third batch's transaction: it rolls back, nothing of it is paid.
    await expect(
      settle([round], {
        batchSize: 2,
        beforeCommit: (n) => {
          if (n === 3) throw new Error("killed inside a batch");
        },
      }),
    ).rejects.toThrow("killed inside a batch");
    const waiting = () =>
      db()
        .selectFrom("poys")
        .select("id")
        .where("round_id", "=", round.id)
        .where("status", "=", "waiting")
        .execute();
    expect((await waiting()).length).toBe(slips.length - 4);
    // A crash after the fourth batch committed.
    await expect(
      settle([round], {
        batchSize: 2,
        afterBatch: (n) => {
          if (n === 2) throw new Error("killed between batches");
        },
      }),
    ).rejects.toThrow("killed between batches");
    expect((await waiting()).length).toBe(slips.length - 8);
    const unsettled = await db()
      .selectFrom("lotto_rounds")
      .select("settled_at")
      .where("id", "=", round.id)
      .executeTakeFirstOrThrow();
    expect(unsettled.settled_at).toBeNull();

    expect((await settle([round], { batchSize: 2 })).rounds).toBe(1);
    expect(await waiting()).toEqual([]);
    for (const [i, m] of members.entries()) {
      const mine = slips.slice(i * 2, i * 2 + 2);
      const judged = await Promise.all(mine.map((id) => linesOf(db(), id)));
      const won = judged.reduce((sum, lines) => sum + totalPayout(lines), 0n);
      // tengLang2 12 wins for everyone (bottom 12), 3-top 321 for the odd members.
      expect(judged[0]?.get(i % 2 ? "tengBon3:321" : "tengBon3:320")?.status).toBe(i % 2 ? "won" : "lost");
      expect(judged[1]?.get("tengLang2:12")?.status).toBe("won");
      expect(await cashOf(db(), m)).toBe((before[i] as bigint) + won);
    }
    await expectOnePaymentPerWinningLine(round, result.id);
    await expectLedgerSound();
  });

  it("shares a round between two settlement runs at the same time, a correction too, and pays each line once", async () => {
    const round = await openRound(db(), "stock");
    const members: SettleMember[] = [];
    for (let i = 0; i < 8; i++) {
      const m = await fundedMember(db(), 100);
      members.push(m);
      for (let k = 0; k < 3; k++)
        await placeSlip(db(), m, round, [
          { option: "tengBon2", number: String(40 + k), price: 1 },
          { option: "tengBon1", number: String(k), price: 1 },
        ]);
    }
    await closeRound(db(), round);
    const before = await Promise.all(members.map((m) => cashOf(db(), m)));
    // Two processes: on PostgreSQL two pools on the same schema; PGlite has one session, so one after the other.
    const other = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: database.schema, poolSize: 4 })
      : null;
    const runTogether = async () => {
      const options = { batchSize: 1, roundIds: [round.id] };
      const reports = other
        ? await Promise.all([
            settleDueRounds(db(), new Date(), options),
            settleDueRounds(other.db, new Date(), options),
            settleDueRounds(db(), new Date(), options),
          ])
        : [
            await settleDueRounds(db(), new Date(), options),
            await settleDueRounds(db(), new Date(), options),
          ];
      // On PostgreSQL the runs really share the round (skip locked), on PGlite the second finds it done.
      if (other) expect(reports.filter((r) => r.slips > 0).length).toBeGreaterThan(1);
      // Every slip settled by exactly one run; the round marked once.
      expect(reports.reduce((sum, r) => sum + r.slips, 0)).toBe(24);
      expect(reports.reduce((sum, r) => sum + r.rounds, 0)).toBe(1);
    };
    const rate2 = applyMultiplier(100n, round.rates.tengBon2 as string);
    const rate1 = applyMultiplier(100n, round.rates.tengBon1 as string);
    try {
      // 3-top 041: 2-top 41 and run-top 0 and 1 win; 40, 42 and run 2 lose.
      const v1 = await staffResult(round, { close: "1,230.41", change: "+1.00" });
      await runTogether();
      for (const [i, m] of members.entries())
        expect(await cashOf(db(), m)).toBe((before[i] as bigint) + rate2 + 2n * rate1);
      await expectOnePaymentPerWinningLine(round, v1.id);
      // Corrected to 042: 41 and run 1 reversed, 42 and run 2 paid, run 0 kept; every slip re-judged once.
      await staffResult(round, { close: "1,230.42", change: "+1.00" }, "close misread");
      await runTogether();
    } finally {
      await other?.close();
    }
    for (const [i, m] of members.entries())
      expect(await cashOf(db(), m)).toBe((before[i] as bigint) + rate2 + 2n * rate1);
    const lines = await db()
      .selectFrom("poy_lines")
      .innerJoin("poys", "poys.id", "poy_lines.poy_id")
      .select(["poy_lines.option", "poy_lines.number", "poy_lines.status"])
      .where("poys.round_id", "=", round.id)
      .where("poy_lines.status", "=", "won")
      .execute();
    expect(new Set(lines.map((l) => `${l.option}:${l.number}`))).toEqual(
      new Set(["tengBon2:42", "tengBon1:0", "tengBon1:2"]),
    );
    expect(lines.length).toBe(8 * 3);
    await expectNetPaidEqualsPayout(round);
    await expectLedgerSound();
  });

  it("re-settles a correction: reversals for lost wins, payments for new ones, nothing paid twice", async () => {
    const round = await openRound(db(), "gov");
    const winnerFirst = await fundedMember(db(), 100);
    const winnerLater = await fundedMember(db(), 100);
    const both = await fundedMember(db(), 100);
    const a = await placeSlip(db(), winnerFirst, round, [{ option: "tengBon3", number: "456", price: 1 }]);
    const b = await placeSlip(db(), winnerLater, round, [{ option: "tengBon3", number: "457", price: 1 }]);
    const c = await placeSlip(db(), both, round, [{ option: "tengLang2", number: "78", price: 1 }]);
    await closeRound(db(), round);
    const start = await Promise.all([winnerFirst, winnerLater, both].map((m) => cashOf(db(), m)));
    const v1 = await staffResult(round, {
      first: "123456",
      front3: ["111", "222"],
      back3: ["333", "444"],
      bottom2: "78",
    });
    await settle([round]);
    const win = applyMultiplier(100n, round.rates.tengBon3 as string);
    const win2 = applyMultiplier(100n, round.rates.tengLang2 as string);
    expect(await cashOf(db(), winnerFirst)).toBe((start[0] as bigint) + win);

    // The first prize was 123457: the correction needs a note and a second pair of eyes.
    await expect(
      proposeResult(db(), {
        roundId: round.id,
        payload: { first: "123457", front3: ["111", "222"], back3: ["333", "444"], bottom2: "78" },
        actor: STAFF_A,
      }),
    ).rejects.toMatchObject({ code: "NOTE_REQUIRED" });
    const v2 = await staffResult(
      round,
      { first: "123457", front3: ["111", "222"], back3: ["333", "444"], bottom2: "78" },
      "first prize misread",
    );
    expect(v2.version).toBe(2);
    const old = await db()
      .selectFrom("lotto_results")
      .select("status")
      .where("id", "=", v1.id)
      .executeTakeFirstOrThrow();
    expect(old.status).toBe("superseded");
    expect((await settle([round])).rounds).toBe(1);

    await expectJudged(a, [], v2.id);
    await expectJudged(b, ["tengBon3:457"], v2.id);
    await expectJudged(c, ["tengLang2:78"], v2.id);
    expect(await cashOf(db(), winnerFirst)).toBe(start[0]);
    expect(await cashOf(db(), winnerLater)).toBe((start[1] as bigint) + win);
    expect(await cashOf(db(), both)).toBe((start[2] as bigint) + win2);
    const lineA = (await linesOf(db(), a)).get("tengBon3:456");
    const reversals = await transfersLike(db(), `win-reversal:${lineA?.id}:`);
    expect(reversals.map((r) => [r.idempotency_key, r.amount, r.type])).toEqual([
      [`win-reversal:${lineA?.id}:${v1.id}`, win, "WIN_GOV"],
    ]);
    // The line that won on both versions was paid once, on the first.
    const lineC = (await linesOf(db(), c)).get("tengLang2:78");
    expect((await transfersLike(db(), `win:${lineC?.id}:`)).map((t) => t.idempotency_key)).toEqual([
      `win:${lineC?.id}:${v1.id}`,
    ]);
    await expectNetPaidEqualsPayout(round);
    await expectLedgerSound();

    // Back to the first reading: everything flips again, still one net payment per winning line.
    await staffResult(
      round,
      { first: "123456", front3: ["111", "222"], back3: ["333", "444"], bottom2: "78" },
      "back",
    );
    await settle([round]);
    expect(await cashOf(db(), winnerFirst)).toBe((start[0] as bigint) + win);
    expect(await cashOf(db(), winnerLater)).toBe(start[1]);
    await expectNetPaidEqualsPayout(round);
    await expectLedgerSound();
  });

  it("takes only what a member has when reversing a win and records the shortfall", async () => {
    const round = await openRound(db(), "stock");
    const member = await fundedMember(db(), 10);
    const poyId = await placeSlip(db(), member, round, [{ option: "tengBon3", number: "442", price: 10 }]);
    await closeRound(db(), round);
    const v1 = await staffResult(round, { close: "38,654.42", change: "+1.00" });
    await settle([round]);
    const line = (await linesOf(db(), poyId)).get("tengBon3:442");
    const won = line?.payout as bigint;
    expect(won).toBeGreaterThan(0n);
    // The member withdraws all but 100 baht of the win.
    const left = 100_00n;
    await transfer(db(), {
      debitAccountId: member.cash,
      creditAccountId: await systemAccount(db(), "clearing:withdrawal:test", "clearing"),
      amount: (await cashOf(db(), member)) - left,
      type: "WITHDRAW",
      reference: "test withdrawal",
      idempotencyKey: `test-withdraw:${poyId}`,
    });
    const v2 = await staffResult(round, { close: "38,654.43", change: "+1.00" }, "close misread");
    await settle([round]);
    expect(await cashOf(db(), member)).toBe(0n);
    const shortfall = await db()
      .selectFrom("lotto_shortfalls")
      .selectAll()
      .where("line_id", "=", line?.id as bigint)
      .executeTakeFirstOrThrow();
    expect(shortfall).toMatchObject({
      result_id: v1.id,
      member_id: member.id,
      amount: won,
      taken: left,
      owed: won - left,
    });
    const reversal = await transfersLike(db(), `win-reversal:${line?.id}:${v1.id}`);
    expect(reversal.map((r) => [r.amount, r.id])).toEqual([[left, shortfall.transfer_id]]);
    await expectJudged(poyId, [], v2.id);
    await expectLedgerSound();
  });

  it("refunds every waiting slip of a cancelled round, once", async () => {
    const round = await openRound(db(), "set4", "laosuper");
    const m1 = await fundedMember(db(), 100);
    const m2 = await fundedMember(db(), 100);
    const s1 = await placeSlip(db(), m1, round, [
      { option: "twoBack", number: "12", price: 3 },
      { option: "threeTop", number: "123", price: 4 },
    ]);
    const s2 = await placeSlip(db(), m2, round, [{ option: "fourTode", number: "1234", price: 5 }]);
    const after = [await cashOf(db(), m1), await cashOf(db(), m2)];
    await closeRound(db(), round);
    await cancelRound(db(), { roundId: round.id, reason: "market did not trade", actor: STAFF_B });
    // Idempotent: a second cancellation changes nothing.
    await cancelRound(db(), { roundId: round.id, reason: "again", actor: STAFF_B });
    await expect(
      recordSystemResult(db(), { roundId: round.id, source: "yeekee", payload: { number: "12345" } }),
    ).rejects.toMatchObject({ code: "ROUND_CANCELLED" });

    expect((await settle([round])).slips).toBe(2);
    expect(await settle([round])).toEqual({ rounds: 0, slips: 0, lines: 0, transfers: 0 });
    expect(await cashOf(db(), m1)).toBe((after[0] as bigint) + 700n);
    expect(await cashOf(db(), m2)).toBe((after[1] as bigint) + 500n);
    for (const id of [s1, s2]) {
      const poy = await db().selectFrom("poys").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const refund = await transfersLike(db(), `poy-refund:${id}`);
      expect(poy.status).toBe("refunded");
      expect(refund.map((r) => [r.id, r.type, r.amount])).toEqual([
        [poy.refund_transfer_id, "ABORT_POY", poy.total],
      ]);
      for (const line of (await linesOf(db(), id)).values()) expect(line.status).toBe("refunded");
    }
    const row = await db()
      .selectFrom("lotto_rounds")
      .selectAll()
      .where("id", "=", round.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "cancelled",
      cancel_reason: "market did not trade",
      settled_result_id: null,
    });
    expect(row.settled_at).not.toBeNull();
    const audits = await db()
      .selectFrom("audit_log")
      .select(["actor", "action"])
      .where("subject", "=", `lotto-round:${round.id}:${round.bet_type}`)
      .execute();
    expect(audits).toEqual([{ actor: STAFF_B, action: "lotto.round.cancel" }]);
    await expectLedgerSound();
  });
});

describe(`results (${engineName})`, () => {
  it("records a system result once per round, only after the round closed", async () => {
    const round = await openRound(db(), "pingpong");
    await expect(
      recordSystemResult(db(), { roundId: round.id, source: "pingpong", payload: { number: "12345" } }),
    ).rejects.toMatchObject({ code: "ROUND_NOT_CLOSED" });
    await closeRound(db(), round);
    await expect(
      recordSystemResult(db(), { roundId: round.id, source: "yeekee", payload: { number: "12345" } }),
    ).rejects.toMatchObject({ code: "RESULT_SOURCE_MISMATCH" });
    await expect(
      recordSystemResult(db(), { roundId: round.id, source: "pingpong", payload: { number: "1234" } }),
    ).rejects.toMatchObject({ status: 400, code: "RESULT_INVALID" });
    const first = await recordSystemResult(db(), {
      roundId: round.id,
      source: "pingpong",
      payload: { number: "12345" },
    });
    const again = await recordSystemResult(db(), {
      roundId: round.id,
      source: "pingpong",
      payload: { number: "99999" },
    });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      status: "confirmed",
      source: "pingpong",
      entered_by: "system:pingpong",
      confirmed_by: "system:pingpong",
      payload: { number: "12345" },
      outcome: { top3: "345", bottom2: "12" },
    });
    const row = await db()
      .selectFrom("lotto_rounds")
      .select("status")
      .where("id", "=", round.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("resulted");
    await expect(
      cancelRound(db(), { roundId: round.id, reason: "too late", actor: STAFF_A }),
    ).rejects.toMatchObject({ status: 409, code: "ROUND_HAS_RESULT" });
  });

  it("validates payloads per lottery with the shared parser (RangeError → 400 RESULT_INVALID)", async () => {
    const gov = await openRound(db(), "gov");
    const hanoi = await openRound(db(), "set4", "hanoi");
    const bad: [RoundRow, unknown][] = [
      [gov, { first: "12345", front3: ["111", "222"], back3: ["333", "444"], bottom2: "78" }],
      [gov, { first: "123456", front3: ["111"], back3: ["333", "444"], bottom2: "78" }],
      [gov, { first: "123456", front3: ["111", "222"], back3: ["333", "444"], bottom2: "789" }],
      [gov, "123456"],
      [hanoi, { draw: "564693" }],
      [hanoi, { special: "1234", first: "67890" }],
    ];
    for (const [round, payload] of bad) {
      let error: unknown;
      try {
        resultPayloadOf(round, payload);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, code: "RESULT_INVALID" });
    }
    expect(resultPayloadOf(hanoi, { special: " 12345", first: "67890", extra: "dropped" })).toMatchObject({
      payload: { special: "12345", first: "67890" },
      outcome: { four: "2345", bottom2: "90" },
    });
  });

  it("refuses results before close, four eyes, and two proposals at once; audits each decision", async () => {
    const round = await openRound(db(), "gov");
    const payload = { first: "000001", front3: ["111", "222"], back3: ["333", "444"], bottom2: "01" };
    await expect(proposeResult(db(), { roundId: round.id, payload, actor: STAFF_A })).rejects.toMatchObject({
      code: "ROUND_NOT_CLOSED",
    });
    await closeRound(db(), round);
    const proposed = await proposeResult(db(), { roundId: round.id, payload, actor: STAFF_A });
    await expect(proposeResult(db(), { roundId: round.id, payload, actor: STAFF_B })).rejects.toMatchObject({
      code: "PROPOSAL_WAITING",
    });
    // The same staff member under another name is still the same pair of eyes.
    await expect(
      confirmResult(db(), { resultId: proposed.id, actor: "staff:101:alice2" }),
    ).rejects.toMatchObject({
      status: 409,
      code: "FOUR_EYES",
    });
    // The CHECK constraint is the backstop for code that would skip the rule.
    await expect(
      db()
        .updateTable("lotto_results")
        .set({ status: "confirmed", confirmed_by: STAFF_A })
        .where("id", "=", proposed.id)
        .execute(),
    ).rejects.toThrow(/lotto_results_four_eyes/);
    const confirmed = await confirmResult(db(), { resultId: proposed.id, actor: STAFF_B });
    expect(confirmed).toMatchObject({ status: "confirmed", entered_by: STAFF_A, confirmed_by: STAFF_B });
    await expect(confirmResult(db(), { resultId: proposed.id, actor: STAFF_B })).rejects.toMatchObject({
      code: "RESULT_NOT_PROPOSED",
    });
    await expect(
      proposeResult(db(), { roundId: round.id, payload, actor: STAFF_A, note: "same" }),
    ).rejects.toMatchObject({ code: "RESULT_UNCHANGED" });
    const audits = await db()
      .selectFrom("audit_log")
      .select(["actor", "action"])
      .where("subject", "=", `lotto-round:${round.id}:${round.bet_type}`)
      .orderBy("id")
      .execute();
    expect(audits).toEqual([
      { actor: STAFF_A, action: "lotto.result.propose" },
      { actor: STAFF_B, action: "lotto.result.confirm" },
    ]);
  });
});

/** Per line: the win transfers minus the reversals equal the line's payout now (no line paid twice). */
async function expectNetPaidEqualsPayout(round: RoundRow) {
  const rows = await sql<{ id: bigint; payout: bigint | null; net: bigint }>`
    select l.id, l.payout,
           coalesce(sum(case when t.idempotency_key like 'win:%' then t.amount else -t.amount end), 0)::bigint as net
      from poy_lines l join poys p on p.id = l.poy_id
      left join ledger_transfers t
        on t.idempotency_key like 'win:' || l.id || ':%' or t.idempotency_key like 'win-reversal:' || l.id || ':%'
     where p.round_id = ${round.id}
     group by l.id, l.payout`.execute(db());
  expect(rows.rows.length).toBeGreaterThan(0);
  for (const row of rows.rows)
    expect({ line: row.id, net: row.net }).toEqual({ line: row.id, net: row.payout ?? 0n });
}

/** Every winning line of the round has exactly one win transfer on the result; no loser has one. */
async function expectOnePaymentPerWinningLine(round: RoundRow, resultId: bigint) {
  const result = await db()
    .selectFrom("lotto_results")
    .selectAll()
    .where("id", "=", resultId)
    .executeTakeFirstOrThrow();
  const lines = await db()
    .selectFrom("poy_lines")
    .innerJoin("poys", "poys.id", "poy_lines.poy_id")
    .selectAll("poy_lines")
    .where("poys.round_id", "=", round.id)
    .execute();
  const wins = await transfersLike(db(), "win:");
  for (const line of lines) {
    const mine = wins.filter((t) => t.idempotency_key.startsWith(`win:${line.id}:`));
    const won = isOption(line.option) && judgeLine(line.option as AnyOption, line.number, result.outcome);
    expect(mine.length).toBe(won ? 1 : 0);
    expect(line.status).toBe(won ? "won" : "lost");
  }
}
