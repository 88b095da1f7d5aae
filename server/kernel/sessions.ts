import { createHmac } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { canLogIn } from "../../src/domain/access.ts";
import { type AccessClaims, TokenError, verifyAccessToken } from "../auth/token.ts";
import type { DB, StaffTable } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { refuseSessionCookie, sessionCredential } from "../http/sessionCookies.ts";

/**
 * Who is calling: the read path of member and staff sessions (docs/security.md "Sessions, locks and LINE").
 * A token only says who signed it and until when; every request also checks the session row (not revoked, not
 * past its age, not idle too long) and the member's current status, so a logout, a lock or a suspension takes
 * effect on the very next request. Sessions are created and revoked by the accounts and staff modules.
 */

/** How long a login lasts at most. A session can be revoked at any moment before that (logout, lock, PIN change). */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
/**
 * A login also ends after this long without a request (ASVS 7.3.1; an hour, as for NIST AAL2): a phone left
 * unlocked on a table is not a way into the wallet until the day is over.
 */
export const SESSION_IDLE_SECONDS = 60 * 60;
/** Use is written at most this often per session, so a busy member costs one write a minute, not one a request. */
export const LAST_SEEN_WRITE_SECONDS = 60;
export const STAFF_SESSION_TTL_SECONDS = 8 * 60 * 60;
/** A back-office session also ends after 30 minutes without a request: a desk left open moves no money. */
export const STAFF_SESSION_IDLE_SECONDS = 30 * 60;

export interface AuthenticatedMember {
  memberId: bigint;
  uuid: string;
  sessionId: string;
  status: number;
}

export type StaffRole = StaffTable["role"];

export interface StaffPrincipal {
  id: bigint;
  userName: string;
  role: StaffRole;
  sessionId: string;
}

const unauthorized = () => new AppError(401, "UNAUTHORIZED", "unauthorised");

/** Staff tokens use a key derived for staff only, so a member token can never pass as a staff token. */
export function staffTokenSecret(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("lottoup-staff-tokens").digest("base64url");
}

/** Not revoked, not past its age, not idle too long. Also what the socket sweep keeps connected. */
export function liveSession(eb: ExpressionBuilder<DB, "sessions">) {
  return eb.and([
    eb("sessions.revoked_at", "is", null),
    eb("sessions.expires_at", ">", new Date()),
    eb("sessions.last_seen_at", ">", new Date(Date.now() - SESSION_IDLE_SECONDS * 1000)),
  ]);
}

/** Records use of a member or staff session, at most once a minute (the condition makes other calls no-ops). */
export async function touchSession(
  db: Kysely<DB>,
  table: "sessions" | "staff_sessions",
  sessionId: string,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ last_seen_at: sql`now()` })
    .where("id", "=", sessionId)
    .where("last_seen_at", "<", sql<Date>`now() - make_interval(secs => ${LAST_SEEN_WRITE_SECONDS})`)
    .execute();
}

/**
 * Resolves a token to the member behind it, checking the signature and expiry, then the session row (not
 * revoked, not expired) and the member's current status, so logout, lock and status changes take effect
 * on the very next request.
 */
export async function authenticateToken(
  db: Kysely<DB>,
  secret: string,
  token: string,
): Promise<AuthenticatedMember> {
  let claims: AccessClaims;
  try {
    claims = await verifyAccessToken(token, secret);
  } catch (err) {
    if (err instanceof TokenError) throw unauthorized();
    throw err;
  }
  const row = await db
    .selectFrom("sessions")
    .innerJoin("members", "members.id", "sessions.member_id")
    .select([
      "members.id as memberId",
      "members.uuid",
      "members.status",
      "members.locked_until",
      "sessions.id as sessionId",
    ])
    .where("sessions.id", "=", claims.sid)
    .where("members.uuid", "=", claims.sub)
    .where(liveSession)
    .executeTakeFirst();
  if (!row || !canLogIn(row.status)) throw unauthorized();
  // Tokens issued before a lock were revoked with it; this also refuses any issued while one runs.
  if (row.locked_until !== null && row.locked_until > new Date()) throw unauthorized();
  await touchSession(db, "sessions", row.sessionId);
  return { memberId: row.memberId, uuid: row.uuid, sessionId: row.sessionId, status: row.status };
}

