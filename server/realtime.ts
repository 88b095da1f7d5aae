import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { securityHeaders } from "./http/security.ts";

export const REALTIME_PATH = "/ccu";

/** Resolves an access token to the member's uuid, or null when the token is unknown, expired or revoked. */
export type TokenVerifier = (token: string) => Promise<string | null>;

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
    const uuid = typeof token === "string" && token.length > 0 ? await verifyToken(token) : null;
    if (!uuid) return next(new Error("unauthorized"));
    socket.data.uuid = uuid;
    await socket.join(uuid);
    next();
  });
  return io;
}
