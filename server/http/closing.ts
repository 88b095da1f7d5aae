import type { FastifyInstance } from "fastify";

/**
 * A closing server lets the requests in flight finish, then lets their connections go. Fastify keeps an HTTP/1.1
 * connection open for its keepAliveTimeout (72 s) after a response, and close() closes only the connections that
 * are idle when it is called: one request in flight at that moment kept close() waiting those 72 s after its
 * answer (seen in CI as a 60-second hook timeout at a test file's end; in production, main.ts's 5-second cut
 * ended the wait by dropping whatever was still being answered). So, once closing has begun, every answer says
 * `Connection: close`, and a connection that goes idle afterwards (an answer whose headers were already sent) is
 * closed as soon as it is.
 */
export function registerCloseAfterAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header("connection", "close");
    return payload;
  });
  app.addHook("onResponse", async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
