import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSameSite, registerCsrfProtection, requestSource } from "./security.ts";

/** The hook alone, on routes standing in for the exempt ones (the provider callbacks do not exist yet). */
const app = Fastify();
registerCsrfProtection(app);
for (const url of [
  "/api/bank-feed/statements",
  "/api/bank-feed/statements.other",
  "/api/providers/hub88/:action",
  "/api/users-infos.update",
]) {
  app.post(url, async () => ({ ok: true }));
  app.get(url, async () => ({ ok: true }));
}
beforeAll(async () => app.ready());
afterAll(async () => app.close());

const post = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url, payload: {}, headers: { host: "lottoup.example", ...headers } });

const COOKIE = { cookie: "accessToken=x.y.z" };
const APP = { "x-requested-with": "lottoup", origin: "https://lottoup.example" };

describe("the CSRF hook", () => {
  it("lets reads through: GET changes nothing, so it needs no header", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/users-infos.update",
      headers: { host: "lottoup.example", ...COOKIE, origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("exempts the bank feed by its exact route, and nothing that merely starts like it", async () => {
    expect((await post("/api/bank-feed/statements", { origin: "https://evil.example" })).statusCode).toBe(
      200,
    );
    expect((await post("/api/bank-feed/statements?x=1", COOKIE)).statusCode).toBe(200);
    expect((await post("/api/bank-feed/statements.other", COOKIE)).statusCode).toBe(403);
  });

  it("exempts the provider callbacks only when they carry no session cookie", async () => {
    expect((await post("/api/providers/hub88/win")).statusCode).toBe(200);
    expect((await post("/api/providers/hub88/win", COOKIE)).statusCode).toBe(403);
    expect((await post("/api/providers/hub88/win", { cookie: "staffToken=x.y.z" })).statusCode).toBe(403);
    expect((await post("/api/providers/hub88/win", { ...COOKIE, ...APP })).statusCode).toBe(200);
  });

  it("refuses a cookie-authenticated change without the header or from elsewhere; takes the app's", async () => {
    const url = "/api/users-infos.update";
    expect((await post(url, COOKIE)).json().code).toBe("CSRF_REFUSED");
    expect((await post(url, { ...COOKIE, ...APP })).statusCode).toBe(200);
    expect(
      (await post(url, { ...COOKIE, ...APP, origin: "http://lottoup.example.evil.example" })).statusCode,
    ).toBe(403);
    // Without a cookie nothing is at stake but a forged login; another site's page is still refused.
    expect((await post(url)).statusCode).toBe(200);
    expect((await post(url, { origin: "https://evil.example" })).statusCode).toBe(403);
    // An empty cookie is no session.
    expect((await post(url, { cookie: "accessToken=" })).statusCode).toBe(200);
  });
});

describe("where a request comes from", () => {
  it("compares host name and port with the Host header, not the scheme (TLS may end at a proxy)", () => {
    expect(isSameSite("https://lottoup.example", "lottoup.example")).toBe(true);
    expect(isSameSite("http://lottoup.example", "lottoup.example")).toBe(true);
    expect(isSameSite("https://LottoUp.example", "lottoup.example:443")).toBe(true);
    expect(isSameSite("http://localhost:4320", "localhost:4320")).toBe(true);
    expect(isSameSite("http://[::1]:8080", "[::1]:8080")).toBe(true);
    expect(isSameSite("https://lottoup.example:8443", "lottoup.example")).toBe(false);
    expect(isSameSite("http://localhost:4321", "localhost:4320")).toBe(false);
    expect(isSameSite("https://sub.lottoup.example", "lottoup.example")).toBe(false);
    expect(isSameSite("null", "lottoup.example")).toBe(false);
    expect(isSameSite("file:///x", "lottoup.example")).toBe(false);
    expect(isSameSite("https://lottoup.example", "")).toBe(false);
  });

  it("reads Origin first, then Sec-Fetch-Site, then Referer", () => {
    const host = "lottoup.example";
    expect(requestSource({ origin: "https://evil.example", "sec-fetch-site": "same-origin" }, host)).toBe(
      "foreign",
    );
    expect(requestSource({ "sec-fetch-site": "same-origin" }, host)).toBe("own");
    expect(requestSource({ "sec-fetch-site": "same-site" }, host)).toBe("foreign");
    expect(requestSource({ referer: "https://lottoup.example/profile" }, host)).toBe("own");
    expect(requestSource({ referer: "https://evil.example/" }, host)).toBe("foreign");
    expect(requestSource({ "sec-fetch-site": "none" }, host)).toBe("unknown");
    expect(requestSource({}, host)).toBe("unknown");
  });
});
