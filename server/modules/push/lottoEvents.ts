import type { Transaction } from "kysely";
import { sql } from "kysely";
import { displayStockName } from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { DB } from "../../db/schema.ts";
import { betNameOf } from "../lotto/rounds.ts";
import { enqueueNotifications, type NotificationInput, poyUrl } from "./outbox.ts";

export interface SettledSlip {
  id: bigint;
  memberId: bigint;
  won: boolean;
}

/**
 * The notifications of a settlement batch, written in its transaction (server/modules/lotto/settlement.ts): each
 * slip won (with what it pays in total) or lost, and once per member the round's result. The dedupe keys carry
 * what the member is told, so a correction notifies exactly the slips whose outcome or payout it changed (and
 * the corrected result), and settling a batch again writes nothing new.
 */
export async function notifySettledSlips(
  trx: Transaction<DB>,
  input: {
    roundId: bigint;
    resultId: bigint;
    outcome: { top3: string; bottom2: string };
    slips: readonly SettledSlip[];
  },
): Promise<void> {
  if (input.slips.length === 0) return;
  const round = await trx
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("id", "=", input.roundId)
    .executeTakeFirstOrThrow();
  const names = {
    roundName: round.family === "stock" ? displayStockName(round.name) : round.name,
    roundNameEn: round.name_en,
  };
  const place = { family: round.family, betName: betNameOf(round) };
  const winners = input.slips.filter((s) => s.won).map((s) => String(s.id));
  const payouts = new Map<string, bigint>();
  if (winners.length > 0) {
    const rows = await sql<{ poy_id: bigint; total: string }>`
      select poy_id, sum(payout)::text as total from poy_lines
       where poy_id = any(${winners}::bigint[]) and status = 'won' group by poy_id`.execute(trx);
    for (const row of rows.rows) payouts.set(String(row.poy_id), BigInt(row.total));
  }
  const notifications: NotificationInput[] = input.slips.map((slip) => {
    if (!slip.won) {
      return {
        memberId: slip.memberId,
        type: "poy-lost",
        params: { ...names, poyId: String(slip.id) },
        url: poyUrl(place, slip.id),
        dedupeKey: `poy-lost:${slip.id}`,
      };
    }
    const payout = payouts.get(String(slip.id)) ?? 0n;
    return {
      memberId: slip.memberId,
      type: "poy-won",
      params: { ...names, poyId: String(slip.id), amount: satangToBaht(payout) },
      url: poyUrl(place, slip.id),
      dedupeKey: `poy-won:${slip.id}:${payout}`,
    };
  });
  for (const memberId of new Set(input.slips.map((s) => s.memberId))) {
    notifications.push({
      memberId,
      type: "round-result",
      params: { ...names, top3: input.outcome.top3, bottom2: input.outcome.bottom2 },
      url: poyUrl(place),
      dedupeKey: `round-result:${input.roundId}:${input.resultId}:${memberId}`,
    });
  }
  await enqueueNotifications(trx, notifications);
}
