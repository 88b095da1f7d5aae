import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
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
import { MEMBER_SESSION_COOKIE } from "../../../src/domain/session.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../auth/password.ts";
import { enforceRateLimit, type RateLimitRule } from "../../auth/rateLimit.ts";
import { TokenError, verifyAccessToken } from "../../auth/token.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { clearMemberSession, readCookie } from "../../http/sessionCookies.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, admitMember, memberOf } from "../../kernel/access.ts";
import { inTransaction } from "../../kernel/db.ts";
import type { CaptchaVerifier } from "../../providers/captcha.ts";
import type { SmsProvider } from "../../providers/sms.ts";
import {
  lastFour,
  localeOf,
  nameFrozen,
  nameIsFrozen,
  recordAccountChange,
  smsOldPhone,
} from "./accountChanges.ts";
import { clearedLock, loginLockedError, recordWrongPin, recordWrongPinForUnknownName } from "./loginLock.ts";
import { userInfo as memberUserInfo, newAfSlug, resolveAttribution } from "./members.ts";
import { confirmWithPin, pinOf } from "./pinConfirm.ts";
import { recordFailedPin, recordLogin, requestContext } from "./securityEvents.ts";
import { revokeMemberSessions, revokeSession, sessionsEnded, startMemberSession } from "./sessions.ts";

export { LOGIN_ATTEMPT_LIMIT } from "./loginLock.ts";
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;

