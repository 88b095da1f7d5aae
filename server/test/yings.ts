import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { DateTime } from "luxon";
import { BANGKOK, type LottoFamily, roundsForDay } from "../../src/domain/lotto/index.ts";
import type { DB } from "../db/schema.ts";
import { createSession } from "../modules/accounts/sessions.ts";
import { newRoundValues } from "../modules/lotto/rounds.ts";

/** Test helpers for the shooting and draw tests (not loaded by the server). */

export interface TestMember {
  id: bigint;
  uuid: string;
  userName: string;
  token: string;
}

/** A member straight in the database with a session (no scrypt sign-up: the concurrency test needs fifty). */
export async function directMember(
  db: Kysely<DB>,
  secret: string,
  opts: { userName?: string; status?: number } = {},
): Promise<TestMember> {
  const userName = opts.userName ?? `yg${randomBytes(5).toString("hex")}`;
  const row = await db
    .insertInto("members")
    .values({
      user_name: userName,
      password_hash: "unused",
      phone_number: "0812345678",
      agent_id: 2,
      ref_uid: 0,
      af_slug: randomBytes(6).toString("hex"),
    })
    .returning(["id", "uuid"])
    .executeTakeFirstOrThrow();
  const status = opts.status ?? 0;
  if (status !== 0) await db.updateTable("members").set({ status }).where("id", "=", row.id).execute();
  const token = await createSession(db, secret, { id: row.id, uuid: row.uuid, status }, {});
  return { id: row.id, uuid: row.uuid, userName, token };
}

const usedBetTypes = new Set<string>();

/**
 * A fresh round of a family on a far-future date (its betType is unused), closing `closeInMinutes` from now (its
 * result time per family: yeekee 2 minutes later, ping-pong 1), created as the round job creates rounds.
 */
export async function makeRound(
  db: Kysely<DB>,
  family: LottoFamily,
  opts: { closeInMinutes?: number; status?: "open" | "closed"; drawKey?: string } = {},
): Promise<bigint> {
  let day = DateTime.fromISO("2091-01-01", { zone: BANGKOK });
  for (;;) {
    const found = roundsForDay(family, day.toISODate() as string).find((r) => !usedBetTypes.has(r.betType));
    if (found) {
      usedBetTypes.add(found.betType);
      const values = await newRoundValues(found, opts.drawKey);
      if (opts.closeInMinutes !== undefined) {
        const delay = values.result_at.getTime() - values.close_at.getTime();
        values.close_at = new Date(Date.now() + opts.closeInMinutes * 60_000);
        values.result_at = new Date(values.close_at.getTime() + delay);
      }
      const row = await db
        .insertInto("lotto_rounds")
        .values({ ...values, status: opts.status ?? "open" })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }
    day = day.plus({ days: 1 });
  }
}

/** Moves a round's close (and its result time with it) to `minutes` from now, as if time had passed. */
export async function moveClose(db: Kysely<DB>, roundId: bigint, minutes: number): Promise<void> {
  const round = await db
    .selectFrom("lotto_rounds")
    .select(["close_at", "result_at"])
    .where("id", "=", roundId)
    .executeTakeFirstOrThrow();
  const close = new Date(Date.now() + minutes * 60_000);
  await db
    .updateTable("lotto_rounds")
    .set({
      close_at: close,
      result_at: new Date(close.getTime() + round.result_at.getTime() - round.close_at.getTime()),
      status: minutes <= 0 ? "closed" : "open",
    })
    .where("id", "=", roundId)
    .execute();
}

/** A random valid shot. */
export const randomShot = () => String(randomBytes(4).readUInt32BE() % 100_000).padStart(5, "0");
