import type { Kysely, Selectable } from "kysely";
import { DateTime } from "luxon";
import {
  type AnyOption,
  BANGKOK,
  bangkokDate,
  betMaxField,
  closeDateOf,
  commitmentOf,
  DEFAULT_LIMITS,
  DEFAULT_RATES,
  displayStockName,
  FAMILY_OPTIONS,
  FOUR_DIGIT_LOTTERIES,
  type FourDigitLottery,
  isOption,
  isRoundActive,
  type LottoFamily,
  type OptionLimit,
  optionWire,
  orderRounds,
  type ScheduledRound,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { DB, LottoRoundsTable } from "../../db/schema.ts";
import type { Executor } from "../../kernel/db.ts";
import { DEMO_DRAW_SEED_KEY, openSeed, pingpongSeed, sealSeed } from "./drawSecrets.ts";

/**
 * Rounds (docs/lotto-api.md "Rounds", docs/rules.md "Rounds and schedules"): the rows the round job makes from the
 * schedules in src/domain/lotto, what the lists show and how a round is named. A round is open while its status
 * is open and its real close time has not passed (isRowActive: a slip checks the time itself, never only the
 * stored status). Ping-pong rounds carry the commitment to their seed from creation; the seed itself is derived
 * from the draw key, never stored before the draw (drawSecrets.ts).
 */

export type RoundRow = Selectable<LottoRoundsTable>;

/** The row a scheduled round becomes, with the family's default rates and limits (staff may change them). */
export function roundValues(round: ScheduledRound) {
  const options = FAMILY_OPTIONS[round.family];
  const rates: Record<string, string> = {};
  const limits: Record<string, { min: string; max: string }> = {};
  const maxPerOption: Record<string, string> = {};
  for (const option of options) {
    const rate = DEFAULT_RATES[round.family][option];
    if (rate !== undefined) rates[option] = rate;
    const limit = DEFAULT_LIMITS[option];
    limits[option] = { min: String(limit.min), max: String(limit.max) };
    // The round maximum per option: by default the most one line may stake (see docs/lotto-api.md).
    maxPerOption[option] = String(limit.max);
  }
  return {
    family: round.family,
    bet_type: round.betType,
    name: round.family === "stock" ? displayStockName(round.name) : round.name,
    name_en: round.nameEn,
    round_date: round.date,
    round_no: round.roundNo ?? null,
    market: round.market ?? null,
    flag: round.flag ?? null,
    close_at: round.closeAt,
    result_at: round.resultAt,
    rates: JSON.stringify(rates),
    limits: JSON.stringify(limits),
    max_per_option: JSON.stringify(maxPerOption),
  };
}

/**
 * roundValues for a round about to be created. A ping-pong round gets the commitment to its secret seed,
 * published from creation on (docs/results-api.md "Verification"). The seed itself is not stored: it is derived
 * from the draw key and the round's betType (drawSecrets.ts), again at the draw, which then stores it in the clear
 * as it is revealed (server/modules/lotto/draws.ts).
 */
export async function newRoundValues(round: ScheduledRound, drawKey: string = DEMO_DRAW_SEED_KEY) {
  const values = roundValues(round);
  if (round.family !== "pingpong") return values;
  return { ...values, commitment: await commitmentOf(pingpongSeed(drawKey, round.betType)) };
}

/**
 * A ping-pong round's seed: the revealed one once drawn (stored in the clear then, so a later change of key does
 * not unpublish it), a pre-0013 seed sealed at start, or the one derived from the key. Null when a sealed seed
 * does not open with this key. Callers check it against the commitment before using it.
 */
export function roundSeed(
  round: Pick<RoundRow, "id" | "bet_type" | "seed" | "seed_sealed">,
  drawKey: string,
): string | null {
  if (round.seed) return round.seed;
  if (round.seed_sealed) return openSeed(drawKey, round.id, round.seed_sealed);
  return pingpongSeed(drawKey, round.bet_type);
}

/**
 * Seeds stored in plaintext by versions before migration 0013, of rounds not decided yet, are encrypted with the
 * draw key in place (seed_sealed) and cleared, so a later backup holds no future number. Run at start (the round
 * job's first pass); a no-op once done. Decided rounds keep theirs: it is published.
 */
export async function sealLegacySeeds(db: Kysely<DB>, drawKey: string): Promise<number> {
  const rows = await db
    .selectFrom("lotto_rounds")
    .select(["id", "seed"])
    .where("family", "=", "pingpong")
    .where("status", "in", ["open", "closed"])
    .where("seed", "is not", null)
    .execute();
  for (const row of rows) {
    await db
      .updateTable("lotto_rounds")
      .set({ seed: null, seed_sealed: sealSeed(drawKey, row.id, row.seed as string) })
      .where("id", "=", row.id)
      .where("seed", "=", row.seed as string)
      .where("status", "in", ["open", "closed"])
      .execute();
  }
  return rows.length;
}

export const familyOf = (row: RoundRow) => row.family as LottoFamily;

/** The options a round offers, in display order: the family's options that have a rate and limits here. */
export function roundOptions(row: RoundRow): AnyOption[] {
  return FAMILY_OPTIONS[familyOf(row)].filter(
    (o) => row.rates[o] !== undefined && row.limits[o] !== undefined,
  );
}

export function roundLimit(row: RoundRow, option: AnyOption): OptionLimit | null {
  const limit = row.limits[option];
  return limit ? { min: BigInt(limit.min), max: BigInt(limit.max) } : null;
}

export function roundMaxPerOption(row: RoundRow, option: AnyOption): bigint | null {
  const max = row.max_per_option[option];
  return max === undefined ? null : BigInt(max);
}

export function defaultRateOf(row: RoundRow): Partial<Record<AnyOption, string>> {
  const out: Partial<Record<AnyOption, string>> = {};
  for (const [option, rate] of Object.entries(row.rates)) if (isOption(option)) out[option] = rate;
  return out;
}

function fourDigitLottery(row: RoundRow): FourDigitLottery | undefined {
  return FOUR_DIGIT_LOTTERIES.find((l) => l.id === row.market);
}

const KIND_NAME: Record<LottoFamily, string> = {
  yeekee: "yeekee",
  yeekee5Min: "yeekee5min",
  pingpong: "pingpong",
  gov: "gov",
  stock: "stock",
  set4: "set4",
};

/**
 * betName: a machine name for the round's lottery. The 4-digit lotteries use their create call's segment
 * (hanoy, lao, lao-super, malay: the app chooses the create call from it, docs/lotto-api.md); stock rounds their market
 * id (nikkei_am, downjone …); the others their kind (yeekee, yeekee5min, pingpong, gov).
 */
export function betNameOf(row: RoundRow): string {
  if (row.family === "set4") return fourDigitLottery(row)?.api ?? row.market ?? "set4";
  if (row.family === "stock") return row.market ?? "stock";
  return KIND_NAME[familyOf(row)];
}

const clock = (d: Date) => DateTime.fromJSDate(d, { zone: BANGKOK }).toFormat("HH:mm");
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function isRowActive(row: RoundRow, now: Date): boolean {
  return row.status === "open" && isRoundActive(row.close_at, now);
}

/** A round with the product's field names (docs/rules.md "Field names", docs/lotto-api.md). */
export function roundView(row: RoundRow, now: Date) {
  const options = roundOptions(row);
  const betMax: Record<`betMax${string}`, string> = {};
  for (const option of options) {
    const max = roundMaxPerOption(row, option);
    if (max !== null) betMax[betMaxField(option) as `betMax${string}`] = satangToBaht(max);
  }
  const view = {
    betId: Number(row.id),
    betName: betNameOf(row),
    betGroup: row.family,
    betType: row.bet_type,
    // Stored corrected already; corrected again for names staff or imports may have written since.
    name: row.family === "stock" ? displayStockName(row.name) : row.name,
    nameEn: row.name_en,
    dt: row.round_date,
    closeTime: clock(row.close_at),
    resultTime: clock(row.result_at),
    closeDt: closeDateOf(row.bet_type, row.round_date),
    resultDt: bangkokDate(row.result_at),
    active: isRowActive(row, now),
    setResult: row.status === "resulted",
    status: row.status,
    roundNo: row.round_no,
    market: row.market,
    flag: row.flag,
    unixTimeStamp: { realCloseTime: seconds(row.close_at), realResultTime: seconds(row.result_at) },
    betOptions: options.map(optionWire),
    // Ping-pong: the commitment to the round's secret seed, shown before betting closes (never the seed).
    ...(row.family === "pingpong" ? { commitment: row.commitment } : {}),
  };
  return Object.assign(view, betMax);
}
export type RoundView = ReturnType<typeof roundView>;

export async function findRound(db: Executor, id: bigint): Promise<RoundRow | undefined> {
  return db.selectFrom("lotto_rounds").selectAll().where("id", "=", id).executeTakeFirst();
}

const DAY = 86_400_000;
/** Interval families list their open rounds that close within this window. */
const INTERVAL_WINDOW_MS = DAY;

/**
 * The rounds bet-lists.latest shows for one family (docs/lotto-api.md "Which rounds are listed"):
 * - yeekee, yeekee 5-minute, ping-pong: the open rounds closing within 24 hours;
 * - gov, stock, set4, per market (gov is one market): its rounds sold today (open or already closed), and any
 *   older round still open (Dow Jones closes after midnight); when none, its next open round.
 * Cancelled rounds are never listed. Ordered as docs/rules.md "Ordering" says (orderRounds).
 */
export function pickLatest(family: LottoFamily, rows: readonly RoundRow[], now: Date): RoundRow[] {
  const mine = rows.filter((r) => r.family === family && r.status !== "cancelled");
  const active = (r: RoundRow) => isRowActive(r, now);
  let picked: RoundRow[];
  if (family === "yeekee" || family === "yeekee5Min" || family === "pingpong") {
    picked = mine.filter((r) => active(r) && r.close_at.getTime() <= now.getTime() + INTERVAL_WINDOW_MS);
  } else {
    const today = bangkokDate(now);
    const byMarket = new Map<string, RoundRow[]>();
    for (const r of mine) {
      const key = r.market ?? family;
      byMarket.set(key, [...(byMarket.get(key) ?? []), r]);
    }
    picked = [];
    for (const list of byMarket.values()) {
      const current = list.filter((r) => r.round_date === today || (r.round_date < today && active(r)));
      if (current.length > 0) picked.push(...current);
      else {
        const next = list
          .filter(active)
          .sort((a, b) => a.close_at.getTime() - b.close_at.getTime())
          .at(0);
        if (next) picked.push(next);
      }
    }
  }
  const ordered = orderRounds(
    family,
    picked.map((row) => ({ row, closeAt: row.close_at, active: active(row), betType: row.bet_type })),
  );
  return ordered.map((o) => o.row);
}

/**
 * Rounds that may be listed at `now`: closing from the start of today (Bangkok: every round sold today, and older
 * ones still open) to 17 days ahead (the next gov draw).
 */
export async function roundsAround(db: Executor, now: Date): Promise<RoundRow[]> {
  const startOfToday = DateTime.fromJSDate(now, { zone: BANGKOK }).startOf("day").toJSDate();
  return db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("close_at", ">=", startOfToday)
    .where("close_at", "<=", new Date(now.getTime() + 17 * DAY))
    .where("status", "<>", "cancelled")
    .orderBy("close_at")
    .orderBy("id")
    .execute();
}

export const LATEST_GROUPS = ["yeekee", "yeekee5Min", "gov", "stock", "pingpong", "set4"] as const;

/** GET /bet-lists.latest: every family's listed rounds. */
export async function latestLists(db: Executor, now: Date): Promise<Record<LottoFamily, RoundView[]>> {
  const rows = await roundsAround(db, now);
  const out = {} as Record<LottoFamily, RoundView[]>;
  for (const family of LATEST_GROUPS)
    out[family] = pickLatest(family, rows, now).map((r) => roundView(r, now));
  return out;
}

/** The groups of POST /lotteries.4d.latest, by lottery id. */
export const FOUR_DIGIT_GROUPS: Readonly<Record<FourDigitLottery["id"], string>> = {
  hanoi: "hanoy",
  lao: "lao",
  laosuper: "laoSuper",
  malay: "malay",
};

/**
 * Per 4-digit lottery, its latest entry: the open round closing first, else the round that closed last (within
 * the past week), else null.
 */
export async function fourDigitLatest(db: Executor, now: Date): Promise<Record<string, RoundView | null>> {
  const rows = await db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("family", "=", "set4")
    .where("status", "<>", "cancelled")
    .where("close_at", ">", new Date(now.getTime() - 7 * DAY))
    .where("close_at", "<=", new Date(now.getTime() + 17 * DAY))
    .orderBy("close_at")
    .orderBy("id")
    .execute();
  const out: Record<string, RoundView | null> = {};
  for (const lottery of FOUR_DIGIT_LOTTERIES) {
    const mine = rows.filter((r) => r.market === lottery.id);
    const pick = mine.find((r) => isRowActive(r, now)) ?? mine.filter((r) => !isRowActive(r, now)).at(-1);
    out[FOUR_DIGIT_GROUPS[lottery.id]] = pick ? roundView(pick, now) : null;
  }
  return out;
}
