import type { Server as HttpServer, IncomingMessage } from "node:http";
import { Server } from "socket.io";
import { MEMBER_SESSION_COOKIE } from "../src/domain/session.ts";
import { hostnameOf, isAllowedHandshake, securityHeaders } from "./http/security.ts";
import { readCookie } from "./http/sessionCookies.ts";
import type { JobSpec } from "./kernel/jobs.ts";
import type { RealtimeLog, RedisFanOut } from "./realtime-redis.ts";

export const REALTIME_PATH = "/ccu";

/** Resolves an access token to its member and session, or null when it is unknown, expired or revoked. */
export type TokenVerifier = (token: string) => Promise<{ uuid: string; sessionId: string } | null>;
/** Of these session ids, the ones still valid. */
export type SessionLiveness = (sessionIds: string[]) => Promise<Set<string>>;

export const SESSION_SWEEP_MS = 30_000;

/** The room of one login session: logout closes its sockets, in whichever process they are. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/** The room of a yeekee round's live shots: `ying` and `ying-closed` are emitted there. */
export function yingRoom(betId: number | bigint | string): string {
  return `ying:${betId}`;
}

/** A socket watches at most this many rounds' shots at once (a tab shows one; the rest are forgotten leaves). */
export const MAX_YING_ROOMS = 4;

function yingRoomOf(message: unknown): string | null {
  const betId = (message as { betId?: unknown } | null)?.betId;
  const text = typeof betId === "number" || typeof betId === "string" ? String(betId) : "";
  return /^[1-9]\d{0,17}$/.test(text) ? yingRoom(text) : null;
}

export interface RealtimeOptions {
  /** REDIS_URL: socket.io then fans out through Redis, so server processes reach each other's sockets. */
  redisUrl?: string | undefined;
  /** Prefix of the Redis channels (default "lottoup"); processes that serve the same site share it. */
  redisKey?: string | undefined;
  /** Where Redis outages are reported (the app's logger); the console when absent. */
  log?: RealtimeLog;
  /** ALLOWED_HOSTS for the handshake (the HTTP routes check it in Fastify); every host when absent. */
  allowHost?: (hostname: string) => boolean;
  /** The client's address behind the trusted proxies (TRUST_PROXY); the socket's peer when absent. */
  clientAddress?: (request: IncomingMessage) => string;
  /** Open sockets per member in this process (default MAX_SOCKETS_PER_MEMBER). */
  maxSocketsPerMember?: number;
  /** Open connections per client address in this process, logged in or not (default MAX_SOCKETS_PER_ADDRESS). */
  maxSocketsPerAddress?: number;
}

/**
 * Caps on open sockets, per process: a member's tabs and devices need a handful; an address may be a carrier's
 * shared one (CGNAT), so it gets more. Past them a script cannot hold thousands of sockets (memory, fan-out work).
 */
export const MAX_SOCKETS_PER_MEMBER = 10;
export const MAX_SOCKETS_PER_ADDRESS = 50;

const consoleLog = {
  info: (obj: unknown, msg?: string) => console.info(msg ?? "", obj),
  warn: (obj: unknown, msg?: string) => console.warn(msg ?? "", obj),
  error: (obj: unknown, msg?: string) => console.error(msg ?? "", obj),
} as RealtimeLog;

const closers = new WeakMap<Server, () => Promise<void>>();

/**
 * socket.io at /ccu. A browser connects with its session cookie (same origin, so the handshake carries it); a
 * client that is not a browser may put its token in the handshake's `auth` ({ token }). It joins the room named
 * by its uuid (and the room of its session); ledger changes are emitted there as
 * 'money-update' { balance }. With a Redis URL, emissions and disconnections reach the sockets of every
 * process (the Redis adapter); without one nothing of Redis is loaded. Close it with `closeRealtime`.
 */
