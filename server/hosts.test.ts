import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/harness.ts";

/**
 * ALLOWED_HOSTS holds for every request, not only for the few routes of one plugin: the API, the built app's
 * files and shell, and socket.io's handshake. The health check answers any host (load balancers probe by address).
 */

function getWithHost(base: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host } },
      (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the host allow-list on every request", () => {
  let t: TestApp;
  let dir: string;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lottoup-hosts-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>shell</title>");
    writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log(1)");
    t = await createTestApp({ ALLOWED_HOSTS: "lottoup.example", STATIC_DIR: dir });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const refused = { code: "NOT_ALLOW_DOMAIN", message: "Not Allow Domain" };

  it("refuses API routes of every module for another host", async () => {
    for (const url of [
      "/api/app-config",
      "/poy-api/bet-lists.latest",
      "/api/staff/members",
      "/api/no-such-route",
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: { host: "evil.example" } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(refused);
    }
    const login = await t.app.inject({
      method: "POST",
      url: "/api/users.login",
      headers: { host: "evil.example" },
      payload: { userName: "someone", password: "Secret#123" },
    });
    expect(login.json()).toEqual(refused);
  });

  it("refuses the built app's files and shell for another host, and serves them to the site's own", async () => {
    for (const url of ["/", "/index.html", "/assets/index-abc123.js", "/lotto"]) {
      const other = await t.app.inject({ method: "GET", url, headers: { host: "evil.example" } });
      expect(other.statusCode, url).toBe(400);
      expect(other.json(), url).toEqual(refused);
      const own = await t.app.inject({ method: "GET", url, headers: { host: "lottoup.example" } });
      expect(own.statusCode, url).toBe(200);
    }
    // A browser opening a page under another name gets a plain page saying so, not the app.
    const page = await t.app.inject({
      method: "GET",
      url: "/lotto",
      headers: { host: "evil.example", accept: "text/html,application/xhtml+xml" },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("<h1>Not Allow Domain</h1>");
    expect(page.body).not.toContain("<title>shell</title>");
  });

  it("refuses socket.io's handshake for another host", async () => {
    const handshake = "/ccu/?EIO=4&transport=polling";
    const other = await getWithHost(base, handshake, "evil.example");
    expect(other.status).toBe(403);
    const own = await getWithHost(base, handshake, "lottoup.example");
    expect(own.status).toBe(200);
    expect(own.body).toContain('"sid"');
  });

  it("answers the health check whatever the host, and only the health check", async () => {
    const health = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { host: "10.0.0.5:8080" },
    });
    expect(health.statusCode).toBe(200);
    const lookalike = await t.app.inject({
      method: "GET",
      url: "/api/health-x",
      headers: { host: "10.0.0.5" },
    });
    expect(lookalike.json()).toEqual(refused);
  });
});
