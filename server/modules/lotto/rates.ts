import {
  type AnyOption,
  DEFAULT_RATE_TIERS,
  exposureKey,
  isOption,
  type RateNow,
  type RateTier,
  restrictedRate,
  sameRate,
} from "../../../src/domain/lotto/index.ts";
import type { Executor } from "../../kernel/db.ts";
import type { RoundRow } from "./rounds.ts";

/**
 * A number's rate now (docs/lotto-api.md "Rates"): the base is the staff restriction on the number if there is
 * one, else the round's defaultRate; the automatic tiers then cut it by the exposure already on the number
 * (restrictedRate). A restriction of "0" stays closed. The rate a slip is checked against is the rate before the
 * slip: a slip never raises the rate it is priced at.
 */
export const RATE_TIERS: readonly RateTier[] = DEFAULT_RATE_TIERS;
const LOWEST_TIER = RATE_TIERS.reduce(
  (min, t) => (t.above < min ? t.above : min),
  RATE_TIERS[0]?.above ?? 0n,
);

/** The number restrictions and exposure are kept under: tode digits sorted ("321" → "123"). */
export function keyNumber(option: AnyOption, number: string): string {
  return exposureKey(option, number).slice(option.length + 1);
}

export function splitKey(key: string): { option: AnyOption; number: string } | null {
  const at = key.indexOf(":");
  const option = key.slice(0, at);
  return at > 0 && isOption(option) ? { option, number: key.slice(at + 1) } : null;
}

/** Restrictions of a round by exposure key → multiply. */
export async function restrictionsOf(db: Executor, roundId: bigint): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("lotto_restrictions")
    .select(["option", "number", "multiply"])
    .where("round_id", "=", roundId)
    .execute();
  const out = new Map<string, string>();
  for (const r of rows) if (isOption(r.option)) out.set(exposureKey(r.option, r.number), r.multiply);
  return out;
}

/** The rate offered now, or null when the round does not offer the option. */
export function currentRate(
  round: RoundRow,
  option: AnyOption,
  restriction: string | undefined,
  exposure: bigint,
): string | null {
  const base = restriction ?? round.rates[option];
  if (base === undefined) return null;
  return restrictedRate(base, exposure, RATE_TIERS);
}

/** rateNow (docs/rules.md "Field names"): every number whose rate now differs from the round's default rate. */
export async function rateNowOf(db: Executor, round: RoundRow): Promise<RateNow[]> {
  const restrictions = await restrictionsOf(db, round.id);
  const exposed = await db
    .selectFrom("lotto_exposure")
    .select(["exposure_key", "payout"])
    .where("round_id", "=", round.id)
    .where("payout", ">", LOWEST_TIER)
    .execute();
  const exposure = new Map(exposed.map((e) => [e.exposure_key, e.payout]));
  const keys = [...new Set([...restrictions.keys(), ...exposure.keys()])].sort();
  const out: RateNow[] = [];
  for (const key of keys) {
    const parts = splitKey(key);
    if (!parts) continue;
    const rate = currentRate(round, parts.option, restrictions.get(key), exposure.get(key) ?? 0n);
    const base = round.rates[parts.option];
    if (rate === null || base === undefined || sameRate(rate, base)) continue;
    out.push({ number: parts.number, option: parts.option, multiply: rate });
  }
  return out;
}
