import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { LoginSchema } from "../../../src/domain/account.ts";
import { integer, text } from "../../../src/domain/text.ts";
import { verifyAgainstDummy, verifyPassword } from "../../auth/password.ts";
import { hitRateLimit, type RateLimitRule, releaseRateLimit } from "../../auth/rateLimit.ts";
import { signAccessToken } from "../../auth/token.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { clearStaffSession, setStaffSession } from "../../http/sessionCookies.ts";
import { parseWith } from "../../http/validate.ts";
import { actorOf, admitStaff, staffAccess, staffOf } from "../../kernel/access.ts";
import { inTransaction } from "../../kernel/db.ts";
import { STAFF_SESSION_TTL_SECONDS, staffTokenSecret } from "../../kernel/sessions.ts";
import { clearedLock } from "../accounts/loginLock.ts";
import { revokeMemberSessions, sessionsEnded } from "../accounts/sessions.ts";
import { audit } from "./audit.ts";

/** Failed back-office logins allowed per address and per account in 15 minutes. */
export const STAFF_LOGIN_FAILURES: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

const MemberRef = v.object({ uuid: v.pipe(text(40), v.uuid("requestInvalid")) });
const StatusChange = v.object({
  uuid: v.pipe(text(40), v.uuid("requestInvalid")),
  status: integer(0, 4),
});
const MemberSearch = v.object({
  q: v.optional(v.pipe(text(100), v.trim(), v.maxLength(50)), ""),
  limit: v.optional(integer(1, 100), 20),
});

export async function staffRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const { db } = deps.database;
  const secret = staffTokenSecret(deps.config.sessionSecret);

  app.post("/api/staff/login", async (request, reply) => {
    const { userName, password } = parseWith(LoginSchema, request.body);
    // Guessing is what the limits stop: failed attempts count, per address and per account, and a 429 comes
    // before the password is even checked. Each attempt takes its slot first (one atomic statement) and a
    // successful one gives it back, so concurrent guesses cannot all pass a check made before any of them
    // counted. A staff member logging in again and again is not guessing.
    const buckets = [`staff-login:ip:${request.ip}`, `staff-login:user:${userName}`];
    const attemptedAt = new Date();
    for (const bucket of buckets) {
      if (!(await hitRateLimit(db, bucket, STAFF_LOGIN_FAILURES, attemptedAt)).allowed)
        throw new AppError(429, "RATE_LIMITED", "Too many attempts. Please wait and try again.");
    }
    const staff = await db
      .selectFrom("staff")
      .selectAll()
      .where("user_name", "=", userName)
      .executeTakeFirst();
    const ok = staff
      ? await verifyPassword(password, staff.password_hash)
      : await verifyAgainstDummy(password);
    if (!staff || !ok || !staff.active) {
      throw new AppError(401, "INVALID_CREDENTIALS", "Invalid username or password.");
    }
    for (const bucket of buckets) await releaseRateLimit(db, bucket, STAFF_LOGIN_FAILURES, attemptedAt);
    const session = await db
      .insertInto("staff_sessions")
      .values({ staff_id: staff.id, expires_at: new Date(Date.now() + STAFF_SESSION_TTL_SECONDS * 1000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(db, {
      actor: `staff:${staff.id}:${staff.user_name}`,
      action: "staff.login",
      subject: `staff:${staff.user_name}`,
    });
    // The token goes only into the HttpOnly staff cookie (docs/security.md "Where the tokens live").
    setStaffSession(
      request,
      reply,
      signAccessToken({ sub: String(staff.id), sid: session.id, status: 0 }, secret, {
        ttlSeconds: STAFF_SESSION_TTL_SECONDS,
      }),
    );
    return { userName: staff.user_name, role: staff.role };
  });

  app.post("/api/staff/logout", async (request, reply) => {
    // This browser's staff session ends whatever the answer (also for a session the server already ended).
    clearStaffSession(request, reply);
    const staff = await admitStaff(db, deps.config.sessionSecret, request, "members.read");
    await db
      .updateTable("staff_sessions")
      .set({ revoked_at: new Date() })
      .where("id", "=", staff.sessionId)
      .execute();
    return { ok: true };
  });

  app.get("/api/staff/members", { config: { access: staffAccess("members.read") } }, async (request) => {
    const { q, limit } = parseWith(MemberSearch, request.query);
    let query = db
      .selectFrom("members")
      .select([
        "uuid",
        "user_name",
        "name",
        "phone_number",
        "status",
        "locked_until",
        "failed_login_count",
        "created_at",
      ])
      .orderBy("created_at", "desc")
      .limit(limit);
    if (q) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb("user_name", "ilike", pattern),
          eb("phone_number", "like", pattern),
          eb("name", "ilike", pattern),
        ]),
      );
    }
    const rows = await query.execute();
    return {
      members: rows.map((m) => ({
        uuid: m.uuid,
        userName: m.user_name,
        name: m.name,
        phoneNumber: m.phone_number,
        status: m.status,
        locked: m.locked_until !== null && m.locked_until > new Date(),
        failedLoginCount: m.failed_login_count,
        createdAt: m.created_at.toISOString(),
      })),
    };
  });

  app.post(
    "/api/staff/members.unlock",
    { config: { access: staffAccess("members.unlock") } },
    async (request) => {
      const staff = staffOf(request);
      const { uuid } = parseWith(MemberRef, request.body);
      return inTransaction(db, async (trx) => {
        const before = await trx
          .selectFrom("members")
          .select(["id", "locked_until", "failed_login_count"])
          .where("uuid", "=", uuid)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError(404, "NOT_FOUND", "Member not found");
        await trx
          .updateTable("members")
          .set({ ...clearedLock(), updated_at: new Date() })
          .where("id", "=", before.id)
          .execute();
        await audit(trx, {
          actor: actorOf(staff),
          action: "member.unlock",
          subject: `member:${uuid}`,
          before: {
            locked: before.locked_until !== null && before.locked_until > new Date(),
            failedLoginCount: before.failed_login_count,
          },
          after: { locked: false, failedLoginCount: 0 },
        });
        return { ok: true };
      });
    },
  );

  app.post(
    "/api/staff/members.status",
    { config: { access: staffAccess("members.status") } },
    async (request) => {
      const staff = staffOf(request);
      const { uuid, status } = parseWith(StatusChange, request.body);
      let ended: string[] = [];
      const result = await inTransaction(db, async (trx) => {
        const before = await trx
          .selectFrom("members")
          .select(["id", "status"])
          .where("uuid", "=", uuid)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError(404, "NOT_FOUND", "Member not found");
        await trx
          .updateTable("members")
          .set({ status, updated_at: new Date() })
          .where("id", "=", before.id)
          .execute();
        // Suspension ends every session at once (the status is also checked on every request).
        ended = status === 1 ? await revokeMemberSessions(trx, before.id) : [];
        const signedOut = ended.length;
        await audit(trx, {
          actor: actorOf(staff),
          action: "member.status",
          subject: `member:${uuid}`,
          before: { status: before.status },
          after: { status, signedOut },
        });
        return { ok: true, status };
      });
      // After the commit: the suspended member's open sockets close now, not at the next sweep.
      await sessionsEnded(db, ended);
      return result;
    },
  );
}
