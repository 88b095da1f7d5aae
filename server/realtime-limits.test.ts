import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachRealtime, closeRealtime } from "./realtime.ts";

/** Caps on open sockets: per member and per client address (each process), so one script cannot hold thousands. */

function openSocket(base: string, token: string): Socket {
  // The token in the handshake's auth, and in the query for servers that still read it there.
  return connect(base, {
    path: "/ccu",
    auth: { token },
    query: { token },
    transports: ["websocket"],
    reconnection: false,
  });
}

function connectResult(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (err) => resolve(err.message));
  });
}

describe("socket caps", () => {
  let http: HttpServer;
  let io: Server;
  let base: string;
  let address = "198.51.100.1";
  const open: Socket[] = [];

  beforeAll(async () => {
    http = createServer();
    io = await attachRealtime(
      http,
      async (token) => ({ uuid: token.split(":")[0] ?? "", sessionId: token }),
      {
        maxSocketsPerMember: 2,
        maxSocketsPerAddress: 3,
        // Stands in for the address a trusted proxy reports (TRUST_PROXY); the test moves between addresses.
        clientAddress: () => address,
      },
    );
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await closeRealtime(io);
    await new Promise((resolve) => http.close(resolve));
  });

  async function attempt(token: string): Promise<string> {
    const socket = openSocket(base, token);
    open.push(socket);
    return connectResult(socket);
  }

  /** Waits until the server holds this many connections (a refused or closed one is let go asynchronously). */
  async function untilServerHolds(connections: number): Promise<void> {
    while (io.engine.clientsCount !== connections) await new Promise((r) => setTimeout(r, 5));
  }

  it("refuses a member's socket past the per-member cap, and takes one again after one closes", async () => {
    address = "198.51.100.1";
    expect(await attempt("alice:1")).toBe("connected");
    expect(await attempt("alice:2")).toBe("connected");
    expect(await attempt("alice:3")).toBe("too many connections");
    open[0]?.close();
    await untilServerHolds(1);
    expect(await attempt("alice:4")).toBe("connected");
  });

  it("refuses a connection past the per-address cap, logged in or not, whoever the member", async () => {
    for (const s of open.splice(0)) s.close();
    address = "203.0.113.7";
    expect(await attempt("bob:1")).toBe("connected");
    expect(await attempt("carol:1")).toBe("connected");
    expect(await attempt("dave:1")).toBe("connected");
    expect(await attempt("erin:1")).not.toBe("connected");
    // Another address is not affected.
    address = "203.0.113.8";
    expect(await attempt("erin:2")).toBe("connected");
  });
});
