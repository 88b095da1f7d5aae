import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Database } from "./db/database.ts";
import { openTestDatabase } from "./test/harness.ts";

function connectResult(socket: Socket): Promise<"connected" | string> {
  return new Promise((resolve) => {
    socket.on("connect", () => resolve("connected"));
    socket.on("connect_error", (err) => resolve(err.message));
  });
}

describe("socket.io at /ccu", () => {
  let database: Database;
  let close: () => Promise<void>;
  let base: string;
  let emitToMember: (uuid: string) => void;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { app, io } = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "./.none" }),
      database,
      verifyToken: async (token) => (token === "valid-token" ? "member-uuid-1" : null),
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    emitToMember = (uuid) => io.to(uuid).emit("money-update", { balance: "123.45" });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close());

  it("refuses a connection without a token, or with one the server does not know", async () => {
    for (const query of [{}, { token: "forged" }]) {
      const socket = connect(base, { path: "/ccu", query, transports: ["websocket"], reconnection: false });
      expect(await connectResult(socket)).toBe("unauthorized");
      socket.close();
    }
  });

  it("puts a member in the room of their uuid and delivers money-update there only", async () => {
    const socket = connect(base, {
      path: "/ccu",
      query: { token: "valid-token" },
      transports: ["websocket"],
      reconnection: false,
    });
    expect(await connectResult(socket)).toBe("connected");
    const received = new Promise((resolve) => socket.on("money-update", resolve));
    emitToMember("someone-else");
    emitToMember("member-uuid-1");
    expect(await received).toEqual({ balance: "123.45" });
    socket.close();
  });
});
