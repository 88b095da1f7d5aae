import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { RateChangeView } from "../../../src/domain/contracts/lotto.ts";
import {
  exposureKey,
  isClosedRate,
  isOption,
  normalizeDecimal,
  optionWire,
  sameRate,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { Executor } from "../../kernel/db.ts";
import { type CheckedLine, lineError } from "./poyInput.ts";
import { currentRate, restrictionsOf } from "./rates.ts";
import { type RoundRow, roundMaxPerOption } from "./rounds.ts";

/**
 * A round's exposure and what it does to a slip (docs/lotto-api.md "Rates and exposure", docs/rules.md "Rate
 * tiers"): each number's potential payout (`lotto_exposure`) lowers its rate through the tiers, and each member
 * may stake at most the round maximum on one number. Slips on the same numbers take turns on the exposure rows,
 * locked in key order (no deadlocks), so each is priced at the exposure the ones before it left.
 */

/**
 * Locks a round's exposure rows in key order and answers the potential payout per key. A new slip creates its
 * missing rows first (`create`); a cancellation only locks the rows its slip made.
 */
export async function lockExposure(
  trx: Transaction<DB>,
  roundId: bigint,
  keys: readonly string[],
  options: { create: boolean },
): Promise<Map<string, bigint>> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return new Map();
  if (options.create) {
    await trx
      .insertInto("lotto_exposure")
      .values(sorted.map((exposure_key) => ({ round_id: roundId, exposure_key })))
      .onConflict((oc) => oc.columns(["round_id", "exposure_key"]).doNothing())
      .execute();
  }
  const locked = await trx
    .selectFrom("lotto_exposure")
    .select(["exposure_key", "payout"])
    .where("round_id", "=", roundId)
    .where("exposure_key", "in", sorted)
    .orderBy("exposure_key")
    .forUpdate()
    .execute();
  return new Map(locked.map((e) => [e.exposure_key, e.payout]));
}

/**
 * Every line at the rate the member saw, or nothing: the accepted rate per line index, or 409 RATE_CHANGED
 * listing every line whose rate moved (or whose number closed) since the member looked.
 */
export async function priceLines(
  trx: Executor,
  round: RoundRow,
  lines: readonly CheckedLine[],
  exposure: ReadonlyMap<string, bigint>,
): Promise<Map<number, string>> {
  const restrictions = await restrictionsOf(trx, round.id);
  const changes: RateChangeView[] = [];
  const accepted = new Map<number, string>();
  for (const line of lines) {
    const now =
      currentRate(round, line.option, restrictions.get(line.key), exposure.get(line.key) ?? 0n) ?? "0";
    if (isClosedRate(now) || !sameRate(now, line.seen)) {
      changes.push({
        option: optionWire(line.option),
        number: line.number,
        from: line.seen,
        to: normalizeDecimal(now) ?? now,
        closed: isClosedRate(now),
      });
    } else accepted.set(line.index, normalizeDecimal(now) ?? now);
  }
  if (changes.length > 0) {
    const allClosed = changes.every((c) => c.closed);
    throw new AppError(
      409,
      "RATE_CHANGED",
      allClosed
        ? "Some numbers are closed in this round. Please remove them and confirm again."
        : "The rates of some numbers have changed. Please check them and confirm again.",
      { changes },
    );
  }
  return accepted;
}

/**
 * The round maximum: what one member stakes on one number of an option, over all their waiting slips in the
 * round (tode numbers as one, by exposure key), this slip included.
 */
export async function checkRoundMax(
  trx: Executor,
  memberId: bigint,
  round: RoundRow,
  lines: readonly CheckedLine[],
): Promise<void> {
  const used = await trx
    .selectFrom("poy_lines")
    .innerJoin("poys", "poys.id", "poy_lines.poy_id")
    .select(["poy_lines.option", "poy_lines.number", sql<string>`sum(poy_lines.price)`.as("staked")])
    .where("poys.member_id", "=", memberId)
    .where("poys.round_id", "=", round.id)
    .where("poys.status", "=", "waiting")
    .groupBy(["poy_lines.option", "poy_lines.number"])
    .execute();
  const staked = new Map<string, bigint>();
  for (const u of used) {
    if (!isOption(u.option)) continue;
    const key = exposureKey(u.option, u.number);
    staked.set(key, (staked.get(key) ?? 0n) + BigInt(u.staked));
  }
  for (const line of lines) {
    const before = staked.get(line.key) ?? 0n;
    const after = before + line.price;
    const max = roundMaxPerOption(round, line.option);
    if (max !== null && after > max) {
      throw lineError(
        400,
        "OVER_ROUND_MAX",
        "This stake goes over the round's maximum for this number.",
        line.index,
        { option: optionWire(line.option), number: line.number },
        { max: satangToBaht(max), used: satangToBaht(before) },
      );
    }
    staked.set(line.key, after);
  }
}

/** Adds (or, negative, removes) potential payout on exposure rows the caller has locked; one statement. */
export async function addExposure(trx: Executor, roundId: bigint, delta: Map<string, bigint>): Promise<void> {
  const entries = [...delta.entries()].filter(([, amount]) => amount !== 0n);
  if (entries.length === 0) return;
  const keys = entries.map(([key]) => key);
  const amounts = entries.map(([, amount]) => amount.toString());
  await sql`
    update lotto_exposure e
       set payout = e.payout + d.amount, updated_at = now()
      from (select unnest(${keys}::text[]) as exposure_key, unnest(${amounts}::bigint[]) as amount) d
     where e.round_id = ${roundId} and e.exposure_key = d.exposure_key`.execute(trx);
}
