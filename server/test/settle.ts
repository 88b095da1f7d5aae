import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { DateTime } from "luxon";
import { type AnyOption, BANGKOK, type LottoFamily, roundsForDay } from "../../src/domain/lotto/index.ts";
import type { DB } from "../db/schema.ts";
import { accountBalance, memberAccount, systemAccount, transfer } from "../ledger/ledger.ts";
import { createSession } from "../modules/accounts/sessions.ts";
import { placePoy } from "../modules/lotto/poys.ts";
import { betNameOf, newRoundValues, type RoundRow } from "../modules/lotto/rounds.ts";

/** Test helpers for results and settlement (not loaded by the server). */

export interface SettleMember {
  id: bigint;
  uuid: string;
  cash: bigint;
}

/** A member straight in the database (no scrypt sign-up), funded with `baht` from house:adjustments. */
export async function fundedMember(db: Kysely<DB>, baht: number): Promise<SettleMember> {
  const row = await db
    .insertInto("members")
    .values({
      user_name: `st${randomBytes(5).toString("hex")}`,
      password_hash: "unused",
      phone_number: "0812345678",
      agent_id: 2,
      ref_uid: 0,
      af_slug: randomBytes(6).toString("hex"),
    })
    .returning(["id", "uuid"])
    .executeTakeFirstOrThrow();
  const cash = await memberAccount(db, row.id, "member_cash");
  if (baht > 0) {
    await transfer(db, {
      debitAccountId: await systemAccount(db, "house:adjustments", "house"),
      creditAccountId: cash,
      amount: BigInt(baht) * 100n,
      type: "ADMIN_INCREASE",
      reference: "test funds",
      idempotencyKey: `test-fund:${randomBytes(8).toString("hex")}`,
    });
  }
  return { id: row.id, uuid: row.uuid, cash };
}

/** A logged-in session for a member made by fundedMember. */
export async function tokenOf(db: Kysely<DB>, secret: string, m: SettleMember): Promise<string> {
  return createSession(db, secret, { id: m.id, uuid: m.uuid, status: 0 }, {});
}

export async function cashOf(db: Kysely<DB>, m: SettleMember): Promise<bigint> {
  return (await accountBalance(db, m.cash)).balance;
}

const usedBetTypes = new Set<string>();

/** A fresh open round of a family (and market) on a far-future date, closing in 10 minutes. */
export async function openRound(db: Kysely<DB>, family: LottoFamily, market?: string): Promise<RoundRow> {
  let day = DateTime.fromISO("2093-01-01", { zone: BANGKOK });
  for (;;) {
    const found = roundsForDay(family, day.toISODate() as string).find(
      (r) => !usedBetTypes.has(r.betType) && (market === undefined || r.market === market),
    );
    if (found) {
      usedBetTypes.add(found.betType);
      const values = await newRoundValues(found);
      values.close_at = new Date(Date.now() + 10 * 60_000);
      values.result_at = new Date(values.close_at.getTime() + 60_000);
      return db.insertInto("lotto_rounds").values(values).returningAll().executeTakeFirstOrThrow();
    }
    day = day.plus({ days: 1 });
  }
}

/** Betting is over: the round closed a minute ago and its result time has just passed. */
export async function closeRound(db: Kysely<DB>, round: RoundRow): Promise<void> {
  const now = Date.now();
  await db
    .updateTable("lotto_rounds")
    .set({ status: "closed", close_at: new Date(now - 60_000), result_at: new Date(now - 1_000) })
    .where("id", "=", round.id)
    .execute();
}

export interface LineSpec {
  option: AnyOption;
  number: string;
  /** Baht. */
  price: number;
}

/** Places a slip at the round's default rates (the round is open); returns the slip id. */
export async function placeSlip(
  db: Kysely<DB>,
  member: SettleMember,
  round: RoundRow,
  lines: readonly LineSpec[],
): Promise<bigint> {
  const { poy } = await placePoy(db, {
    memberId: member.id,
    betId: round.id,
    lines: lines.map((l) => ({
      option: l.option,
      number: l.number,
      price: String(l.price),
      multiply: round.rates[l.option] as string,
    })),
    idempotencyKey: randomBytes(8).toString("hex"),
    via: round.family === "set4" ? { kind: "lottery", api: betNameOf(round) } : { kind: "poys" },
  });
  return poy.id;
}

/** Every line of a slip by "option:number". */
export async function linesOf(db: Kysely<DB>, poyId: bigint) {
  const rows = await db.selectFrom("poy_lines").selectAll().where("poy_id", "=", poyId).execute();
  return new Map(rows.map((r) => [`${r.option}:${r.number}`, r]));
}

/** Ledger transfers whose key starts with a prefix ("win:", "win-reversal:", "poy-refund:"). */
export async function transfersLike(db: Kysely<DB>, prefix: string) {
  return db
    .selectFrom("ledger_transfers")
    .selectAll()
    .where("idempotency_key", "like", `${prefix}%`)
    .execute();
}
