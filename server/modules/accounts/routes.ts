import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { canLogIn } from "../../../src/domain/access.ts";
import {
  ChangePasswordSchema,
  ForgotPasswordRequestSchema,
  ForgotPasswordResetSchema,
  isValidPassword,
  isValidUsername,
  LoginSchema,
  normalizePhoneNumber,
  PhoneNumberUpdateSchema,
  ProfileUpdateSchema,
  SignupSchema,
} from "../../../src/domain/account.ts";
import { resolveUserLocale } from "../../../src/domain/locale.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../auth/password.ts";
import { hitRateLimit, type RateLimitRule } from "../../auth/rateLimit.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import type { CaptchaVerifier } from "../../providers/captcha.ts";
import type { SmsProvider } from "../../providers/sms.ts";
import { userInfo as memberUserInfo, newAfSlug, resolveAttribution } from "./members.ts";
import {
  AUTH_HEADER,
  type AuthenticatedMember,
  createSession,
  requireMember as requireMemberSession,
  revokeMemberSessions,
  revokeSession,
} from "./sessions.ts";

/** SPEC.md section 9. */
export const LOGIN_ATTEMPT_LIMIT = 5;
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;

export const RATE_LIMITS = {
  // Per-IP limits stay generous: Thai mobile carriers put many players behind one address (CGNAT).
  loginPerIp: { limit: 60, windowSeconds: 15 * 60 },
  loginPerUser: { limit: 10, windowSeconds: 15 * 60 },
  /** Failures for names that match no account "lock" like real ones, so a lock reveals nothing. */
  unknownUserFailures: { limit: LOGIN_ATTEMPT_LIMIT - 1, windowSeconds: 24 * 60 * 60 },
  /** The limit is SIGNUP_LIMIT_PER_IP (default 30). */
  signupPerIp: { limit: 30, windowSeconds: 60 * 60 },
  otpRequestPerPhone: { limit: 3, windowSeconds: 60 * 60 },
  otpRequestPerIp: { limit: 10, windowSeconds: 60 * 60 },
  otpCheckPerPhone: { limit: 10, windowSeconds: 60 * 60 },
  otpCheckPerIp: { limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

const INVALID_CREDENTIALS = () => new AppError(401, "INVALID_CREDENTIALS", "Invalid username or password.");
const LOGIN_LOCKED = () =>
  new AppError(423, "LOGIN_LOCKED", "Login Attempt Count Reach Limit, Please contact call center.");
const DATA_IS_NULL = () => new AppError(400, "DATA_IS_NULL", "data is null");

export interface AccountsDeps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  captcha: CaptchaVerifier;
  /** Called after logout revoked a session (real-time connections of it are closed). */
  onSessionRevoked?: (sessionId: string) => Promise<void>;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function newRefCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

export async function accountsRoutes(app: FastifyInstance, deps: AccountsDeps) {
  const { config, sms, captcha } = deps;

  /** SPEC.md section 8: 'cannot confirm reCaptcha with Google'. Only when reCAPTCHA is configured. */
  async function requireCaptcha(request: FastifyRequest, action: string) {
    if (!captcha.enabled) return;
    const token = (request.body as { recaptchaToken?: unknown } | undefined)?.recaptchaToken;
    const ok = await captcha.verify(typeof token === "string" ? token : undefined, request.ip, action);
    if (!ok) throw new AppError(400, "RECAPTCHA", "cannot confirm reCaptcha with Google");
  }
  const { db } = deps.database;

  async function limit(bucket: string, rule: RateLimitRule) {
    const result = await hitRateLimit(db, bucket, rule);
    if (!result.allowed) {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      throw new AppError(
        429,
        "RATE_LIMITED",
        `Too many attempts. Please wait ${minutes} minutes and try again.`,
      );
    }
  }

  /** Every authenticated endpoint: a valid, unrevoked session of a member who may still log in. */
  const requireMember = (request: FastifyRequest): Promise<AuthenticatedMember> =>
    requireMemberSession(db, config.sessionSecret, request);

  const sessionContext = (request: FastifyRequest) => ({
    userAgent: request.headers["user-agent"],
    ip: request.ip,
  });

  const userInfo = (memberId: bigint) => memberUserInfo(db, memberId);

  app.post("/api/users.signup", async (request, reply) => {
    const input = parseWith(SignupSchema, request.body);
    await limit(`signup:ip:${request.ip}`, { ...RATE_LIMITS.signupPerIp, limit: config.signupLimitPerIp });
    await requireCaptcha(request, "signup");
    const locale = resolveUserLocale(request.headers["x-locale"] as string | undefined);

    const { agentId, refUid, referredBy } = await resolveAttribution(db, locale, input);

    const passwordHash = await hashPassword(input.password);
    const created = await db
      .insertInto("members")
      .values({
        user_name: input.userName,
        password_hash: passwordHash,
        phone_number: input.phoneNumber,
        locale,
        agent_id: agentId,
        ref_uid: refUid,
        af_slug: newAfSlug(),
        referred_by: referredBy,
        refer_url: input.referUrl ?? null,
        register_from_domain: input.registerFromDomain ?? null,
        slug: input.slug ?? null,
        employee_slug: input.employeeSlug ?? null,
      })
      .onConflict((oc) => oc.column("user_name").doNothing())
      .returning(["id", "uuid", "status"])
      .executeTakeFirst();
    if (!created) throw new AppError(409, "USERNAME_TAKEN", "This username is already taken.");

    const token = await createSession(db, config.sessionSecret, created, sessionContext(request));
    reply.header(AUTH_HEADER, token);
    return reply.status(201).send({ userInfo: await userInfo(created.id) });
  });

  app.post("/api/users.login", async (request, reply) => {
    const { userName, password } = parseWith(LoginSchema, request.body);
    await limit(`login:ip:${request.ip}`, RATE_LIMITS.loginPerIp);
    await limit(`login:user:${userName}`, RATE_LIMITS.loginPerUser);
    await requireCaptcha(request, "login");

    const member = isValidUsername(userName)
      ? await db
          .selectFrom("members")
          .select(["id", "uuid", "status", "password_hash", "locked_at", "failed_login_count"])
          .where("user_name", "=", userName)
          .executeTakeFirst()
      : undefined;

    if (!member) {
      // Same work, same answers as for a real account, including the lock after the fifth failure.
      await verifyAgainstDummy(password);
      const failures = await hitRateLimit(
        db,
        `login-fail:unknown:${userName}`,
        RATE_LIMITS.unknownUserFailures,
      );
      throw failures.allowed ? INVALID_CREDENTIALS() : LOGIN_LOCKED();
    }
    if (member.locked_at) {
      await verifyAgainstDummy(password);
      throw LOGIN_LOCKED();
    }
    const ok = isValidPassword(password)
      ? await verifyPassword(password, member.password_hash)
      : await verifyAgainstDummy(password);
    if (!ok) {
      const updated = await db
        .updateTable("members")
        .set({
          failed_login_count: sql`failed_login_count + 1`,
          locked_at: sql`case when failed_login_count + 1 >= ${LOGIN_ATTEMPT_LIMIT} then now() else locked_at end`,
          updated_at: sql`now()`,
        })
        .where("id", "=", member.id)
        .returning(["locked_at"])
        .executeTakeFirstOrThrow();
      throw updated.locked_at ? LOGIN_LOCKED() : INVALID_CREDENTIALS();
    }
    if (!canLogIn(member.status)) throw new AppError(403, "ACCOUNT_SUSPENDED", "Sorry, access denied.");
    await db.updateTable("members").set({ failed_login_count: 0 }).where("id", "=", member.id).execute();
    const token = await createSession(db, config.sessionSecret, member, sessionContext(request));
    reply.header(AUTH_HEADER, token);
    return { userInfo: await userInfo(member.id) };
  });

  app.post("/api/users.auth", async (request) => {
    const member = await requireMember(request);
    return { userInfo: await userInfo(member.memberId) };
  });

  app.post("/api/users.logout", async (request) => {
    const member = await requireMember(request);
    await revokeSession(db, member.sessionId);
    await deps.onSessionRevoked?.(member.sessionId);
    return { ok: true };
  });

  app.get("/api/users-infos", async (request) => {
    const member = await requireMember(request);
    return userInfo(member.memberId);
  });

  app.post("/api/users-infos.update", async (request) => {
    const member = await requireMember(request);
    const input = parseWith(ProfileUpdateSchema, request.body);
    const changes = {
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.lineId !== undefined ? { line_id: input.lineId === "" ? null : input.lineId } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
    };
    if (Object.keys(changes).length === 0) throw DATA_IS_NULL();
    await db
      .updateTable("members")
      .set({ ...changes, updated_at: new Date() })
      .where("id", "=", member.memberId)
      .execute();
    const info = await userInfo(member.memberId);
    return { avatar: info.avatar, email: info.email, lineId: info.lineId, name: info.name };
  });

  app.post("/api/users.phone-number.update", async (request) => {
    const member = await requireMember(request);
    const body = (request.body ?? {}) as { phoneNumber?: unknown };
    if (body.phoneNumber === undefined || body.phoneNumber === null || body.phoneNumber === "")
      throw DATA_IS_NULL();
    const { phoneNumber } = parseWith(PhoneNumberUpdateSchema, body);
    await db
      .updateTable("members")
      .set({ phone_number: phoneNumber, updated_at: new Date() })
      .where("id", "=", member.memberId)
      .execute();
    return { phoneNumber };
  });

  app.post("/api/users.change-password", async (request) => {
    const member = await requireMember(request);
    const input = parseWith(ChangePasswordSchema, request.body);
    const signOutOthers = (request.body as { signOutOthers?: unknown }).signOutOthers === true;
    await limit(`change-password:member:${member.memberId}`, RATE_LIMITS.loginPerUser);
    const row = await db
      .selectFrom("members")
      .select("password_hash")
      .where("id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(input.oldPassword, row.password_hash))) {
      throw new AppError(400, "OLD_PASSWORD_WRONG", "Your current PIN is not correct.");
    }
    await db
      .updateTable("members")
      .set({ password_hash: await hashPassword(input.newPassword), updated_at: new Date() })
      .where("id", "=", member.memberId)
      .execute();
    const signedOut = signOutOthers ? await revokeMemberSessions(db, member.memberId, member.sessionId) : 0;
    return { ok: true, signedOut };
  });

  app.post("/api/users.forgot-password.otp", async (request) => {
    const { userName, phoneNumber } = parseWith(ForgotPasswordRequestSchema, request.body);
    await limit(`otp-request:ip:${request.ip}`, RATE_LIMITS.otpRequestPerIp);
    await limit(`otp-request:phone:${phoneNumber}`, RATE_LIMITS.otpRequestPerPhone);
    const refOtpCode = newRefCode();
    const member = await db
      .selectFrom("members")
      .select(["id"])
      .where("user_name", "=", userName)
      .where("phone_number", "=", phoneNumber)
      .executeTakeFirst();
    // Whether or not the pair matches an account, the answer is the same: a reference code.
    if (member) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("otp_requests")
          .set({ used_at: new Date() })
          .where("member_id", "=", member.id)
          .where("purpose", "=", "forgot-password")
          .where("used_at", "is", null)
          .execute();
        await trx
          .insertInto("otp_requests")
          .values({
            member_id: member.id,
            purpose: "forgot-password",
            ref_code: refOtpCode,
            code_hash: sha256(`${refOtpCode}:${code}`),
            expires_at: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
          })
          .execute();
      });
      await sms.send(
        phoneNumber,
        `LOTTOUP: your code is ${code} (ref ${refOtpCode}). It expires in 5 minutes. Never share it.`,
      );
    }
    return { refOtpCode, expiresInSeconds: OTP_TTL_SECONDS };
  });

  app.post("/api/users.forgot-password", async (request) => {
    const input = parseWith(ForgotPasswordResetSchema, request.body);
    await limit(`otp-check:ip:${request.ip}`, RATE_LIMITS.otpCheckPerIp);
    await limit(`otp-check:phone:${input.phoneNumber}`, RATE_LIMITS.otpCheckPerPhone);
    const invalid = () =>
      new AppError(400, "OTP_INVALID", "The code is wrong or has expired. Please request a new one.");
    const newHash = await hashPassword(input.newPassword);
    await db
      .transaction()
      .execute(async (trx) => {
        const otp = await trx
          .selectFrom("otp_requests")
          .innerJoin("members", "members.id", "otp_requests.member_id")
          .select([
            "otp_requests.id",
            "otp_requests.code_hash",
            "otp_requests.attempts",
            "otp_requests.expires_at",
            "members.id as memberId",
          ])
          .where("members.user_name", "=", input.userName)
          .where("members.phone_number", "=", input.phoneNumber)
          .where("otp_requests.ref_code", "=", input.refOtpCode)
          .where("otp_requests.purpose", "=", "forgot-password")
          .where("otp_requests.used_at", "is", null)
          .forUpdate()
          .executeTakeFirst();
        if (!otp || otp.expires_at <= new Date() || otp.attempts >= OTP_MAX_ATTEMPTS) throw invalid();
        const given = Buffer.from(sha256(`${input.refOtpCode}:${input.otpCode}`));
        if (!timingSafeEqual(given, Buffer.from(otp.code_hash))) {
          await trx
            .updateTable("otp_requests")
            .set({ attempts: otp.attempts + 1 })
            .where("id", "=", otp.id)
            .execute();
          return "wrong";
        }
        await trx.updateTable("otp_requests").set({ used_at: new Date() }).where("id", "=", otp.id).execute();
        await trx
          .updateTable("members")
          .set({ password_hash: newHash, updated_at: new Date() })
          .where("id", "=", otp.memberId)
          .execute();
        await revokeMemberSessions(trx, otp.memberId);
        return "ok";
      })
      .then((outcome) => {
        if (outcome === "wrong") throw invalid();
      });
    return { ok: true };
  });

  // Demo only: the embedded SMS provider sends nothing, so the demo shows the messages it would have sent.
  if (config.mode === "demo") {
    app.get("/api/demo/sms-outbox", async (request) => {
      const query = (request.query ?? {}) as { phoneNumber?: string };
      const phoneNumber = normalizePhoneNumber(String(query.phoneNumber ?? ""));
      if (!phoneNumber) throw new AppError(400, "phoneNumberInvalid", "The phone number is invalid.");
      const rows = await db
        .selectFrom("sms_outbox")
        .select(["body", "created_at"])
        .where("phone_number", "=", phoneNumber)
        .where("created_at", ">", new Date(Date.now() - 60 * 60 * 1000))
        .orderBy("id", "desc")
        .limit(5)
        .execute();
      return { messages: rows.map((r) => ({ body: r.body, createdAt: r.created_at.toISOString() })) };
    });
  }

  return { requireMember };
}
