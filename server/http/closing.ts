import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * A closing server lets the requests in flight finish, then lets every connection go. Node's close() waits for
 * every connection to end, and closes by itself only those idle at that moment. Two kinds kept it waiting, seen
 * in CI as a 60-second hook timeout at the end of hub88.test (its chaos driver aborts some calls at once):
 * - a connection whose request was in flight: after its answer Fastify keeps it open for its keepAliveTimeout
 *   (72 s);
 * - a connection that was opened but never finished sending a request: Node counts it busy, and once closing has
 *   begun no headers timeout ends it, so it stays until the client hangs up.
 * In production main.ts's 5-second cut ended the wait by dropping whatever was still being answered.
 *
 * So, once closing begins:
 * - a connection with no answer under way is closed at once (nothing of it has reached a handler), unless it was
 *   upgraded: the realtime sockets, which the app closes through socket.io in a later preClose hook, telling each
 *   client why;
 * - a connection that arrives is refused;
 * - every answer says `Connection: close`, and a connection that goes idle afterwards (an answer whose headers were
 *   already sent) is closed as soon as it is.
 * The app is served over plain HTTP (TLS ends at the proxy), where a request's socket is the connection's.
 */
export function registerCloseAfterAnswer(app: FastifyInstance): void {
  let closing = false;
  const connections = new Set<Socket>();
  /** Answers under way per connection (more than one when a client pipelines). */
  const answering = new Map<Socket, number>();

  app.server.on("connection", (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  // An upgraded connection is socket.io's to close from here on.
  app.server.on("upgrade", (request) => {
    connections.delete(request.socket);
  });
  app.server.on("request", (request, response) => {
    const socket = request.socket;
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    response.once("close", () => {
      const left = (answering.get(socket) ?? 1) - 1;
      if (left > 0) answering.set(socket, left);
      else answering.delete(socket);
    });
  });

  app.addHook("preClose", async () => {
    closing = true;
    for (const socket of connections) if (!answering.has(socket)) socket.destroy();
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header("connection", "close");
    return payload;
  });
  app.addHook("onResponse", async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
