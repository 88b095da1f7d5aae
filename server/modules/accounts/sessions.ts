import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { signAccessToken, verifyAccessToken } from "../../auth/token.ts";
import type { DB } from "../../db/schema.ts";
import { setMemberSession } from "../../http/sessionCookies.ts";
import { SESSION_TTL_SECONDS, sessionsEnded } from "../../kernel/sessions.ts";

/**
 * Member sessions: created at sign-up, login and LINE login, revoked at logout, a lock, a suspension, a PIN reset
 * or change (docs/security.md "Sessions, locks and LINE"). Every revocation tells `sessionsEnded` once committed,
 * so the ended sessions' sockets close at once in every process.
 */

// The read path (tokens, session rows, who is calling) is the kernel's: server/kernel/sessions.ts.
export {
  type AuthenticatedMember,
  authenticateToken,
  LAST_SEEN_WRITE_SECONDS,
  liveSession,
  onSessionsEnded,
  optionalMember,
  requireMember,
  SESSION_IDLE_SECONDS,
  SESSION_TTL_SECONDS,
  sessionsEnded,
  touchSession,
} from "../../kernel/sessions.ts";

export async function createSession(
  db: Kysely<DB>,
  secret: string,
  member: { id: bigint; uuid: string; status: number },
  context: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<string> {
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  const session = await db
    .insertInto("sessions")
    .values({
      member_id: member.id,
      expires_at: expiresAt,
      user_agent: context.userAgent?.slice(0, 300) ?? null,
      ip: context.ip ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return signAccessToken({ sub: member.uuid, sid: session.id, status: member.status }, secret, {
    ttlSeconds: SESSION_TTL_SECONDS,
  });
}

/**
 * Logs the member in on the browser that asked (sign-up, login, LINE): a new session whose token goes only into
 * the HttpOnly session cookie (the product first sent it in an `auth` response header, which any script could
 * read; docs/security.md "Where the tokens live"), with the non-secret hint beside it.
 */
export async function startMemberSession(
  db: Kysely<DB>,
  secret: string,
  member: { id: bigint; uuid: string; status: number },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = await createSession(db, secret, member, {
    userAgent: request.headers["user-agent"],
    ip: request.ip,
  });
  setMemberSession(request, reply, token, {
    uuid: member.uuid,
    status: member.status,
    exp: verifyAccessToken(token, secret).exp,
    maxAgeSeconds: SESSION_TTL_SECONDS,
  });
}

export async function revokeSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
  await sessionsEnded(db, [sessionId]);
}

/**
 * Revokes the member's sessions (all, or all but one) and returns their ids. Inside a transaction, pass the
 * ids to `sessionsEnded` with the root database once it has committed, so their sockets close at once.
 */
export async function revokeMemberSessions(
  db: Kysely<DB>,
  memberId: bigint,
  exceptSessionId?: string,
): Promise<string[]> {
  let query = db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where("member_id", "=", memberId)
    .where("revoked_at", "is", null);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  const rows = await query.returning("id").execute();
  const ids = rows.map((r) => r.id);
  if (!db.isTransaction) await sessionsEnded(db, ids);
  return ids;
}
