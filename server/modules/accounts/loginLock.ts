import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/** Wrong PINs in a row that lock the account (the product's rule: five). */
export const LOGIN_ATTEMPT_LIMIT = 5;
/** The first lock lasts 30 minutes; each further lock before a successful login lasts twice as long ... */
export const FIRST_LOCK_SECONDS = 30 * 60;
/** ... up to a day. A lock never lasts for ever: anyone who knows a user name could otherwise shut its owner out. */
export const LONGEST_LOCK_SECONDS = 24 * 60 * 60;

/** How long the n-th lock (1, 2, ...) since the last successful login lasts. */
export function lockSeconds(lockNumber: number): number {
  const doublings = Math.min(Math.max(lockNumber - 1, 0), 16);
  return Math.min(FIRST_LOCK_SECONDS * 2 ** doublings, LONGEST_LOCK_SECONDS);
}

/**
 * The product's lock message, then when to try again. `lockedUntil` (ISO) and `retryAfterSeconds` let the
 * client say the same in the member's language and time zone.
 */
export function loginLockedError(lockedUntil: Date, now = new Date()): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    423,
    "LOGIN_LOCKED",
    `Login Attempt Count Reach Limit, Please contact call center. You can try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    { lockedUntil: lockedUntil.toISOString(), retryAfterSeconds },
  );
}

// The SQL below runs as one statement per wrong PIN, so concurrent attempts cannot lose a count. A lock that has
// run out starts a fresh count; the fifth wrong PIN in a count sets a lock of lockSeconds(lock_count + 1).
function lockSql(table: "members" | "login_name_locks", countColumn: "failed_login_count" | "failed_count") {
  const lockedUntil = sql.ref(`${table}.locked_until`);
  const lockCount = sql.ref(`${table}.lock_count`);
  const ended = sql<boolean>`(${lockedUntil} is not null and ${lockedUntil} <= now())`;
  const count = sql<number>`(case when ${ended} then 1 else ${sql.ref(`${table}.${countColumn}`)} + 1 end)`;
  const locks = sql<boolean>`(${count} >= ${LOGIN_ATTEMPT_LIMIT})`;
  const seconds = sql<number>`least(${FIRST_LOCK_SECONDS} * power(2, least(${lockCount}, 16)), ${LONGEST_LOCK_SECONDS})`;
  return {
    ended,
    locks,
    count,
    lockCount: sql<number>`case when ${locks} then ${lockCount} + 1 else ${lockCount} end`,
    lockedUntil: sql<Date | null>`case when ${locks} then now() + make_interval(secs => ${seconds}) when ${ended} then null else ${lockedUntil} end`,
  };
}

export type WrongPinOutcome = { locked: false } | { locked: true; lockedUntil: Date; newLock: boolean };

/**
 * Counts a wrong PIN against a member. Returns the lock when this attempt set one (newLock) or one was already
 * running (a concurrent attempt set it).
 */
export async function recordWrongPin(db: Kysely<DB>, memberId: bigint): Promise<WrongPinOutcome> {
  const lock = lockSql("members", "failed_login_count");
  const updated = await db
    .updateTable("members")
    .set({
      failed_login_count: lock.count,
      lock_count: lock.lockCount,
      locked_at: sql`case when ${lock.locks} then now() when ${lock.ended} then null else members.locked_at end`,
      locked_until: lock.lockedUntil,
      updated_at: sql`now()`,
    })
    .where("id", "=", memberId)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", sql<Date>`now()`)]))
    .returning(["locked_until"])
    .executeTakeFirst();
  if (updated) {
    return updated.locked_until
      ? { locked: true, lockedUntil: updated.locked_until, newLock: true }
      : { locked: false };
  }
  const running = await activeLock(db, memberId);
  return running ? { locked: true, lockedUntil: running, newLock: false } : { locked: false };
}

/** When the member's running lock ends, or null when none runs. */
export async function activeLock(db: Kysely<DB>, memberId: bigint): Promise<Date | null> {
  const row = await db
    .selectFrom("members")
    .select("locked_until")
    .where("id", "=", memberId)
    .executeTakeFirst();
  return row?.locked_until && row.locked_until > new Date() ? row.locked_until : null;
}

/** A successful login, a PIN reset by SMS or a staff unlock: the count, the lock and its growth start over. */
export function clearedLock() {
  return { failed_login_count: 0, locked_at: null, locked_until: null, lock_count: 0 } as const;
}

/**
 * The same counting for a user name that matches no account, in its own table, so that the fifth wrong PIN
 * "locks" it for as long as it would lock a real account: the answers, and the time they name, reveal nothing.
 * Returns the running lock, if any, after counting this attempt.
 */
export async function recordWrongPinForUnknownName(db: Kysely<DB>, userName: string): Promise<Date | null> {
  const running = await db
    .selectFrom("login_name_locks")
    .select("locked_until")
    .where("user_name", "=", userName)
    .where("locked_until", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (running?.locked_until) return running.locked_until;
  const lock = lockSql("login_name_locks", "failed_count");
  const row = await db
    .insertInto("login_name_locks")
    .values({ user_name: userName, failed_count: 1 })
    .onConflict((oc) =>
      oc.column("user_name").doUpdateSet({
        failed_count: lock.count,
        lock_count: lock.lockCount,
        locked_until: lock.lockedUntil,
        updated_at: sql`now()`,
      }),
    )
    .returning("locked_until")
    .executeTakeFirstOrThrow();
  return row.locked_until && row.locked_until > new Date() ? row.locked_until : null;
}
