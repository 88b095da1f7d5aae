import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { securityHeaders } from "./http/security.ts";
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
}

const consoleLog = {
  info: (obj: unknown, msg?: string) => console.info(msg ?? "", obj),
  warn: (obj: unknown, msg?: string) => console.warn(msg ?? "", obj),
  error: (obj: unknown, msg?: string) => console.error(msg ?? "", obj),
} as RealtimeLog;

const closers = new WeakMap<Server, () => Promise<void>>();

/**
 * socket.io at /ccu. A client connects with its access token as the `token` query parameter and joins the
 * room named by its uuid (and the room of its session); ledger changes are emitted there as
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
  const io = new Server(server, {
    path: REALTIME_PATH,
    serveClient: false,
    // Same-origin only: the PWA and the API share one origin.
    cors: { origin: false },
    ...(fanOut ? { adapter: fanOut.adapter } : {}),
  });
  closers.set(io, async () => {
    await io.close();
    await fanOut?.close();
  });
  io.engine.on("headers", (headers: Record<string, string>, request: { url?: string }) => {
    Object.assign(headers, securityHeaders(request.url ?? REALTIME_PATH));
  });
  io.use(async (socket, next) => {
    const token = socket.handshake.query.token;
    const session = typeof token === "string" && token.length > 0 ? await verifyToken(token) : null;
    if (!session) return next(new Error("unauthorized"));
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
 * Disconnects the sockets of a session at once (logout), in every process.
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
 * anywhere (another process, a PIN change, a staff suspension) are closed. Returns the stop function.
 */
export function startSessionSweep(
  io: Server,
  isLive: SessionLiveness,
  intervalMs = SESSION_SWEEP_MS,
): () => void {
  const timer = setInterval(async () => {
    try {
      // Local on purpose, also with Redis: every process checks its own sockets against the shared database,
      // so together they cover all sockets once, with no traffic between processes.
      const sockets = await io.local.fetchSockets();
      const ids = [...new Set(sockets.map((s) => s.data.sessionId as string).filter(Boolean))];
      if (ids.length === 0) return;
      const live = await isLive(ids);
      for (const socket of sockets) if (!live.has(socket.data.sessionId)) socket.disconnect(true);
    } catch {
      // The database may be briefly unavailable; the next sweep tries again.
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
