import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "./app.ts";
import { migrationProvider } from "./db/migrations/index.ts";
import { createTestApp, engineName, type TestApp } from "./test/harness.ts";

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "strict-transport-security",
  "cross-origin-opener-policy",
  "permissions-policy",
];

describe("HTTP server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("reports the database in /api/health", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "ok",
      mode: "demo",
      // Every migration the build ships has run.
      database: {
        engine: engineName,
        ok: true,
        migrations: Object.keys(await migrationProvider.getMigrations()).length,
      },
    });
  });

  it("logs one line per request, with the URL's credentials and the auth header left out", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (l) => lines.push(l) } });
    try {
      const res = await logged.app.inject({
        method: "GET",
        url: "/api/health?token=secret-token-value",
        headers: {
          authorization: "Bearer bearer-token-value",
          "x-guest-id": "0b7c7a86-6d1e-4c3a-9f4e-2a1b3c4d5e6f",
        },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await logged.close();
    }
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "GET",
      url: "/api/health?token=[redacted]",
      status: 200,
      guestId: "0b7c7a86-6d1e-4c3a-9f4e-2a1b3c4d5e6f",
    });
    expect(lines.join("")).not.toMatch(/secret-token-value|bearer-token-value/);
  });

  it("answers 503 when the database is gone", async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "error", database: { ok: false } });
    await broken.app.close();
  });

  it("puts the security headers on every response, errors included, and denies framing", async () => {
    for (const url of ["/api/health", "/api/does-not-exist", "/poy-api/nothing"]) {
      const res = await t.app.inject({ method: "GET", url });
      for (const header of SECURITY_HEADERS) expect(res.headers[header], `${header} on ${url}`).toBeTruthy();
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
  });

  it("keeps every API answer out of the browser's HTTP cache, errors included", async () => {
    for (const url of [
      "/api/health",
      "/api/does-not-exist",
      "/poy-api/bet-lists.latest",
      "/poy-api/nothing",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("allows framing only for the listed embeddable pages, not for any path containing 'external'", async () => {
    const res = await t.app.inject({ method: "GET", url: "/external/login?agent=2" });
    expect(res.headers["x-frame-options"]).toBeUndefined();
    expect(res.headers["content-security-policy"]).not.toContain("frame-ancestors");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    for (const url of [
      "/poy/lottery/external",
      "/api/external/whatever",
      "/external/login/x",
      "/external",
      "/external/originals",
      "/external/originalsx/lottoup-dice",
      "/x/external/originals/lottoup-dice",
      "/lotto?next=/external/originals/lottoup-dice",
    ]) {
      const framed = await t.app.inject({ method: "GET", url });
      expect(framed.headers["x-frame-options"], url).toBe("DENY");
      expect(framed.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
    }
  });

  it("lets only the site itself frame LOTTOUP Originals' pages (/external/originals/…), and nothing else", async () => {
    for (const url of [
      "/external/originals/lottoup-dice?token=abc&lang=th",
      "/external/originals/lottoup-baccarat",
      "/external/originals/api/session",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      const csp = res.headers["content-security-policy"] as string;
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).not.toContain("frame-ancestors 'none'");
    }
    // The login page keeps its own rule: any site may frame it.
    const login = await t.app.inject({ method: "GET", url: "/external/login" });
    expect(login.headers["x-frame-options"]).toBeUndefined();
    expect(login.headers["content-security-policy"]).not.toContain("frame-ancestors");
  });

  it("frames its own pages and nothing else by default: frame-src 'self', images from itself only", async () => {
    const csp = (await t.app.inject({ method: "GET", url: "/api/health" })).headers[
      "content-security-policy"
    ] as string;
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
    expect(directive("frame-src")).toBe("frame-src 'self'");
    expect(directive("img-src")).toBe("img-src 'self' data: blob:");
  });

  it("answers unknown API paths with a JSON { code, message }", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/users.nothing", payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: "NOT_FOUND", message: "Not Found" });
  });

  it("refuses bodies over 64 KB with a JSON error and accepts bodies just under; slips may be larger", async () => {
    const send = (url: string, bytes: number) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ agentId: 2, padding: "x".repeat(bytes) }),
      });
    const tooBig = await send("/api/agents-supports", 64 * 1024);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "Request body is too large." });
    expect((await send("/api/agents-supports", 60 * 1024)).statusCode).toBe(200);
    for (const url of [
      "/api/users.login",
      "/api/staff/login",
      "/poy-api/yings.create",
      "/api/deposits.normal",
    ]) {
      expect((await send(url, 100 * 1024)).statusCode, url).toBe(413);
    }
    // A slip or a number set of 1,000 lines is about 100 KB: read (and refused for want of a login), not 413.
    for (const url of ["/poy-api/poys.create", "/poy-api/number-sets.create"]) {
      expect((await send(url, 200 * 1024)).statusCode, url).toBe(401);
      expect((await send(url, 1024 * 1024)).statusCode, url).toBe(413);
    }
  });

  it("answers malformed JSON with a 400 { code, message }", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/agents-supports",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("serves the site detail and the centre agent's support data", async () => {
    const site = await t.app.inject({ method: "GET", url: "/api/site-details" });
    expect(site.json()).toEqual({
      title: "LOTTOUP",
      description: expect.any(String),
      siteVerification: "",
      gaID: "",
    });
    for (const req of [
      { method: "GET" as const, url: "/api/agents-supports" },
      { method: "GET" as const, url: "/api/agents-supports?agentId=0" },
      { method: "POST" as const, url: "/api/agents-supports", payload: { agentId: 999 } },
    ]) {
      const res = await t.app.inject(req);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ activeSupport: true, urlSupport: "/how-to" });
    }
    const bad = await t.app.inject({ method: "GET", url: "/api/agents-supports?agentId=abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: "VALIDATION", message: "agentId must be a whole number" });
  });

  it("tells the client the mode for the demo marker", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/app-config" });
    expect(res.json()).toEqual({
      mode: "demo",
      recaptchaSiteKey: null,
      lineLogin: false,
      liveChat: null,
      push: "local",
    });
  });

  it("keeps tokens and passwords out of logged URLs", () => {
    expect(redactUrl("/ccu/?EIO=4&transport=polling&token=eyJabc.def")).toBe(
      "/ccu/?EIO=4&transport=polling&token=[redacted]",
    );
    expect(redactUrl("/api/x?password=Secret1!&a=1")).toBe("/api/x?password=[redacted]&a=1");
    expect(redactUrl("/api/health")).toBe("/api/health");
  });
});