/**
 * Every member endpoint: a valid, unrevoked session of a member who may still log in, from the session cookie
 * (or an `Authorization: Bearer` header from a client that is not a browser). A refused cookie is cleared by
 * the answer.
 */
export async function requireMember(
  db: Kysely<DB>,
  secret: string,
  request: FastifyRequest,
): Promise<AuthenticatedMember> {
  const credential = sessionCredential(request, "member");
  if (!credential) throw unauthorized();
  try {
    return await authenticateToken(db, secret, credential.token);
  } catch (err) {
    if (credential.via === "cookie" && err instanceof AppError && err.status === 401) {
      refuseSessionCookie(request, "member");
    }
    throw err;
  }
}

/** The member behind the request's session, or null (a guest, or a session that is no longer valid). */
export async function optionalMember(
  db: Kysely<DB>,
  secret: string,
  request: FastifyRequest,
): Promise<AuthenticatedMember | null> {
  try {
    return await requireMember(db, secret, request);
  } catch (err) {
    if (err instanceof AppError && err.status === 401) return null;
    throw err;
  }
}

/**
 * The staff member behind a request: an active staff session (401 otherwise, and a refused staff cookie is
 * cleared by the answer; the member's cookie, if any, is left alone). Which permission the route needs is
 * checked by the caller (server/kernel/access.ts).
 */
export async function authenticateStaff(
  db: Kysely<DB>,
  sessionSecret: string,
  request: FastifyRequest,
): Promise<StaffPrincipal> {
  const credential = sessionCredential(request, "staff");
  const refused = () => {
    if (credential?.via === "cookie") refuseSessionCookie(request, "staff");
    return unauthorized();
  };
  if (!credential) throw refused();
  let sid: string;
  try {
    sid = (await verifyAccessToken(credential.token, staffTokenSecret(sessionSecret))).sid;
  } catch (err) {
    if (err instanceof TokenError) throw refused();
    throw err;
  }
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff", "staff.id", "staff_sessions.staff_id")
    .select(["staff.id", "staff.user_name", "staff.role", "staff.active", "staff_sessions.id as sessionId"])
    .where("staff_sessions.id", "=", sid)
    .where("staff_sessions.revoked_at", "is", null)
    .where("staff_sessions.expires_at", ">", new Date())
    .where("staff_sessions.last_seen_at", ">", new Date(Date.now() - STAFF_SESSION_IDLE_SECONDS * 1000))
    .executeTakeFirst();
  if (!row?.active) throw refused();
  await touchSession(db, "staff_sessions", row.sessionId);
  return { id: row.id, userName: row.user_name, role: row.role, sessionId: row.sessionId };
}

type SessionsEndedListener = (sessionIds: string[]) => Promise<void>;
const endedListeners = new WeakMap<Kysely<DB>, Set<SessionsEndedListener>>();

/** Called with the ids of sessions that just ended (the app closes their sockets, in every process). */
export function onSessionsEnded(db: Kysely<DB>, listener: SessionsEndedListener): () => void {
  const set = endedListeners.get(db) ?? new Set();
  set.add(listener);
  endedListeners.set(db, set);
  return () => set.delete(listener);
}

/** Tells the listeners that these sessions ended; call it after the revocation has committed. */
export async function sessionsEnded(db: Kysely<DB>, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  for (const listener of endedListeners.get(db) ?? []) {
    try {
      await listener(sessionIds);
    } catch {
      // Closing sockets is best effort: the session row is already revoked and the sweep closes the rest.
    }
  }
}
