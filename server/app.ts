import compress from "@fastify/compress";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RouteOptions,
} from "fastify";
import type { Server as SocketServer } from "socket.io";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { DEFAULT_BODY_LIMIT_BYTES, registerBodyLimits } from "./http/bodyLimit.ts";
import { registerCloseAfterAnswer } from "./http/closing.ts";
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
import { registerAccessControl } from "./kernel/access.ts";
import { createJobRunner } from "./kernel/jobs.ts";
import { socketSessionSweep, wireMoneyUpdates, wireSessionEnds } from "./kernel/live.ts";
import type { AppModule, ModuleBase } from "./kernel/module.ts";
import { authenticateToken } from "./kernel/sessions.ts";
import accounts, { type AccountsOptions } from "./modules/accounts/index.ts";
import games, {
  type GamesOptions,
  type OriginalsOptions,
  originalsModule as originals,
} from "./modules/games/index.ts";
import line from "./modules/line/index.ts";
import lotto, { type LottoOptions } from "./modules/lotto/index.ts";
import push, { type PushOptions } from "./modules/push/index.ts";
import site from "./modules/site/index.ts";
import staff from "./modules/staff/index.ts";
import wallet, { type WalletOptions } from "./modules/wallet/index.ts";
import type { PaymentProviders } from "./providers/payments.ts";
import type { PushProvider } from "./providers/push.ts";
import type { ResultsFeed } from "./providers/resultsFeed.ts";
import type { SmsProvider } from "./providers/sms.ts";
import { attachRealtime, closeRealtime, type TokenVerifier } from "./realtime.ts";

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
  originals?: OriginalsOptions;
}

/** Every module's own options, as the app hands them on (each module reads the ones its options type names). */
type ModuleOptions = AccountsOptions &
  WalletOptions &
  LottoOptions &
  PushOptions & { games?: GamesOptions | undefined; originals?: OriginalsOptions | undefined };

/**
 * The modules (docs/architecture.md "Modules"), each `server/modules/<name>/index.ts`'s default export, one
 * encapsulated plugin registered in this order (the order routes are added in; no module depends on another's
 * registration). Originals is the games module's second plugin: its in-house provider, a sibling of the wallet it
 * calls over HTTP.
 */
const MODULES: readonly AppModule<ModuleOptions>[] = [
  site,
  accounts,
  staff,
  line,
  wallet,
  lotto,
  push,
  games,
  originals,
];

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
  registerCloseAfterAnswer(app);
  registerPublicReadLimits(app, config.publicReadLimitPerIp);
  await app.register(compress, { global: true, threshold: 1024 });
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);

  const { database } = deps;
  const verifyToken: TokenVerifier =
    deps.verifyToken ??
    (async (token) => {
      try {
        const member = await authenticateToken(database.db, config.sessionSecret, token);
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

  // The kernel's wiring (server/kernel): the one access hook before any route, the one job runner, and what the
  // sockets are told (money-update after every committed cash change, ended sessions closed at once).
  registerAccessControl(app, { db: database.db, sessionSecret: config.sessionSecret });
  const jobs = createJobRunner(app.log);
  jobs.add(socketSessionSweep(database.db, io, deps.sessionSweepMs));
  const stopMoneyUpdates = wireMoneyUpdates(database.db, io);
  const stopSessionEnds = wireSessionEnds(database.db, io);
  // Socket.io closes its sockets before the HTTP server waits for its connections to end (Fastify closes the
  // server before any onClose hook runs; server/http/closing.ts). The jobs stop (their passes in flight awaited)
  // before anything they use closes; the database closes after app.close() (server/main.ts, the test harness).
  app.addHook("preClose", async () => closeRealtime(io));
  app.addHook("onClose", async () => {
    await jobs.stop();
    stopSessionEnds();
    stopMoneyUpdates();
  });

  const base: ModuleBase & ModuleOptions = {
    config,
    database,
    io,
    jobs,
    sms: deps.sms,
    payments: deps.payments,
    resultsFeed: deps.resultsFeed,
    push: deps.push,
    pushSenderIntervalMs: deps.pushSenderIntervalMs,
    games: deps.games,
    originals: deps.originals,
  };
  for (const module of MODULES) await app.register(module, base);

  const hasShell = await registerStatic(app, config.staticDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const lastSegment = path.slice(path.lastIndexOf("/") + 1);
    const isNavigation =
      (request.method === "GET" || request.method === "HEAD") && !lastSegment.includes(".");
    if (hasShell && isNavigation && !isNonAppPath(request.url)) return sendShell(reply);
    return reply.status(404).send({ code: "NOT_FOUND", message: "Not Found" });
  });

  return { app, io };
}