describe("allowed hosts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_HOSTS: "lottoup.example" });
  });
  afterAll(async () => t.close());

  it("serves an allowed host", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/site-details",
      headers: { host: "lottoup.example:443" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers another host with 'Not Allow Domain'", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/site-details",
      headers: { host: "evil.example" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "NOT_ALLOW_DOMAIN", message: "Not Allow Domain" });
  });

  it("still answers health checks addressed by IP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health", headers: { host: "10.0.0.5:8080" } });
    expect(res.statusCode).toBe(200);
  });
});

describe("serving the built app", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lottoup-static-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>shell</title>");
    writeFileSync(join(dir, "sw.js"), "self.addEventListener('fetch', () => {});");
    writeFileSync(join(dir, "manifest.webmanifest"), "{}");
    writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log(1)");
    t = await createTestApp({ STATIC_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers app routes with the shell, revalidated on every load", async () => {
    for (const url of ["/", "/howto/deposit", "/lotto/yeekee/123", "/no-such-page"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<title>shell</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    }
  });

  it("answers LOTTOUP Originals' game pages with the shell, framed by the site only; never its API", async () => {
    const page = await t.app.inject({
      method: "GET",
      url: "/external/originals/lottoup-dice?token=t&lang=th",
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>shell</title>");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    const api = await t.app.inject({ method: "GET", url: "/external/originals/api/session" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: "NOT_FOUND", message: "Not Found" });
    expect(api.headers["cache-control"]).toBe("no-store");
  });

  it("never answers API or socket paths with the shell", async () => {
    for (const url of ["/api/unknown", "/poy-api/unknown", "/api", "/external/originals/api/unknown"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: "NOT_FOUND", message: "Not Found" });
    }
  });

  it("serves the worker and the manifest without long-lived caching, hashed assets as immutable", async () => {
    const sw = await t.app.inject({ method: "GET", url: "/sw.js" });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers["cache-control"]).toBe("no-cache");
    const manifest = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers a missing file with 404, not the shell", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/missing-123.js" });
    expect(res.statusCode).toBe(404);
  });
});

describe("live chat widget configuration", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LIVECHAT_SCRIPT_URL: "https://chat.example.com/widget.js",
      LIVECHAT_READY_GLOBAL: "ChatWidget",
    });
  });
  afterAll(async () => t.close());

  it("tells the app the widget and lets only its origin through the CSP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/app-config" });
    expect(res.json().liveChat).toEqual({
      scriptUrl: "https://chat.example.com/widget.js",
      readyGlobal: "ChatWidget",
    });
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self' https://chat.example.com");
    expect(csp).toContain("connect-src 'self' https://chat.example.com");
    expect(csp).toContain("frame-src 'self' https://chat.example.com");
  });

  it("refuses a widget served over plain http", async () => {
    await expect(createTestApp({ LIVECHAT_SCRIPT_URL: "http://chat.example.com/widget.js" })).rejects.toThrow(
      /LIVECHAT_SCRIPT_URL: must be an https URL/,
    );
  });
});

describe("game providers' frames and images in the CSP", () => {
  it("frames the configured providers' pages and shows their images, beside the site's own", async () => {
    const t = await createTestApp({
      GAME_FRAME_ORIGINS: "https://games.provider.example, https://*.studio.example",
      GAME_IMAGE_ORIGINS: "https://cdn.provider.example",
      RECAPTCHA_SITE_KEY: "site-key-0123456789",
      RECAPTCHA_SECRET: "secret-0123456789",
    });
    try {
      for (const url of ["/api/health", "/external/originals/lottoup-dice", "/external/login"]) {
        const csp = (await t.app.inject({ method: "GET", url })).headers["content-security-policy"] as string;
        const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
        expect(directive("frame-src"), url).toBe(
          "frame-src 'self' https://www.google.com https://www.gstatic.com https://games.provider.example https://*.studio.example",
        );
        expect(directive("img-src"), url).toBe("img-src 'self' data: blob: https://cdn.provider.example");
        // Only frames and images: scripts and connections stay the site's own (and reCAPTCHA's script).
        expect(directive("connect-src"), url).toBe("connect-src 'self'");
        expect(directive("script-src"), url).toBe(
          "script-src 'self' https://www.google.com https://www.gstatic.com",
        );
      }
    } finally {
      await t.close();
    }
  });
});
