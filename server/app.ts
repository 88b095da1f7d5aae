import compress from "@fastify/compress";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RouteOptions,
} from "fastify";
import type { Server as SocketServer } from "socket.io";
import { satangToBaht } from "../src/domain/money.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { DEFAULT_BODY_LIMIT_BYTES, registerBodyLimits } from "./http/bodyLimit.ts";
import { frameworkErrorOptions, registerErrorHandling } from "./http/errors.ts";
import { registerPublicReadLimits } from "./http/publicReads.ts";
import {
  clientAddressResolver,
  fastifyTrustProxy,
  isAllowedHost,
  registerCsrfProtection,
  registerHostAllowList,
  registerSecurityHeaders,
} from "./http/security.ts";
import { registerSessionCookieClearing } from "./http/sessionCookies.ts";
import { isNonAppPath, registerStatic, sendShell } from "./http/static.ts";
import { accountBalance, memberAccount, onCashChange } from "./ledger/ledger.ts";
import { accountsRoutes } from "./modules/accounts/routes.ts";
import { securityRoutes } from "./modules/accounts/securityRoutes.ts";
import { authenticateToken, liveSession, onSessionsEnded } from "./modules/accounts/sessions.ts";
import { type GamesOptions, gamesModule } from "./modules/games/index.ts";
import { type OriginalsDeps, originalsProvider } from "./modules/games/originals/provider.ts";
import { lineRoutes } from "./modules/line/routes.ts";
import { numberSetRoutes } from "./modules/lotto/numberSets.ts";
import { resultRoutes } from "./modules/lotto/resultRoutes.ts";
import { startRoundJob } from "./modules/lotto/roundJob.ts";
import { lottoRoutes } from "./modules/lotto/routes.ts";
import { yingRoutes } from "./modules/lotto/yingRoutes.ts";
import { pushRoutes } from "./modules/push/routes.ts";
import { startPushSender } from "./modules/push/sender.ts";
import { siteRoutes } from "./modules/site/routes.ts";
import { staffRoutes } from "./modules/staff/routes.ts";
import { bankRoutes } from "./modules/wallet/banks.ts";
import { depositRoutes } from "./modules/wallet/depositRoutes.ts";
import { walletRoutes } from "./modules/wallet/routes.ts";
import { staffWalletRoutes } from "./modules/wallet/staffWallet.ts";
import { statementRoutes } from "./modules/wallet/statements.ts";
import { withdrawalRoutes } from "./modules/wallet/withdrawals.ts";
import { type CaptchaVerifier, disabledCaptcha, recaptchaVerifier } from "./providers/captcha.ts";
import { defaultPaymentProviders, type PaymentProviders } from "./providers/payments.ts";
import { firebasePushProvider, localPushProvider, type PushProvider } from "./providers/push.ts";
import { type ResultsFeed, resultsFeedFor } from "./providers/resultsFeed.ts";
import { httpSmsProvider, outboxSmsProvider, type SmsProvider } from "./providers/sms.ts";
import {
  attachRealtime,
  closeRealtime,
  disconnectSession,
  startSessionSweep,
  type TokenVerifier,
} from "./realtime.ts";

export interface AppDeps {
  config: Config;
  database: Database;
  /** Resolves access tokens (cookie or handshake auth) for socket.io; defaults to the member sessions. */
  verifyToken?: TokenVerifier;
  /** How often sockets of revoked sessions are looked for (default 30 s). */
  sessionSweepMs?: number;
  /** Defaults to the embedded outbox provider. */
  sms?: SmsProvider;
  /** Bank verification, TrueMoney and crypto; default: the demo providers in demo mode, none in production. */
  payments?: PaymentProviders;
  /** Results feed for gov, stock and set4 rounds; default from RESULTS_FEED (the demo feed in demo mode). */
  resultsFeed?: ResultsFeed | null;
  /** Prefix of the Redis channels socket.io uses with REDIS_URL (default "lottoup"; tests use their own). */
  realtimeRedisKey?: string;
  /** Push delivery; default: Firebase with FIREBASE_SERVICE_ACCOUNT, else the local outbox-only provider. */
  push?: PushProvider;
  /** How often the push sender looks for due notifications (default 2 s); 0 turns the sender off (tests). */
  pushSenderIntervalMs?: number;
  /** Where log lines go (default stdout); tests read what would be logged. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is added (the fuzz test enumerates them, so a new route is fuzzed too). */
  onRoute?: (route: RouteOptions) => void;
  /** The games module: Hub88's transport, its jobs' intervals (tests turn the jobs off). */
  games?: GamesOptions;
  /**
   * LOTTOUP Originals' game server (server/modules/games/originals): its wallet timeout and retry job interval,
   * or a wallet client of the test's own. Default: signed HTTP callbacks to this server's own listening address.
   */
  originals?: Pick<OriginalsDeps, "wallet" | "walletTimeoutMs" | "retryIntervalMs">;
}

