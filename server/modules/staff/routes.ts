import { createHmac } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as v from "valibot";
import { LoginSchema } from "../../../src/domain/account.ts";
import { verifyAgainstDummy, verifyPassword } from "../../auth/password.ts";
import { hitRateLimit, peekRateLimit, type RateLimitRule } from "../../auth/rateLimit.ts";
import { signAccessToken, TokenError, verifyAccessToken } from "../../auth/token.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { StaffTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { bearerToken, revokeMemberSessions } from "../accounts/sessions.ts";
import { audit } from "./audit.ts";

export type StaffRole = StaffTable["role"];

/** What each back-office role may do. Staff: look up members and unlock them; administrators also set statuses. */
export const STAFF_PERMISSIONS = {
  "members.read": ["staff", "administrator", "super_admin"],
  "members.unlock": ["staff", "administrator", "super_admin"],
  "members.status": ["administrator", "super_admin"],
  "deposits.decide": ["staff", "administrator", "super_admin"],
  "withdrawals.decide": ["administrator", "super_admin"],
  "banks.verify": ["staff", "administrator", "super_admin"],
  "members.adjust": ["administrator", "super_admin"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export const STAFF_SESSION_TTL_SECONDS = 8 * 60 * 60;
/** Failed back-office logins allowed per address and per account in 15 minutes. */
export const STAFF_LOGIN_FAILURES: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

export interface StaffPrincipal {
  id: bigint;
  userName: string;
  role: StaffRole;
  sessionId: string;
}

/** Staff tokens use a key derived for staff only, so a member token can never pass as a staff token. */
export function staffTokenSecret(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("lottoup-staff-tokens").digest("base64url");
}

const MemberRef = v.object({ uuid: v.pipe(v.string("requestInvalid"), v.uuid("requestInvalid")) });
const StatusChange = v.object({
  uuid: v.pipe(v.string("requestInvalid"), v.uuid("requestInvalid")),
  status: v.pipe(
    v.number("requestInvalid"),
    v.integer("requestInvalid"),
    v.minValue(0, "requestInvalid"),
    v.maxValue(4, "requestInvalid"),
  ),
});
const MemberSearch = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ""),
  limit: v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.integer(),
      v.minValue(1),
      v.maxValue(100),
    ),
    20,
  ),
});

/** Resolves the staff member behind a request and checks one permission (401 / 403 otherwise). */
export function staffAuthenticator(deps: { config: Config; database: Database }) {
  const { db } = deps.database;
  const secret = staffTokenSecret(deps.config.sessionSecret);
  return async function requireStaff(
    request: FastifyRequest,
    permission: StaffPermission,
  ): Promise<StaffPrincipal> {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, "UNAUTHORIZED", "unauthorised");
    let sid: string;
    try {
      sid = verifyAccessToken(token, secret).sid;
    } catch (err) {
      if (err instanceof TokenError) throw new AppError(401, "UNAUTHORIZED", "unauthorised");
      throw err;
    }
    const row = await db
      .selectFrom("staff_sessions")
      .innerJoin("staff", "staff.id", "staff_sessions.staff_id")
      .select(["staff.id", "staff.user_name", "staff.role", "staff.active", "staff_sessions.id as sessionId"])
      .where("staff_sessions.id", "=", sid)
      .where("staff_sessions.revoked_at", "is", null)
      .where("staff_sessions.expires_at", ">", new Date())
      .executeTakeFirst();
    if (!row?.active) throw new AppError(401, "UNAUTHORIZED", "unauthorised");
    if (!(STAFF_PERMISSIONS[permission] as readonly string[]).includes(row.role)) {
      throw new AppError(403, "FORBIDDEN", "Sorry, access denied.");
    }
    return { id: row.id, userName: row.user_name, role: row.role, sessionId: row.sessionId };
  };
}

export const actorOf = (s: StaffPrincipal) => `staff:${s.id}:${s.userName}`;

export async function staffRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const { db } = deps.database;
  const secret = staffTokenSecret(deps.config.sessionSecret);
  const requireStaff = staffAuthenticator(deps);

  app.post("/api/staff/login", async (request, reply) => {
    const { userName, password } = parseWith(LoginSchema, request.body);
    // Guessing is what the limits stop: failed attempts count, per address and per account, and a 429 comes
    // before the password is even checked. A staff member logging in again and again is not guessing.
    const buckets = [`staff-login:ip:${request.ip}`, `staff-login:user:${userName}`];
    for (const bucket of buckets) {
      if (!(await peekRateLimit(db, bucket, STAFF_LOGIN_FAILURES)).allowed)
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
      for (const bucket of buckets) await hitRateLimit(db, bucket, STAFF_LOGIN_FAILURES);
      throw new AppError(401, "INVALID_CREDENTIALS", "Invalid username or password.");
    }
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
    reply.header(
      "auth",
      signAccessToken({ sub: String(staff.id), sid: session.id, status: 0 }, secret, {
        ttlSeconds: STAFF_SESSION_TTL_SECONDS,
      }),
    );
    return { userName: staff.user_name, role: staff.role };
  });

  app.post("/api/staff/logout", async (request) => {
    const staff = await requireStaff(request, "members.read");
    await db
      .updateTable("staff_sessions")
      .set({ revoked_at: new Date() })
      .where("id", "=", staff.sessionId)
      .execute();
    return { ok: true };
  });

  app.get("/api/staff/members", async (request) => {
    await requireStaff(request, "members.read");
    const { q, limit } = parseWith(MemberSearch, request.query);
    let query = db
      .selectFrom("members")
      .select([
        "uuid",
        "user_name",
        "name",
        "phone_number",
        "status",
        "locked_at",
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
        locked: m.locked_at !== null,
        failedLoginCount: m.failed_login_count,
        createdAt: m.created_at.toISOString(),
      })),
    };
  });

  app.post("/api/staff/members.unlock", async (request) => {
    const staff = await requireStaff(request, "members.unlock");
    const { uuid } = parseWith(MemberRef, request.body);
    return db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("members")
        .select(["id", "locked_at", "failed_login_count"])
        .where("uuid", "=", uuid)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError(404, "NOT_FOUND", "Member not found");
      await trx
        .updateTable("members")
        .set({ locked_at: null, failed_login_count: 0, updated_at: new Date() })
        .where("id", "=", before.id)
        .execute();
      await audit(trx, {
        actor: actorOf(staff),
        action: "member.unlock",
        subject: `member:${uuid}`,
        before: { locked: before.locked_at !== null, failedLoginCount: before.failed_login_count },
        after: { locked: false, failedLoginCount: 0 },
      });
      return { ok: true };
    });
  });

  app.post("/api/staff/members.status", async (request) => {
    const staff = await requireStaff(request, "members.status");
    const { uuid, status } = parseWith(StatusChange, request.body);
    return db.transaction().execute(async (trx) => {
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
      const signedOut = status === 1 ? await revokeMemberSessions(trx, before.id) : 0;
      await audit(trx, {
        actor: actorOf(staff),
        action: "member.status",
        subject: `member:${uuid}`,
        before: { status: before.status },
        after: { status, signedOut },
      });
      return { ok: true, status };
    });
  });
}
