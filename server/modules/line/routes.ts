import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { NameSchema, SignupSchema } from "../../../src/domain/account.ts";
import { resolveUserLocale } from "../../../src/domain/locale.ts";
import { hashPassword } from "../../auth/password.ts";
import { hitRateLimit } from "../../auth/rateLimit.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { newAfSlug, resolveAttribution, userInfo } from "../accounts/members.ts";
import { AUTH_HEADER, authenticateToken, bearerToken, createSession } from "../accounts/sessions.ts";
import { IdTokenError, pkcePair, randomToken, verifyIdToken } from "./oidc.ts";

const STATE_TTL_SECONDS = 10 * 60;

const StartSchema = v.pick(SignupSchema, [
  "agentId",
  "refUid",
  "referUrl",
  "registerFromDomain",
  "slug",
  "employeeSlug",
]);
const CallbackSchema = v.object({
  code: v.pipe(
    v.string("requestInvalid"),
    v.minLength(1, "requestInvalid"),
    v.maxLength(2000, "requestInvalid"),
  ),
  state: v.pipe(
    v.string("requestInvalid"),
    v.minLength(16, "requestInvalid"),
    v.maxLength(200, "requestInvalid"),
  ),
});

type StartContext = v.InferOutput<typeof StartSchema> & { locale: string };

const lineFailed = () =>
  new AppError(400, "LINE_LOGIN_FAILED", "LINE login could not be completed. Please try again.");

/** A username that passes the sign-up rules and says where the account came from. */
function lineUserName(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(10);
  return `line${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")}`;
}

/**
 * LINE login, OpenID Connect code flow with PKCE (SPEC.md: users.line-login, callback /login/line/auth).
 * start: state, nonce and verifier are stored server-side; the app goes to LINE's authorize page.
 * callback: the code is exchanged with the verifier, the ID token verified, then the member is linked
 * (when a logged-in member connects LINE), found by their LINE id, or created.
 */
export async function lineRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const line = deps.config.line;
  const { db } = deps.database;
  if (!line) return;

  app.post("/api/users.line-login.start", async (request) => {
    const context = parseWith(StartSchema, request.body ?? {});
    const limit = await hitRateLimit(db, `line-start:ip:${request.ip}`, {
      limit: 60,
      windowSeconds: 15 * 60,
    });
    if (!limit.allowed)
      throw new AppError(429, "RATE_LIMITED", "Too many attempts. Please wait and try again.");
    const state = randomToken();
    const nonce = randomToken();
    const { verifier, challenge } = pkcePair();
    const stored: StartContext = {
      ...context,
      locale: resolveUserLocale(request.headers["x-locale"] as string | undefined),
    };
    await db
      .insertInto("oauth_states")
      .values({
        state,
        provider: "line",
        nonce,
        code_verifier: verifier,
        context: JSON.stringify(stored),
        expires_at: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
      })
      .execute();
    const url = new URL(line.authorizeUrl);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: line.channelId,
      redirect_uri: line.redirectUri,
      scope: "openid profile email",
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: "S256",
    }).toString();
    return { authorizeUrl: url.toString() };
  });

  app.post("/api/users.line-login", async (request, reply) => {
    const { code, state } = parseWith(CallbackSchema, request.body);
    // One use only: the row is deleted as it is read, so a replayed callback finds nothing.
    const pending = await db
      .deleteFrom("oauth_states")
      .where("state", "=", state)
      .where("provider", "=", "line")
      .returningAll()
      .executeTakeFirst();
    if (!pending || pending.expires_at <= new Date()) throw lineFailed();
    const context = (
      typeof pending.context === "string" ? JSON.parse(pending.context) : pending.context
    ) as StartContext;

    const tokenResponse = await fetch(line.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: line.redirectUri,
        client_id: line.channelId,
        client_secret: line.channelSecret,
        code_verifier: pending.code_verifier,
      }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!tokenResponse?.ok) throw lineFailed();
    const tokens = (await tokenResponse.json().catch(() => ({}))) as { id_token?: unknown };
    if (typeof tokens.id_token !== "string") throw lineFailed();

    let claims: ReturnType<typeof verifyIdToken>;
    try {
      claims = verifyIdToken(tokens.id_token, {
        secret: line.channelSecret,
        issuer: line.issuer,
        audience: line.channelId,
        nonce: pending.nonce,
      });
    } catch (err) {
      if (err instanceof IdTokenError) {
        request.log.warn({ reason: err.message }, "LINE id_token rejected");
        throw lineFailed();
      }
      throw err;
    }

    // Connecting LINE to the account of the member who is logged in.
    const token = bearerToken(request);
    if (token) {
      const member = await authenticateToken(db, deps.config.sessionSecret, token);
      const owner = await db
        .selectFrom("members")
        .select("id")
        .where("line_uid", "=", claims.sub)
        .executeTakeFirst();
      if (owner && owner.id !== member.memberId) {
        throw new AppError(
          409,
          "LINE_ALREADY_LINKED",
          "This LINE account is already connected to another member.",
        );
      }
      await db
        .updateTable("members")
        .set({ line_uid: claims.sub, updated_at: new Date() })
        .where("id", "=", member.memberId)
        .execute();
      return { userInfo: await userInfo(db, member.memberId), linked: true };
    }

    let member = await db
      .selectFrom("members")
      .select(["id", "uuid", "status", "locked_at"])
      .where("line_uid", "=", claims.sub)
      .executeTakeFirst();
    let created = false;
    if (!member) {
      const attribution = await resolveAttribution(db, resolveUserLocale(context.locale), context);
      const name = claims.name && v.is(NameSchema, claims.name) ? claims.name.trim() : null;
      const email =
        claims.email && claims.email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(claims.email)
          ? claims.email
          : null;
      // LINE members log in with LINE; this PIN is random and never shown (they can set one with forgot PIN
      // once they add a phone number).
      const unusablePassword = await hashPassword(randomToken(24));
      for (let attempt = 0; attempt < 5 && !member; attempt++) {
        member = await db
          .insertInto("members")
          .values({
            user_name: lineUserName(),
            password_hash: unusablePassword,
            phone_number: null,
            name,
            email,
            line_uid: claims.sub,
            locale: resolveUserLocale(context.locale),
            agent_id: attribution.agentId,
            ref_uid: attribution.refUid,
            af_slug: newAfSlug(),
            referred_by: attribution.referredBy,
            refer_url: context.referUrl ?? null,
            register_from_domain: context.registerFromDomain ?? null,
            slug: context.slug ?? null,
            employee_slug: context.employeeSlug ?? null,
          })
          .onConflict((oc) => oc.doNothing())
          .returning(["id", "uuid", "status", "locked_at"])
          .executeTakeFirst();
      }
      if (!member) throw lineFailed();
      created = true;
    }
    if (member.locked_at) {
      throw new AppError(423, "LOGIN_LOCKED", "Login Attempt Count Reach Limit, Please contact call center.");
    }
    if (member.status === 1) throw new AppError(403, "ACCOUNT_SUSPENDED", "Sorry, access denied.");
    const accessToken = await createSession(db, deps.config.sessionSecret, member, {
      userAgent: request.headers["user-agent"],
      ip: request.ip,
    });
    reply.header(AUTH_HEADER, accessToken);
    return reply.status(created ? 201 : 200).send({ userInfo: await userInfo(db, member.id), created });
  });
}
