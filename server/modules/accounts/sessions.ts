import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { canLogIn } from "../../../src/domain/access.ts";
import { type AccessClaims, signAccessToken, TokenError, verifyAccessToken } from "../../auth/token.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/** How long a login lasts. A session can be revoked at any moment before that (logout, lock, PIN change). */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
/** The response header that carries a new access token (SPEC.md section 7). */
export const AUTH_HEADER = "auth";

export interface AuthenticatedMember {
  memberId: bigint;
  uuid: string;
  sessionId: string;
  status: number;
}

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

const unauthorized = () => new AppError(401, "UNAUTHORIZED", "unauthorised");

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
    claims = verifyAccessToken(token, secret);
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
      "members.locked_at",
      "sessions.id as sessionId",
    ])
    .where("sessions.id", "=", claims.sid)
    .where("members.uuid", "=", claims.sub)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", new Date())
    .executeTakeFirst();
  if (!row || row.locked_at !== null || !canLogIn(row.status)) throw unauthorized();
  return { memberId: row.memberId, uuid: row.uuid, sessionId: row.sessionId, status: row.status };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export async function revokeSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function revokeMemberSessions(
  db: Kysely<DB>,
  memberId: bigint,
  exceptSessionId?: string,
): Promise<number> {
  let query = db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where("member_id", "=", memberId)
    .where("revoked_at", "is", null);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every member endpoint: a valid, unrevoked session of a member who may still log in. */
export async function requireMember(
  db: Kysely<DB>,
  secret: string,
  request: FastifyRequest,
): Promise<AuthenticatedMember> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  return authenticateToken(db, secret, token);
}
