import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  commitmentOf,
  pingpongNumberFromSeed,
  verifyCommitment,
  yeekeeResult,
} from "../../../src/domain/lotto/index.ts";
import { type Database, openDatabase } from "../../db/database.ts";
import { engineName, openTestDatabase } from "../../test/harness.ts";
import { directMember, makeRound, randomShot, type TestMember } from "../../test/yings.ts";
import { type DrawLog, drawDueRounds, YEEKEE_CANCEL_REASON } from "./draws.ts";
import { ensureRounds } from "./roundJob.ts";
import { onYingEvent, shoot, type YingEvent } from "./yings.ts";

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

describe(`ping-pong draws (${engineName})`, () => {
  it("gives every new ping-pong round its own seed and commitment, and no other round one", async () => {
    await ensureRounds(db(), new Date());
    const rows = await db().selectFrom("lotto_rounds").select(["family", "seed", "commitment"]).execute();
    const pingpong = rows.filter((r) => r.family === "pingpong");
    expect(pingpong.length).toBeGreaterThan(0);
    for (const r of pingpong) expect(r.commitment).toBe(await commitmentOf(r.seed as string));
    expect(new Set(pingpong.map((r) => r.seed)).size).toBe(pingpong.length);
    expect(
      rows.filter((r) => r.family !== "pingpong").every((r) => r.seed === null && r.commitment === null),
    ).toBe(true);
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