export async function attachRealtime(
  server: HttpServer,
  verifyToken: TokenVerifier,
  options: RealtimeOptions = {},
): Promise<Server> {
  let fanOut: RedisFanOut | undefined;
  if (options.redisUrl) {
    const { connectRedisFanOut } = await import("./realtime-redis.ts");
    fanOut = await connectRedisFanOut(options.redisUrl, {
      key: options.redisKey,
      log: options.log ?? consoleLog,
    });
  }
  const addressOf =
    options.clientAddress ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? "");
  const maxPerAddress = options.maxSocketsPerAddress ?? MAX_SOCKETS_PER_ADDRESS;
  const maxPerMember = options.maxSocketsPerMember ?? MAX_SOCKETS_PER_MEMBER;
  const openPerAddress = new Map<string, number>();
  const io = new Server(server, {
    path: REALTIME_PATH,
    serveClient: false,
    // Same-origin only: the PWA and the API share one origin.
    cors: { origin: false },
    ...(fanOut ? { adapter: fanOut.adapter } : {}),
    // Before any handshake: the host must be one the site serves, the page must be one of its own (a browser
    // names it in Origin: another site's page opening a socket with the member's cookie is cross-site WebSocket
    // hijacking), and a new connection must fit its address's cap.
    allowRequest: (request, callback) => {
      if (options.allowHost && !options.allowHost(hostnameOf(request.headers.host ?? ""))) {
        return callback("Not Allow Domain", false);
      }
      if (!isAllowedHandshake(request.headers)) return callback("Origin not allowed", false);
      const isNewConnection = !/[?&]sid=/.test(request.url ?? "");
      if (isNewConnection && (openPerAddress.get(addressOf(request)) ?? 0) >= maxPerAddress) {
        return callback("Too many connections from this address", false);
      }
      callback(null, true);
    },
  });
  io.engine.on(
    "connection",
    (connection: { request: IncomingMessage; once(e: "close", f: () => void): void }) => {
      const address = addressOf(connection.request);
      openPerAddress.set(address, (openPerAddress.get(address) ?? 0) + 1);
      connection.once("close", () => {
        const left = (openPerAddress.get(address) ?? 1) - 1;
        if (left > 0) openPerAddress.set(address, left);
        else openPerAddress.delete(address);
      });
    },
  );
  closers.set(io, async () => {
    await io.close();
    await fanOut?.close();
  });
  io.engine.on("headers", (headers: Record<string, string>, request: { url?: string }) => {
    Object.assign(headers, securityHeaders(request.url ?? REALTIME_PATH));
  });
  io.use(async (socket, next) => {
    // A browser's session cookie, or a non-browser client's token in the handshake's auth payload (sent in the
    // first message). Never from the URL: a token in the query string is ignored, so no access log, proxy or
    // browser history holds it.
    const given = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const token =
      typeof given === "string" && given.length > 0
        ? given
        : readCookie(socket.handshake, MEMBER_SESSION_COOKIE);
    const session = token ? await verifyToken(token) : null;
    if (!session) return next(new Error("unauthorized"));
    // The member's room holds this process's sockets of that member; checked and joined with no await between.
    if ((io.of("/").adapter.rooms.get(session.uuid)?.size ?? 0) >= maxPerMember) {
      return next(new Error("too many connections"));
    }
    socket.data.uuid = session.uuid;
    socket.data.sessionId = session.sessionId;
    await socket.join([session.uuid, sessionRoom(session.sessionId)]);
    next();
  });
  // Live yeekee shots: 'ying:join' / 'ying:leave' { betId }, answered { ok } when the client asks for an ack.
  io.on("connection", (socket) => {
    socket.on("ying:join", async (message: unknown, ack?: unknown) => {
      const room = yingRoomOf(message);
      const watching = [...socket.rooms].filter((r) => r.startsWith("ying:") && r !== room).length;
      const ok = room !== null && watching < MAX_YING_ROOMS;
      if (ok) await socket.join(room);
      if (typeof ack === "function") ack({ ok });
    });
    socket.on("ying:leave", async (message: unknown, ack?: unknown) => {
      const room = yingRoomOf(message);
      if (room) await socket.leave(room);
      if (typeof ack === "function") ack({ ok: room !== null });
    });
  });
  return io;
}

/** Closes socket.io (its sockets, its adapter) and then the Redis connections, if any. */
export async function closeRealtime(io: Server): Promise<void> {
  const close = closers.get(io);
  closers.delete(io);
  await (close ? close() : io.close());
}

/**
 * Disconnects the sockets of a session at once (logout, lock, suspension, PIN reset), in every process.
 *
 * Every socket is in the room of its session, so this is `disconnectSockets` on that room rather than
 * `fetchSockets()` across the adapter: the latter asks every process for the list of all its sockets and
 * waits for all answers (up to the adapter's 5 s) to close one session, and fails outright while Redis is
 * away; `serverSideEmit` would need a listener of our own doing the same thing. Here the sockets of this
 * process are closed directly (the `local` call, which needs no Redis), and one fire-and-forget message on
 * Redis has every other process close its own. Without Redis the second call finds nothing left. If Redis
 * is down at that moment the message is lost, and the session sweep of each process closes the rest.
 */
export async function disconnectSession(io: Server, sessionId: string): Promise<void> {
  const room = sessionRoom(sessionId);
  io.local.in(room).disconnectSockets(true);
  io.in(room).disconnectSockets(true);
}

/**
 * Revoked tokens are disconnected: every interval, this process's sockets whose session was revoked or expired
 * anywhere (another process, a PIN change, a staff suspension) are closed. A job for the runner
 * (server/kernel/jobs.ts): a database that is briefly away is logged and tried again at the next sweep.
 */
export function sessionSweepJob(io: Server, isLive: SessionLiveness, intervalMs = SESSION_SWEEP_MS): JobSpec {
  return {
    name: "socket session sweep",
    intervalMs,
    atStart: false,
    run: async () => {
      // Local on purpose, also with Redis: every process checks its own sockets against the shared database,
      // so together they cover all sockets once, with no traffic between processes.
      const sockets = await io.local.fetchSockets();
      const ids = [...new Set(sockets.map((s) => s.data.sessionId as string).filter(Boolean))];
      if (ids.length === 0) return;
      const live = await isLive(ids);
      for (const socket of sockets) if (!live.has(socket.data.sessionId)) socket.disconnect(true);
    },
  };
}
