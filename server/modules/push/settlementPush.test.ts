import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMultiplier } from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { Database } from "../../db/database.ts";
import { checkLedger } from "../../ledger/check.ts";
import { engineName, openTestDatabase } from "../../test/harness.ts";
import { closeRound, fundedMember, openRound, placeSlip } from "../../test/settle.ts";
import { confirmResult, proposeResult } from "../lotto/results.ts";
import type { RoundRow } from "../lotto/rounds.ts";
import { settleDueRounds } from "../lotto/settlement.ts";

let database: Database;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const GOV = { first: "123456", front3: ["111", "222"], back3: ["333", "444"], bottom2: "78" };

async function staffResult(round: RoundRow, payload: Record<string, unknown>, note?: string) {
  const proposed = await proposeResult(db(), { roundId: round.id, payload, actor: "staff:1:a", note });
  return confirmResult(db(), { resultId: proposed.id, actor: "staff:2:b" });
}

const settle = (round: RoundRow, options: Parameters<typeof settleDueRounds>[2] = {}) =>
  settleDueRounds(db(), new Date(), { ...options, roundIds: [round.id] });

async function outboxOf(memberId: bigint) {
  const rows = await db()
    .selectFrom("notification_outbox")
    .select(["type", "params", "url", "dedupe_key"])
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
  return rows;
}

describe(`settlement notifications (${engineName})`, () => {
  it("tells each member their slips' outcome with the total won, and the round's result once", async () => {
    const round = await openRound(db(), "gov");
    const winner = await fundedMember(db(), 100);
    const loser = await fundedMember(db(), 100);
    const won = await placeSlip(db(), winner, round, [
      { option: "tengBon3", number: "456", price: 2 },
      { option: "tengLang2", number: "78", price: 1 },
      { option: "tengLang2", number: "11", price: 1 },
    ]);
    const lost = await placeSlip(db(), winner, round, [{ option: "tengBon3", number: "999", price: 1 }]);
    const other = await placeSlip(db(), loser, round, [{ option: "tengBon2", number: "12", price: 1 }]);
    await closeRound(db(), round);
    const result = await staffResult(round, GOV);
    await settle(round);

    const paid =
      applyMultiplier(200n, round.rates.tengBon3 as string) +
      applyMultiplier(100n, round.rates.tengLang2 as string);
    const names = { roundName: round.name, roundNameEn: round.name_en };
    expect(await outboxOf(winner.id)).toEqual([
      {
        type: "poy-won",
        params: { ...names, poyId: String(won), amount: satangToBaht(paid) },
        url: `/poy/gov/${won}`,
        dedupe_key: `poy-won:${won}:${paid}`,
      },
      {
        type: "poy-lost",
        params: { ...names, poyId: String(lost) },
        url: `/poy/gov/${lost}`,
        dedupe_key: `poy-lost:${lost}`,
      },
      {
        type: "round-result",
        params: { ...names, top3: "456", bottom2: "78" },
        url: "/poy/gov",
        dedupe_key: `round-result:${round.id}:${result.id}:${winner.id}`,
      },
    ]);
    expect((await outboxOf(loser.id)).map((r) => [r.type, r.params.poyId])).toEqual([
      ["poy-lost", String(other)],
      ["round-result", undefined],
    ]);
    // Settling again (another process, a restart) writes nothing new.
    await db().updateTable("lotto_rounds").set({ settled_at: null }).where("id", "=", round.id).execute();
    await settle(round);
    expect(await outboxOf(winner.id)).toHaveLength(3);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("a batch that rolls back leaves no notification; its rerun writes them once", async () => {
    const round = await openRound(db(), "gov");
    const member = await fundedMember(db(), 100);
    await placeSlip(db(), member, round, [{ option: "tengBon3", number: "456", price: 1 }]);
    await closeRound(db(), round);
    await staffResult(round, GOV);
    await expect(
      settle(round, {
        beforeCommit: () => {
          throw new Error("killed before commit");
        },
      }),
    ).rejects.toThrow("killed before commit");
    expect(await outboxOf(member.id)).toEqual([]);
    await settle(round);
    expect((await outboxOf(member.id)).map((r) => r.type)).toEqual(["poy-won", "round-result"]);
  });

  it("after a correction, only the slips whose outcome changed are told again, with the corrected result", async () => {
    const round = await openRound(db(), "gov");
    const unchanged = await fundedMember(db(), 100);
    const flipped = await fundedMember(db(), 100);
    await placeSlip(db(), unchanged, round, [{ option: "tengLang2", number: "78", price: 1 }]);
    const flip = await placeSlip(db(), flipped, round, [{ option: "tengBon3", number: "456", price: 1 }]);
    await closeRound(db(), round);
    await staffResult(round, GOV);
    await settle(round);
    const v2 = await staffResult(round, { ...GOV, first: "123457" }, "first prize misread");
    await settle(round);

    // Still a winner of the same amount: no second "you won"; the corrected result is announced.
    expect((await outboxOf(unchanged.id)).map((r) => r.type)).toEqual([
      "poy-won",
      "round-result",
      "round-result",
    ]);
    const flippedRows = await outboxOf(flipped.id);
    expect(flippedRows.map((r) => r.type)).toEqual(["poy-won", "round-result", "poy-lost", "round-result"]);
    expect(flippedRows[2]?.dedupe_key).toBe(`poy-lost:${flip}`);
    expect(flippedRows[3]?.params).toMatchObject({ top3: "457" });
    expect(flippedRows[3]?.dedupe_key).toBe(`round-result:${round.id}:${v2.id}:${flipped.id}`);
    expect(await checkLedger(db())).toEqual([]);
  });
});