export interface App {
  app: FastifyInstance;
  io: SocketServer;
}

/** Strips credentials from a URL before it is logged (no client of ours puts one there; a careless one might). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|password|otp\w*)=)[^&]*/gi, "$1[redacted]");
}

const GUEST_ID = /^[0-9a-f-]{36}$/;

/** One JSON line per request, written when it completes, with credentials stripped from the URL. */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const guestId = request.headers["x-guest-id"];
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      // The visitor's guest id, so support can follow one visitor's requests (nothing else about them).
      ...(typeof guestId === "string" && GUEST_ID.test(guestId) ? { guestId } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, "request failed");
    else reply.log.info(line, "request");
  }
}

/** Builds the whole server without listening; tests drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    ...frameworkErrorOptions,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    logController: new OneLineRequestLog(),
    logger: {
      level: config.logLevel,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"],
        censor: "[redacted]",
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
  });

  registerSecurityHeaders(app, {
    recaptcha: config.recaptcha !== null,
    liveChatOrigin: config.liveChat ? new URL(config.liveChat.scriptUrl).origin : undefined,
    firebase: config.push.provider === "firebase",
    frameOrigins: config.games.frameOrigins,
    imageOrigins: config.games.imageOrigins,
  });
  registerErrorHandling(app);
  registerHostAllowList(app, config.allowedHosts);
  registerCsrfProtection(app);
  registerSessionCookieClearing(app);
  registerBodyLimits(app);
  registerPublicReadLimits(app, config.publicReadLimitPerIp);
  await app.register(compress, { global: true, threshold: 1024 });
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);

  const verifyToken: TokenVerifier =
    deps.verifyToken ??
    (async (token) => {
      try {
        const member = await authenticateToken(deps.database.db, config.sessionSecret, token);
        return { uuid: member.uuid, sessionId: member.sessionId };
      } catch {
        return null;
      }
    });
  const io = await attachRealtime(app.server, verifyToken, {
    redisUrl: config.redisUrl,
    redisKey: deps.realtimeRedisKey ?? config.redisKey,
    log: app.log,
    allowHost: (hostname) => isAllowedHost(config.allowedHosts, hostname),
    clientAddress: clientAddressResolver(config.trustProxy),
  });
  const stopSweep = startSessionSweep(
    io,
    async (ids) => {
      const rows = await deps.database.db
        .selectFrom("sessions")
        .select("id")
        .where("id", "in", ids)
        .where(liveSession)
        .execute();
      return new Set(rows.map((r) => r.id));
    },
    deps.sessionSweepMs,
  );
  // Logout, a lock, a suspension, a PIN reset: the ended sessions' sockets close at once, in every process.
  const stopSessionsEnded = onSessionsEnded(deps.database.db, async (sessionIds) => {
    for (const sessionId of sessionIds) await disconnectSession(io, sessionId);
  });

  await app.register(async (api) => siteRoutes(api, deps));
  const sms =
    deps.sms ??
    (config.sms.provider === "http"
      ? httpSmsProvider(deps.database.db, config.sms.url, config.sms.token)
      : outboxSmsProvider(deps.database.db, app.log));
  await app.register(async (api) => {
    const captcha: CaptchaVerifier = config.recaptcha
      ? recaptchaVerifier(config.recaptcha.secret, config.recaptcha.verifyUrl)
      : disabledCaptcha;
    await accountsRoutes(api, {
      config,
      database: deps.database,
      sms,
      captcha,
    });
  });
  await app.register(async (api) => staffRoutes(api, { config, database: deps.database }));
  await app.register(async (api) => securityRoutes(api, { config, database: deps.database }));
  await app.register(async (api) => lineRoutes(api, { config, database: deps.database }));
  await app.register(async (api) => walletRoutes(api, { config, database: deps.database }));
  const walletDeps = {
    config,
    database: deps.database,
    payments: deps.payments ?? defaultPaymentProviders(config.mode),
  };
  await app.register(async (api) => bankRoutes(api, walletDeps));
  await app.register(async (api) => depositRoutes(api, walletDeps));
  await app.register(async (api) => withdrawalRoutes(api, walletDeps));
  await app.register(async (api) => statementRoutes(api, walletDeps));
  await app.register(async (api) => staffWalletRoutes(api, walletDeps));
  await app.register(async (api) => lottoRoutes(api, { config, database: deps.database }));
  await app.register(async (api) => resultRoutes(api, { config, database: deps.database }));
  await app.register(async (api) => yingRoutes(api, { config, database: deps.database, io }));
  await app.register(async (api) => numberSetRoutes(api, { config, database: deps.database }));
  await app.register(async (api) => pushRoutes(api, { config, database: deps.database }));
  await app.register(async (api) =>
    gamesModule(api, { config, database: deps.database, ...(deps.games ? { options: deps.games } : {}) }),
  );
  // LOTTOUP Originals, the in-house provider (docs/games.md "Wiring it in"): a game server of its own under
  // /external/originals/api that moves money only through signed lottoup callbacks over HTTP to this server's own
  // listening address (read at each call, so any port works), with a Host ALLOWED_HOSTS accepts and the secret
  // derived from SESSION_SECRET. Its retry job stops, and its connections close, in its own onClose.
  await app.register(originalsProvider, { config, database: deps.database, ...deps.originals });

  const hasShell = await registerStatic(app, config.staticDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const lastSegment = path.slice(path.lastIndexOf("/") + 1);
    const isNavigation =
      (request.method === "GET" || request.method === "HEAD") && !lastSegment.includes(".");
    if (hasShell && isNavigation && !isNonAppPath(request.url)) return sendShell(reply);
    return reply.status(404).send({ code: "NOT_FOUND", message: "Not Found" });
  });

  // SPEC.md section 7: after every committed change to a member's cash, 'money-update' { balance } in their room.
  const unsubscribe = onCashChange(deps.database.db, async (memberIds) => {
    const { db } = deps.database;
    for (const memberId of memberIds) {
      const member = await db
        .selectFrom("members")
        .select("uuid")
        .where("id", "=", memberId)
        .executeTakeFirst();
      if (!member) continue;
      const { available } = await accountBalance(db, await memberAccount(db, memberId, "member_cash"));
      io.to(member.uuid).emit("money-update", { balance: satangToBaht(available) });
    }
  });
  // Lotto rounds: created ahead and closed on time, in every process (idempotent; server/modules/lotto/roundJob.ts).
  const stopRoundJob = startRoundJob(deps.database.db, {
    log: app.log,
    feed: deps.resultsFeed === undefined ? resultsFeedFor(config.resultsFeed) : deps.resultsFeed,
    shooterBonus: config.yeekeeShooterBonus,
    drawKey: config.drawSeedKey,
  });
  // Push notifications: the outbox is delivered by every process (rows are claimed, never sent twice at once).
  const pushProvider =
    deps.push ??
    (config.push.provider === "firebase"
      ? firebasePushProvider(config.push.serviceAccount)
      : localPushProvider);
  const stopPushSender =
    deps.pushSenderIntervalMs === 0
      ? async () => {}
      : startPushSender(deps.database.db, pushProvider, {
          log: app.log,
          intervalMs: deps.pushSenderIntervalMs,
        });
  app.addHook("onClose", async () => {
    await stopPushSender();
    await stopRoundJob();
    stopSweep();
    stopSessionsEnded();
    unsubscribe();
    await closeRealtime(io);
  });
  return { app, io };
}
