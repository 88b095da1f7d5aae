import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as v from "valibot";
import { NameSchema, SignupSchema } from "../../../src/domain/account.ts";
import { resolveUserLocale } from "../../../src/domain/locale.ts";
import { text } from "../../../src/domain/text.ts";
import { hashPassword } from "../../auth/password.ts";
import { hitRateLimit } from "../../auth/rateLimit.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { readCookie } from "../../http/sessionCookies.ts";
import { parseWith } from "../../http/validate.ts";
import { inTransaction } from "../../kernel/db.ts";
import { recordAccountChange } from "../accounts/accountChanges.ts";
import { clearedLock, loginLockedError } from "../accounts/loginLock.ts";
import { newAfSlug, resolveAttribution, userInfo } from "../accounts/members.ts";
import { confirmWithPin } from "../accounts/pinConfirm.ts";
import { requestContext } from "../accounts/securityEvents.ts";
import { requireMember, startMemberSession } from "../accounts/sessions.ts";
import {
  authorizeUrl,
  exchangeCode,
  type IdTokenClaims,
  IdTokenError,
  lineClient,
  pkcePair,
  randomToken,
} from "./oidc.ts";

const STATE_TTL_SECONDS = 10 * 60;

const StartSchema = v.object({
  ...v.pick(SignupSchema, ["agentId", "refUid", "referUrl", "registerFromDomain", "slug", "employeeSlug"])
    .entries,
  /** Link LINE to the logged-in member (the request carries their token and their PIN). */
  connect: v.optional(v.boolean("requestInvalid")),
  password: v.optional(text(100)),
});
const CallbackSchema = v.object({
  code: v.pipe(text(2000), v.minLength(1, "requestInvalid")),
  state: v.pipe(text(200), v.minLength(16, "requestInvalid")),
});

type StartContext = Omit<v.InferOutput<typeof StartSchema>, "connect" | "password"> & { locale: string };

/**
 * The cookie that ties a LINE flow to the browser that started it. It holds a random nonce; the server keeps
 * only its hash, with the flow's `state`. HttpOnly (no script reads it), SameSite=Lax (it must come back after
 * the top-level redirect from LINE), scoped to the callback endpoint, Secure on https, gone after 10 minutes.
 */
export const LINE_FLOW_COOKIE = "lottoup_line_flow";
const COOKIE_PATH = "/api/users.line-login";

function flowCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === "https" ? "; Secure" : "";
  return `${LINE_FLOW_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** Whether the request carries the cookie of the browser that started the flow whose nonce hash is given. */
function fromStartingBrowser(request: FastifyRequest, browserHash: string): boolean {
  const nonce = readCookie(request, LINE_FLOW_COOKIE);
  if (!nonce || nonce.length > 100) return false;
  const expected = Buffer.from(browserHash, "hex");
  const given = sha256(nonce);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const otherBrowser = () =>
  new AppError(
    400,
    "LINE_OTHER_BROWSER",
    "This LINE login was started in another browser or has expired. Please start again from this page.",
  );

const lineFailed = () =>
  new AppError(400, "LINE_LOGIN_FAILED", "LINE login could not be completed. Please try again.");

/** A username that passes the sign-up rules and says where the account came from. */
function lineUserName(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(10);
  return `line${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")}`;
}

/**
 * LINE login, OpenID Connect code flow with PKCE (users.line-login, callback page /login/line/auth).
 * start: state, nonce and verifier are stored server-side with the hash of a nonce set in an HttpOnly cookie of
 * the starting browser; linking LINE to a logged-in member needs their PIN here. The app goes to LINE.
 * callback: refused unless it comes from the starting browser; then the code is exchanged with the verifier,
 * the ID token verified, and the member who started the link is linked, or the member is found by their LINE
 * id, or created.
 */
