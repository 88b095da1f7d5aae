import type { Selectable } from "kysely";
import {
  cancelUntil as cancelUntilOf,
  type PoyLineView,
  type PoyListView,
  type PoyView,
  type ResultNumbersView,
} from "../../../src/domain/contracts/lotto.ts";
import {
  type AnyOption,
  applyMultiplier,
  compareLines,
  FOUR_DIGIT_LOTTERIES,
  isOption,
  type LottoFamily,
  optionWire,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { PoyLinesTable, PoysTable } from "../../db/schema.ts";
import { type Executor, iso } from "../../kernel/db.ts";
import { confirmedResultsOf, resultNumbers } from "./resultViews.ts";
import { betNameOf, familyOf, type RoundRow } from "./rounds.ts";

/** Slips as the member sees them (docs/lotto-api.md "Slips"): built from rows, never read twice. */

export type PoyRow = Selectable<PoysTable>;
export type PoyLineRow = Selectable<PoyLinesTable>;

/** When a slip of this round may last be cancelled; null when the family never allows it (docs/rules.md). */
export function cancelUntil(round: RoundRow): Date | null {
  return cancelUntilOf(familyOf(round), round.close_at);
}

/**
 * One slip's view from the rows the caller holds: the slip, its round, its lines (any order) and the round's
 * confirmed result numbers (null while it has none). No query: placing a slip answers from the rows it wrote.
 */
export function buildPoyView(
  poy: PoyRow,
  round: RoundRow,
  lines: readonly PoyLineRow[],
  result: ResultNumbersView | null,
  now: Date,
): PoyView {
  const mine = lines
    .filter((l): l is PoyLineRow & { option: AnyOption } => isOption(l.option))
    .sort(compareLines);
  const until = cancelUntil(round);
  let potential = 0n;
  let payout = 0n;
  const lineViews = mine.map((l): PoyLineView => {
    const win = applyMultiplier(l.price, l.multiply);
    potential += win;
    payout += l.payout ?? 0n;
    return {
      option: optionWire(l.option),
      number: l.number,
      price: satangToBaht(l.price),
      multiply: l.multiply,
      add: l.batch,
      status: l.status,
      potentialWin: satangToBaht(win),
      payout: l.payout === null ? null : satangToBaht(l.payout),
    };
  });
  return {
    id: String(poy.id),
    betId: Number(round.id),
    betGroup: round.family,
    betType: round.bet_type,
    betName: betNameOf(round),
    roundNo: round.round_no,
    roundName: round.name,
    roundNameEn: round.name_en,
    roundDate: round.round_date,
    closeAt: iso(round.close_at),
    resultAt: iso(round.result_at),
    status: poy.status,
    total: satangToBaht(poy.total),
    potentialWin: satangToBaht(potential),
    // What the slip won once judged (won or lost), null before.
    payout: poy.status === "won" || poy.status === "lost" ? satangToBaht(payout) : null,
    result,
    lineCount: lineViews.length,
    lines: lineViews,
    cancellable:
      poy.status === "waiting" &&
      round.status === "open" &&
      until !== null &&
      now.getTime() < until.getTime(),
    cancelUntil: iso(until),
    createdAt: iso(poy.created_at),
    cancelledAt: iso(poy.cancelled_at),
  };
}

/** Slips as the member sees them, with their round and lines (lines in display order). */
export async function poyViews(
  db: Executor,
  poys: readonly PoyRow[],
  now: Date = new Date(),
): Promise<PoyView[]> {
  if (poys.length === 0) return [];
  const rounds = await db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("id", "in", [...new Set(poys.map((p) => p.round_id))])
    .execute();
  const roundById = new Map(rounds.map((r) => [r.id, r]));
  const lines = await db
    .selectFrom("poy_lines")
    .selectAll()
    .where(
      "poy_id",
      "in",
      poys.map((p) => p.id),
    )
    .execute();
  const linesByPoy = new Map<bigint, PoyLineRow[]>();
  for (const l of lines) linesByPoy.set(l.poy_id, [...(linesByPoy.get(l.poy_id) ?? []), l]);
  // The round's confirmed result, shown on every slip of a resulted round (docs/results-api.md).
  const results = await confirmedResultsOf(
    db,
    rounds.filter((r) => r.status === "resulted").map((r) => r.id),
  );
  return poys.map((poy) => {
    const round = roundById.get(poy.round_id) as RoundRow;
    const result = results.has(round.id) ? resultNumbers(results.get(round.id)?.outcome ?? null) : null;
    return buildPoyView(poy, round, linesByPoy.get(poy.id) ?? [], result, now);
  });
}

export async function poyView(db: Executor, poy: PoyRow): Promise<PoyView> {
  return (await poyViews(db, [poy]))[0] as PoyView;
}

export interface PoyFilter {
  betGroup?: string | undefined;
  betId?: bigint | undefined;
  betName?: string | undefined;
  before?: bigint | undefined;
  limit: number;
}

/** The member's own slips, newest first; `next` is the `before` of the next page (null on the last). */
export async function listPoys(db: Executor, memberId: bigint, filter: PoyFilter): Promise<PoyListView> {
  let q = db
    .selectFrom("poys")
    .innerJoin("lotto_rounds", "lotto_rounds.id", "poys.round_id")
    .selectAll("poys")
    .where("poys.member_id", "=", memberId);
  if (filter.betGroup) q = q.where("lotto_rounds.family", "=", filter.betGroup as LottoFamily);
  if (filter.betId !== undefined) q = q.where("poys.round_id", "=", filter.betId);
  if (filter.before !== undefined) q = q.where("poys.id", "<", filter.before);
  if (filter.betName) {
    const name = filter.betName;
    // betName is derived (docs/lotto-api.md): match it on the market for stock and the 4-digit lotteries.
    const lottery = FOUR_DIGIT_LOTTERIES.find((l) => l.api === name)?.id;
    q = q.where((eb) =>
      eb.or([
        eb("lotto_rounds.market", "=", lottery ?? name),
        eb("lotto_rounds.family", "=", (name === "yeekee5min" ? "yeekee5Min" : name) as LottoFamily),
      ]),
    );
  }
  const rows = await q.orderBy("poys.id", "desc").limit(filter.limit).execute();
  const last = rows.at(-1);
  return {
    poys: await poyViews(db, rows),
    next: rows.length === filter.limit && last ? String(last.id) : null,
  };
}
