import type { Kysely } from "kysely";
import { isValidPassword } from "../../../src/domain/account.ts";
import { verifyAgainstDummy, verifyPassword } from "../../auth/password.ts";
import { enforceRateLimit } from "../../auth/rateLimit.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { inTransaction } from "../../kernel/db.ts";
import { activeLock, LOGIN_ATTEMPT_LIMIT, loginLockedError, recordWrongPin } from "./loginLock.ts";
import { RATE_LIMITS } from "./routes.ts";
import { type RequestContext, recordFailedPin } from "./securityEvents.ts";
import { revokeMemberSessions } from "./sessions.ts";

/** The PIN a request confirms a change with: the body's `pin` field (kept apart from the change's own fields). */
export const pinOf = (body: unknown): unknown =>
  typeof body === "object" && body !== null ? (body as { pin?: unknown }).pin : undefined;

/**
 * "Confirm with your PIN": the one check every account change that could hand the account or its money to
 * someone else goes through (name, phone number, a new bank account, a new login method such as LINE). A stolen
 * access token alone is then not enough: the thief must also know the PIN.
 *
 * A wrong PIN counts exactly like a wrong PIN at login (the same counter and lock, so the PIN cannot be guessed
 * here instead of at the login form), is recorded in the member's security events, and is rate limited per
 * member like login. Throws a 4xx AppError when the change must not go ahead; returns when it may.
 */
export async function confirmWithPin(
  db: Kysely<DB>,
  memberId: bigint,
  pin: unknown,
  context: RequestContext,
): Promise<void> {
  if (typeof pin !== "string" || pin === "") {
    throw new AppError(400, "PIN_REQUIRED", "Please enter your PIN to confirm this change.");
  }
  await enforceRateLimit(db, `pin-confirm:member:${memberId}`, RATE_LIMITS.loginPerUser);
  const running = await activeLock(db, memberId);
  if (running) {
    await verifyAgainstDummy(pin.slice(0, 100));
    throw loginLockedError(running);
  }
  const member = await db
    .selectFrom("members")
    .select(["password_hash", "failed_login_count"])
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  const ok =
    pin.length <= 100 && isValidPassword(pin)
      ? await verifyPassword(pin, member.password_hash)
      : await verifyAgainstDummy(pin.slice(0, 100));
  if (ok) {
    // Like a successful login, the right PIN ends the run of wrong ones (the lock history stays).
    if (member.failed_login_count > 0)
      await db.updateTable("members").set({ failed_login_count: 0 }).where("id", "=", memberId).execute();
    return;
  }
  const outcome = await inTransaction(db, async (trx) => {
    const wrong = await recordWrongPin(trx, memberId);
    await recordFailedPin(
      trx,
      memberId,
      { locked: wrong.locked && wrong.newLock, where: "confirm" },
      context,
    );
    const counted = await trx
      .selectFrom("members")
      .select("failed_login_count")
      .where("id", "=", memberId)
      .executeTakeFirstOrThrow();
    return { wrong, failures: counted.failed_login_count };
  });
  if (outcome.wrong.locked) {
    // As at login: a new lock signs the account out everywhere, the thief's session included.
    if (outcome.wrong.newLock) await revokeMemberSessions(db, memberId);
    throw loginLockedError(outcome.wrong.lockedUntil);
  }
  const attemptsLeft = Math.max(0, LOGIN_ATTEMPT_LIMIT - outcome.failures);
  throw new AppError(
    400,
    "PIN_WRONG",
    `Your PIN is not correct. ${attemptsLeft} more wrong PINs lock the account for a while.`,
    { attemptsLeft },
  );
}