export const RATE_LIMITS = {
  // Per-IP limits stay generous: Thai mobile carriers put many players behind one address (CGNAT).
  loginPerIp: { limit: 60, windowSeconds: 15 * 60 },
  loginPerUser: { limit: 10, windowSeconds: 15 * 60 },
  /** The limit is SIGNUP_LIMIT_PER_IP (default 30). */
  signupPerIp: { limit: 30, windowSeconds: 60 * 60 },
  otpRequestPerPhone: { limit: 3, windowSeconds: 60 * 60 },
  otpRequestPerIp: { limit: 10, windowSeconds: 60 * 60 },
  otpCheckPerPhone: { limit: 10, windowSeconds: 60 * 60 },
  otpCheckPerIp: { limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

const INVALID_CREDENTIALS = () => new AppError(401, "INVALID_CREDENTIALS", "Invalid username or password.");
const DATA_IS_NULL = () => new AppError(400, "DATA_IS_NULL", "data is null");

export interface AccountsDeps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  captcha: CaptchaVerifier;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The session id a valid token of ours names; null for anything else. */
function sessionIdOf(token: string, secret: string): string | null {
  try {
    return verifyAccessToken(token, secret).sid;
  } catch (err) {
    if (err instanceof TokenError) return null;
    throw err;
  }
}

function newRefCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

export async function accountsRoutes(app: FastifyInstance, deps: AccountsDeps) {
  const { config, sms, captcha } = deps;

  /** docs/rules.md "Accounts": 'cannot confirm reCaptcha with Google'. Only when reCAPTCHA is configured. */
  async function requireCaptcha(request: FastifyRequest, action: string) {
    if (!captcha.enabled) return;
    const token = (request.body as { recaptchaToken?: unknown } | undefined)?.recaptchaToken;
    const ok = await captcha.verify(typeof token === "string" ? token : undefined, request.ip, action);
    if (!ok) throw new AppError(400, "RECAPTCHA", "cannot confirm reCaptcha with Google");
  }
  const { db } = deps.database;

  const limit = (bucket: string, rule: RateLimitRule) => enforceRateLimit(db, bucket, rule);

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

    await startMemberSession(db, config.sessionSecret, created, request, reply);
    await recordLogin(db, created.id, requestContext(request), { via: "signup" });
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
          .select(["id", "uuid", "status", "password_hash", "locked_until", "failed_login_count"])
          .where("user_name", "=", userName)
          .executeTakeFirst()
      : undefined;

    if (!member) {
      // Same work, same answers as for a real account, including the lock after the fifth failure and its end.
      await verifyAgainstDummy(password);
      const lockedUntil = await recordWrongPinForUnknownName(db, userName);
      throw lockedUntil ? loginLockedError(lockedUntil) : INVALID_CREDENTIALS();
    }
    if (member.locked_until && member.locked_until > new Date()) {
      await verifyAgainstDummy(password);
      throw loginLockedError(member.locked_until);
    }
    const ok = isValidPassword(password)
      ? await verifyPassword(password, member.password_hash)
      : await verifyAgainstDummy(password);
    if (!ok) {
      const outcome = await recordWrongPin(db, member.id);
      const lockedNow = outcome.locked && outcome.newLock;
      await recordFailedPin(db, member.id, { locked: lockedNow, where: "login" }, requestContext(request));
      if (!outcome.locked) throw INVALID_CREDENTIALS();
      // The lock signs the account out everywhere (sockets closed at once): when it ends, only a new login
      // with the PIN gets in, never a token from before.
      if (outcome.newLock) await revokeMemberSessions(db, member.id);
      throw loginLockedError(outcome.lockedUntil);
    }
    if (!canLogIn(member.status)) throw new AppError(403, "ACCOUNT_SUSPENDED", "Sorry, access denied.");
    await db.updateTable("members").set(clearedLock()).where("id", "=", member.id).execute();
    await startMemberSession(db, config.sessionSecret, member, request, reply);
    await recordLogin(db, member.id, requestContext(request));
    return { userInfo: await userInfo(member.id) };
  });

  app.post("/api/users.auth", { config: { access: ACCESS.member } }, async (request) => {
    const member = memberOf(request);
    return { userInfo: await userInfo(member.memberId) };
  });

  // No route access: the cookies are cleared before the session is checked (logout always ends it here).
  app.post("/api/users.logout", async (request, reply) => {
    // This browser's session ends whatever the answer (also for a session the server already ended).
    clearMemberSession(request, reply);
    const member = await admitMember(db, config.sessionSecret, request);
    await revokeSession(db, member.sessionId);
    return { ok: true };
  });

  app.get("/api/users-infos", { config: { access: ACCESS.member } }, async (request) => {
    const member = memberOf(request);
    return userInfo(member.memberId);
  });

  app.post("/api/users-infos.update", { config: { access: ACCESS.member } }, async (request) => {
    const member = memberOf(request);
    const input = parseWith(ProfileUpdateSchema, request.body);
    const changes = {
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.lineId !== undefined ? { line_id: input.lineId === "" ? null : input.lineId } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
    };
    if (Object.keys(changes).length === 0) throw DATA_IS_NULL();
    // The name is the bank holder name withdrawals are checked against: changing it takes the PIN, and is
    // refused once a bank account is verified (staff correct it then). Avatar, email and LINE id stay PIN-free.
    const current = await db
      .selectFrom("members")
      .select(["name", "locale"])
      .where("id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    const renaming = input.name !== undefined && input.name !== current.name;
    if (renaming) {
      if (await nameIsFrozen(db, member.memberId)) throw nameFrozen(localeOf(request, current.locale));
      await confirmWithPin(db, member.memberId, pinOf(request.body), requestContext(request));
    }
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable("members")
        .set({ ...changes, updated_at: new Date() })
        .where("id", "=", member.memberId)
        .execute();
      if (renaming) {
        await recordAccountChange(trx, {
          memberId: member.memberId,
          type: "name-changed",
          context: requestContext(request),
        });
      }
    });
    const info = await userInfo(member.memberId);
    return { avatar: info.avatar, email: info.email, lineId: info.lineId, name: info.name };
  });

  app.post("/api/users.phone-number.update", { config: { access: ACCESS.member } }, async (request) => {
    const member = memberOf(request);
    const body = (request.body ?? {}) as { phoneNumber?: unknown };
    if (body.phoneNumber === undefined || body.phoneNumber === null || body.phoneNumber === "")
      throw DATA_IS_NULL();
    const { phoneNumber } = parseWith(PhoneNumberUpdateSchema, body);
    const before = await db
      .selectFrom("members")
      .select(["phone_number", "locale"])
      .where("id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    if (before.phone_number === phoneNumber) return { phoneNumber };
    // The phone receives the PIN-reset code: moving it to another number takes the PIN, and the old number is told.
    await confirmWithPin(db, member.memberId, pinOf(request.body), requestContext(request));
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable("members")
        .set({ phone_number: phoneNumber, updated_at: new Date() })
        .where("id", "=", member.memberId)
        .execute();
      await recordAccountChange(trx, {
        memberId: member.memberId,
        type: "phone-changed",
        params: { last4: lastFour(phoneNumber) },
        context: requestContext(request),
      });
    });
    await smsOldPhone(sms, request.log, {
      oldPhone: before.phone_number,
      newPhone: phoneNumber,
      locale: before.locale,
    });
    return { phoneNumber };
  });

  app.post("/api/users.change-password", { config: { access: ACCESS.member } }, async (request) => {
    const member = memberOf(request);
    const input = parseWith(ChangePasswordSchema, request.body);
    const signOutOthers = (request.body as { signOutOthers?: unknown }).signOutOthers === true;
    await limit(`change-password:member:${member.memberId}`, RATE_LIMITS.loginPerUser);
    // The current PIN counts on the login lock like every other PIN check, so a stolen token cannot be used to
    // guess it here; the page keeps its own wording for a wrong one.
    try {
      await confirmWithPin(db, member.memberId, input.oldPassword, requestContext(request));
    } catch (err) {
      if (err instanceof AppError && err.code === "PIN_WRONG") {
        throw new AppError(400, "OLD_PASSWORD_WRONG", "Your current PIN is not correct.", err.extra);
      }
      throw err;
    }
    const newHash = await hashPassword(input.newPassword);
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable("members")
        .set({ password_hash: newHash, updated_at: new Date() })
        .where("id", "=", member.memberId)
        .execute();
      await recordAccountChange(trx, {
        memberId: member.memberId,
        type: "pin-changed",
        context: requestContext(request),
      });
    });
    const signedOut = signOutOthers
      ? (await revokeMemberSessions(db, member.memberId, member.sessionId)).length
      : 0;
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
      await inTransaction(db, async (trx) => {
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

  app.post("/api/users.forgot-password", async (request, reply) => {
    const input = parseWith(ForgotPasswordResetSchema, request.body);
    await limit(`otp-check:ip:${request.ip}`, RATE_LIMITS.otpCheckPerIp);
    await limit(`otp-check:phone:${input.phoneNumber}`, RATE_LIMITS.otpCheckPerPhone);
    const invalid = () =>
      new AppError(400, "OTP_INVALID", "The code is wrong or has expired. Please request a new one.");
    const newHash = await hashPassword(input.newPassword);
    let signedOut: string[] = [];
    await inTransaction(db, async (trx) => {
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
      // Proving the phone is the way out of a PIN lock too, without waiting for it to end.
      await trx
        .updateTable("members")
        .set({ password_hash: newHash, ...clearedLock(), updated_at: new Date() })
        .where("id", "=", otp.memberId)
        .execute();
      signedOut = await revokeMemberSessions(trx, otp.memberId);
      const reset = { memberId: otp.memberId, type: "pin-changed", event: "pin-reset" } as const;
      await recordAccountChange(trx, { ...reset, context: requestContext(request) });
      return "ok";
    }).then((outcome) => {
      if (outcome === "wrong") throw invalid();
    });
    await sessionsEnded(db, signedOut);
    // The reset signed the member out everywhere: when this browser held one of those sessions, it ends here too.
    const held = readCookie(request, MEMBER_SESSION_COOKIE);
    if (held && signedOut.includes(sessionIdOf(held, config.sessionSecret) ?? "")) {
      clearMemberSession(request, reply);
    }
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
}