export async function lineRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const line = deps.config.line;
  const { db } = deps.database;
  if (!line) return;
  const oidc = lineClient(line);

  app.post("/api/users.line-login.start", async (request, reply) => {
    const { connect, password, ...context } = parseWith(StartSchema, request.body ?? {});
    const limit = await hitRateLimit(db, `line-start:ip:${request.ip}`, {
      limit: 60,
      windowSeconds: 15 * 60,
    });
    if (!limit.allowed)
      throw new AppError(429, "RATE_LIMITED", "Too many attempts. Please wait and try again.");
    // Linking a new way to log in to an account needs its PIN, checked here before LINE is even asked: a stolen
    // token alone cannot add the thief's LINE to the account.
    let linkingMemberId: bigint | null = null;
    if (connect) {
      const member = await requireMember(db, deps.config.sessionSecret, request);
      await confirmWithPin(db, member.memberId, password, requestContext(request));
      linkingMemberId = member.memberId;
    }
    const state = randomToken();
    const nonce = randomToken();
    const browserNonce = randomToken();
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
        browser_hash: sha256(browserNonce).toString("hex"),
        member_id: linkingMemberId,
      })
      .execute();
    reply.header("set-cookie", flowCookie(request, browserNonce, STATE_TTL_SECONDS));
    return { authorizeUrl: authorizeUrl(oidc, line, { state, nonce, challenge }) };
  });

  app.post("/api/users.line-login", async (request, reply) => {
    // Used once, whatever the outcome.
    reply.header("set-cookie", flowCookie(request, "", 0));
    const { code, state } = parseWith(CallbackSchema, request.body);
    // One use only: the row is deleted as it is read, so a replayed callback finds nothing.
    const pending = await db
      .deleteFrom("oauth_states")
      .where("state", "=", state)
      .where("provider", "=", "line")
      .returningAll()
      .executeTakeFirst();
    if (!pending || pending.expires_at <= new Date()) throw lineFailed();
    // A callback link made in another browser (an attacker's flow sent to a victim) finishes nothing: before
    // the code is even exchanged, so the attacker's LINE is neither linked nor logged in here.
    if (!fromStartingBrowser(request, pending.browser_hash)) throw otherBrowser();
    const context = (
      typeof pending.context === "string" ? JSON.parse(pending.context) : pending.context
    ) as StartContext;

    let claims: IdTokenClaims;
    try {
      claims = await exchangeCode(oidc, line, {
        code,
        state,
        verifier: pending.code_verifier,
        nonce: pending.nonce,
      });
    } catch (err) {
      // LINE unreachable, the code refused, or an ID token that fails a check: nothing is linked or logged in.
      const reason = err instanceof Error ? err.message : String(err);
      if (err instanceof IdTokenError) request.log.warn({ reason }, "LINE id_token rejected");
      else request.log.warn({ reason }, "LINE code exchange failed");
      throw lineFailed();
    }

    // Connecting LINE to the account of the member who started it with their PIN (and is still logged in here).
    if (pending.member_id !== null) {
      const member = await requireMember(db, deps.config.sessionSecret, request);
      if (member.memberId !== pending.member_id) throw lineFailed();
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
      await inTransaction(db, async (trx) => {
        await trx
          .updateTable("members")
          .set({ line_uid: claims.sub, updated_at: new Date() })
          .where("id", "=", member.memberId)
          .execute();
        await recordAccountChange(trx, {
          memberId: member.memberId,
          type: "line-linked",
          context: requestContext(request),
        });
      });
      return { userInfo: await userInfo(db, member.memberId), linked: true };
    }

    let member = await db
      .selectFrom("members")
      .select(["id", "uuid", "status", "locked_until"])
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
          .returning(["id", "uuid", "status", "locked_until"])
          .executeTakeFirst();
      }
      if (!member) throw lineFailed();
      created = true;
    }
    if (member.locked_until && member.locked_until > new Date()) throw loginLockedError(member.locked_until);
    if (member.status === 1) throw new AppError(403, "ACCOUNT_SUSPENDED", "Sorry, access denied.");
    // Logging in with LINE is a successful login: the wrong-PIN count and any ended lock start over.
    await db.updateTable("members").set(clearedLock()).where("id", "=", member.id).execute();
    await startMemberSession(db, deps.config.sessionSecret, member, request, reply);
    return reply.status(created ? 201 : 200).send({ userInfo: await userInfo(db, member.id), created });
  });
}
