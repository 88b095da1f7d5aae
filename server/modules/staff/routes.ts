import { createHmac } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as v from "valibot";
import { LoginSchema } from "../../../src/domain/account.ts";
import { integer, text } from "../../../src/domain/text.ts";
import { verifyAgainstDummy, verifyPassword } from "../../auth/password.ts";
import { hitRateLimit, type RateLimitRule, releaseRateLimit } from "../../auth/rateLimit.ts";
import { signAccessToken, TokenError, verifyAccessToken } from "../../auth/token.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { StaffTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import {
  clearStaffSession,
  refuseSessionCookie,
  sessionCredential,
  setStaffSession,
} from "../../http/sessionCookies.ts";
import { parseWith } from "../../http/validate.ts";
import { clearedLock } from "../accounts/loginLock.ts";
import { revokeMemberSessions, sessionsEnded, touchSession } from "../accounts/sessions.ts";
import { audit } from "./audit.ts";

export type StaffRole = StaffTable["role"];

const EVERY_ROLE = ["staff", "administrator", "super_admin"] as const;
const ADMINISTRATORS = ["administrator", "super_admin"] as const;

/**
 * The one table of back-office rights (docs/staff-roles.md is its matrix): each permission, the roles that hold
 * it, and the endpoints that require it. `requireStaff(request, permission)` refuses a role without it, and
 * refuses everyone on an endpoint not listed under it, so a new staff route does nothing until it is added here
 * (server/modules/staff/permissions.test.ts walks every staff route with every role against this table).
 * `proposals.*` rights have no endpoint of their own: they say who may confirm a second-person proposal of that
 * kind (server/modules/wallet/fourEyes.ts); the confirmer is never the proposer.
 */
export const STAFF_PERMISSIONS = {
  "members.read": {
    roles: EVERY_ROLE,
    endpoints: [
      "POST /api/staff/logout",
      "GET /api/staff/members",
      "GET /api/staff/security-events",
      "GET /api/staff/proposals",
      "POST /api/staff/proposals.confirm",
      "POST /api/staff/proposals.reject",
    ],
  },
  "members.unlock": { roles: EVERY_ROLE, endpoints: ["POST /api/staff/members.unlock"] },
  // A member's name is frozen once a bank account is verified; only administrators correct it (audited).
  "members.status": {
    roles: ADMINISTRATORS,
    endpoints: ["POST /api/staff/members.status", "POST /api/staff/members.rename"],
  },
  // Deposits: approve as requested (at once up to the four-eyes threshold), reject, pair bank transfers, propose
  // an override; the receiving accounts are only read here.
  "deposits.decide": {
    roles: EVERY_ROLE,
    endpoints: [
      "GET /api/staff/deposits",
      "POST /api/staff/deposits.approve",
      "POST /api/staff/deposits.reject",
      "GET /api/staff/statement-lines",
      "POST /api/staff/statement-lines.assign",
    ],
  },
  "withdrawals.decide": {
    roles: ADMINISTRATORS,
    endpoints: [
      "GET /api/staff/withdrawals",
      "POST /api/staff/withdrawals.pay",
      "POST /api/staff/withdrawals.review",
      "POST /api/staff/withdrawals.reject",
    ],
  },
  "banks.verify": {
    roles: EVERY_ROLE,
    endpoints: ["GET /api/staff/member-banks", "POST /api/staff/member-banks.verify"],
  },
  "members.adjust": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/members.adjust"] },
  "site.money": {
    roles: ADMINISTRATORS,
    endpoints: [
      "GET /api/staff/receiving-accounts",
      "POST /api/staff/receiving-accounts.save",
      "GET /api/staff/ledger.check",
    ],
  },
  "lotto.read": {
    roles: EVERY_ROLE,
    endpoints: [
      "GET /api/staff/lotto/restrictions",
      "GET /api/staff/lotto/results",
      "GET /api/staff/lotto/shortfalls",
    ],
  },
  "lotto.restrict": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/lotto/restrictions.set"] },
  "lotto.close": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/lotto/rounds.close"] },
  // Results: enter, confirm (someone else's entry), reject; cancelling a round refunds every waiting slip.
  "lotto.results": {
    roles: EVERY_ROLE,
    endpoints: [
      "POST /api/staff/lotto/results.propose",
      "POST /api/staff/lotto/results.confirm",
      "POST /api/staff/lotto/results.reject",
    ],
  },
  "lotto.cancel": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/lotto/rounds.cancel"] },
  // Games money (docs/games-api.md "Back office"): a member's game transactions and the providers' callbacks, for
  // reconciliation, and the shortfalls of rolled-back wins; corrections are proposals a second administrator
  // confirms.
  "games.read": {
    roles: EVERY_ROLE,
    endpoints: ["GET /api/staff/games/transactions", "GET /api/staff/games/shortfalls"],
  },
  "games.adjust": { roles: ADMINISTRATORS, endpoints: ["POST /api/staff/games/adjust"] },
  // Who confirms what another staff member proposed (four eyes).
  "proposals.deposit.approve": { roles: EVERY_ROLE, endpoints: [] },
  "proposals.deposit.override": { roles: ADMINISTRATORS, endpoints: [] },
  "proposals.withdrawal.pay": { roles: ADMINISTRATORS, endpoints: [] },
  "proposals.member.adjust": { roles: ADMINISTRATORS, endpoints: [] },
  "proposals.member-bank.verify": { roles: EVERY_ROLE, endpoints: [] },
  // Where members are told to send deposits: a second administrator confirms every addition or change.
  "proposals.receiving-account.save": { roles: ADMINISTRATORS, endpoints: [] },
  // A game money correction (GAME_ADD / GAME_DEDUCT): a second administrator confirms every one.
  "proposals.game.adjust": { roles: ADMINISTRATORS, endpoints: [] },
} as const satisfies Record<string, { roles: readonly StaffRole[]; endpoints: readonly string[] }>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

