import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.ts";

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
}, 180_000);
afterAll(async () => t.close());

/** Sends raw bytes to the listening server and resolves with everything it answers before closing. */
function rawRequest(bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body });
    });
    socket.write(bytes);
  });
}

describe("errors raised before any route answer { code, message } JSON", () => {
  it("a header line without a colon: 400 REQUEST_MALFORMED", async () => {
    const res = await rawRequest("GET /api/health HTTP/1.1\r\nHost: localhost\r\nNoColonHere\r\n\r\n");
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({ code: "REQUEST_MALFORMED", message: expect.any(String) });
  });

  it("an unknown HTTP version: 400 REQUEST_MALFORMED", async () => {
    const res = await rawRequest("GET /api/health HTTP/7.3\r\nHost: localhost\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: "REQUEST_MALFORMED", message: expect.any(String) });
  });

  it("20 KB of headers: 431 HEADERS_TOO_LARGE", async () => {
    const res = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ code: "HEADERS_TOO_LARGE", message: expect.any(String) });
  });

  it("malformed JSON, prototype keys and an empty JSON body: 400 JSON_INVALID", async () => {
    for (const payload of [
      '{"userName":',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      "",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/users.login",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({
        code: "JSON_INVALID",
        message: "The request body is not valid JSON.",
      });
    }
  });

  it("a body that is not JSON: 415 CONTENT_TYPE_UNSUPPORTED", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users.login",
      headers: { "content-type": "application/xml" },
      payload: "<userName>a</userName>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: "CONTENT_TYPE_UNSUPPORTED", message: expect.any(String) });
  });

  it("a body over the limit: 413 PAYLOAD_TOO_LARGE", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users.login",
      headers: { "content-type": "application/json" },
      payload: `{"userName":"${"a".repeat(11 * 1024 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: expect.any(String) });
  });

  it("a path that is not valid percent-encoding: 400 URL_INVALID, not Fastify's shape", async () => {
    const res = await rawRequest(
      "GET /api/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(res.status).toBeLessThan(500);
    const body = JSON.parse(res.body);
    expect(body).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect(body.code).not.toMatch(/^FST_/);
  });
});
