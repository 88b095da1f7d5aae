import { type AddressInfo, connect } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerCloseAfterAnswer } from "./closing.ts";

/** A route that answers when the test says so, and says when it has been reached. */
function gate() {
  let reached!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, released, reached, release };
}

let serving: FastifyInstance | undefined;
afterEach(async () => {
  serving?.server.closeAllConnections();
  await serving?.close();
});

async function serve(
  register: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify();
  serving = app;
  registerCloseAfterAnswer(app);
  register(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/**
 * Without these hooks close() waits out Fastify's 72-second keepAliveTimeout after an answer, and for ever on a
 * connection that sends nothing; the tests give it less than half of the first, so a regression fails here.
 */
const WELL_UNDER_KEEP_ALIVE_MS = 30_000;

/** Waits until close() has stopped the listener (its preClose hooks have run): the moment the hooks act from. */
async function listenerStopped(server: FastifyInstance["server"]): Promise<void> {
  while (server.listening) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Asks `url`, and once the route holds the request, begins closing and lets the route answer: the answer, and the
 * close still under way.
 */
async function answeredWhileClosing(app: FastifyInstance, url: string, route: ReturnType<typeof gate>) {
  const answer = fetch(url);
  await route.arrived;
  const closing = app.close();
  await listenerStopped(app.server);
  route.release();
  return { res: await answer, closing };
}

describe("a closing server", () => {
  it(
    "answers the request in flight with Connection: close, and close() ends with that answer",
    async () => {
      const route = gate();
      const { app, base } = await serve((a) =>
        a.get("/slow", async () => {
          route.reached();
          await route.released;
          return { ok: true };
        }),
      );
      // A kept-alive connection first, as a browser or a provider's HTTP client has.
      expect((await fetch(`${base}/slow-warmup`)).status).toBe(404);
      const { res, closing } = await answeredWhileClosing(app, `${base}/slow`, route);
      expect(res.headers.get("connection")).toBe("close");
      expect(await res.json()).toEqual({ ok: true });
      await closing;
    },
    WELL_UNDER_KEEP_ALIVE_MS,
  );

  it(
    "lets go of a connection whose answer had started before closing began, as soon as it is idle",
    async () => {
      const route = gate();
      const { app, base } = await serve((a) =>
        a.get("/stream", async (_request, reply) => {
          reply.raw.writeHead(200, { "content-type": "text/plain" });
          reply.raw.write("first ");
          route.reached();
          await route.released;
          reply.raw.end("last");
          return reply;
        }),
      );
      const { res, closing } = await answeredWhileClosing(app, `${base}/stream`, route);
      expect(await res.text()).toBe("first last");
      await closing;
    },
    WELL_UNDER_KEEP_ALIVE_MS,
  );

  it(
    "closes a connection that was opened and never sent a request",
    async () => {
      const { app, base } = await serve((a) => a.get("/", async () => "ok"));
      const accepted = new Promise<void>((resolve) => app.server.once("connection", () => resolve()));
      const silent = connect(Number(new URL(base).port), "127.0.0.1");
      const hungUp = new Promise<void>((resolve) => silent.once("close", () => resolve()));
      silent.on("error", () => {});
      await accepted;
      await app.close();
      await hungUp;
    },
    WELL_UNDER_KEEP_ALIVE_MS,
  );

  it(
    "leaves an upgraded connection to its own close, which can still say goodbye",
    async () => {
      const { app, base } = await serve((a) => {
        const upgradedSockets: import("node:net").Socket[] = [];
        a.server.on("upgrade", (_request, socket) => {
          socket.write("HTTP/1.1 101 Switching Protocols\r\nupgrade: test\r\nconnection: upgrade\r\n\r\n");
          upgradedSockets.push(socket as import("node:net").Socket);
        });
        // As the app closes socket.io (server/app.ts): in a later preClose hook, a last word, then the end.
        a.addHook("preClose", async () => {
          for (const socket of upgradedSockets) socket.end("goodbye");
        });
      });
      const client = connect(Number(new URL(base).port), "127.0.0.1");
      let received = "";
      client.setEncoding("utf8");
      client.on("data", (chunk: string) => {
        received += chunk;
      });
      const ended = new Promise<void>((resolve) => client.once("close", () => resolve()));
      const switched = new Promise<void>((resolve) => {
        const check = () =>
          received.includes("101 Switching Protocols") ? resolve() : client.once("data", check);
        client.once("data", check);
      });
      client.write(`GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nupgrade: test\r\nconnection: upgrade\r\n\r\n`);
      await switched;
      await app.close();
      await ended;
      expect(received.endsWith("goodbye")).toBe(true);
    },
    WELL_UNDER_KEEP_ALIVE_MS,
  );
});