/** Staff endpoints anyone may call: logging in. Every other /api/staff route is in STAFF_PERMISSIONS. */
export const PUBLIC_STAFF_ENDPOINTS: readonly string[] = ["POST /api/staff/login"];

/** Whether a role holds a permission of the table. */
export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission].roles as readonly string[]).includes(role);
}

/** "POST /api/staff/x" for the route a request matched (HEAD is the GET route's). */
function endpointOf(request: FastifyRequest): string {
  const method = request.method === "HEAD" ? "GET" : request.method;
  return `${method} ${request.routeOptions.url ?? request.url}`;
}

export const STAFF_SESSION_TTL_SECONDS = 8 * 60 * 60;
/** A back-office session also ends after 30 minutes without a request: a desk left open moves no money. */
export const STAFF_SESSION_IDLE_SECONDS = 30 * 60;
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

const MemberRef = v.object({ uuid: v.pipe(text(40), v.uuid("requestInvalid")) });
const StatusChange = v.object({
  uuid: v.pipe(text(40), v.uuid("requestInvalid")),
  status: integer(0, 4),
});
const MemberSearch = v.object({
  q: v.optional(v.pipe(text(100), v.trim(), v.maxLength(50)), ""),
  limit: v.optional(integer(1, 100), 20),
});

/** Resolves the staff member behind a request and checks one permission (401 / 403 otherwise). */
export function staffAuthenticator(deps: { config: Config; database: Database }) {
  const { db } = deps.database;
  const secret = staffTokenSecret(deps.config.sessionSecret);
  return async function requireStaff(
    request: FastifyRequest,
    permission: StaffPermission,
  ): Promise<StaffPrincipal> {
    const credential = sessionCredential(request, "staff");
    const unauthorized = () => {
      // A refused staff cookie is cleared by the answer (the member's cookie, if any, is left alone).
      if (credential?.via === "cookie") refuseSessionCookie(request, "staff");
      return new AppError(401, "UNAUTHORIZED", "unauthorised");
    };
    if (!credential) throw unauthorized();
    let sid: string;
    try {
      sid = verifyAccessToken(credential.token, secret).sid;
    } catch (err) {
      if (err instanceof TokenError) throw unauthorized();
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
    if (!row?.active) throw unauthorized();
    await touchSession(db, "staff_sessions", row.sessionId);
    if (
      !roleMay(row.role, permission) ||
      !(STAFF_PERMISSIONS[permission].endpoints as readonly string[]).includes(endpointOf(request))
    ) {
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
    clearStaffSession(request, reply);
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

  app.post("/api/staff/members.unlock", async (request) => {
    const staff = await requireStaff(request, "members.unlock");
    const { uuid } = parseWith(MemberRef, request.body);
    return db.transaction().execute(async (trx) => {
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
  });

  app.post("/api/staff/members.status", async (request) => {
    const staff = await requireStaff(request, "members.status");
    const { uuid, status } = parseWith(StatusChange, request.body);
    let ended: string[] = [];
    const result = await db.transaction().execute(async (trx) => {
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
  });
}
