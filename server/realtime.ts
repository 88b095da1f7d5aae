import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { securityHeaders } from "./http/security.ts";

export const REALTIME_PATH = "/ccu";

/** Resolves an access token to its member and session, or null when it is unknown, expired or revoked. */
export type TokenVerifier = (token: string) => Promise<{ uuid: string; sessionId: string } | null>;
/** Of these session ids, the ones still valid. */
export type SessionLiveness = (sessionIds: string[]) => Promise<Set<string>>;

export const SESSION_SWEEP_MS = 30_000;

/**
 * socket.io at /ccu. A client connects with its access token as the `token` query parameter and joins the
 * room named by its uuid; ledger changes are emitted there as 'money-update' { balance }.
 */
export function attachRealtime(server: HttpServer, verifyToken: TokenVerifier): Server {
  const io = new Server(server, {
    path: REALTIME_PATH,
    serveClient: false,
    // Same-origin only: the PWA and the API share one origin.
    cors: { origin: false },
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
    await socket.join(session.uuid);
    next();
  });
  return io;
}

/** Disconnects this process's sockets of a session at once (logout). */
export async function disconnectSession(io: Server, sessionId: string): Promise<void> {
  for (const socket of await io.local.fetchSockets()) {
    if (socket.data.sessionId === sessionId) socket.disconnect(true);
  }
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
