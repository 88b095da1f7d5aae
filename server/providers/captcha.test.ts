import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";

const SECRET = "test-recaptcha-secret";
const SITE_KEY = "test-recaptcha-site-key";

/** Stands in for Google's siteverify: "good-<action>" passes for that action, "bot" has a low score. */
function fakeGoogle(): Promise<{ server: Server; url: string; seen: URLSearchParams[] }> {
  const seen: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const token = form.get("response") ?? "";
      const okSecret = form.get("secret") === SECRET;
      const result = token.startsWith("good-")
        ? { success: okSecret, score: 0.9, action: token.slice(5) }
        : token === "bot"
          ? { success: true, score: 0.1, action: "login" }
          : { success: false, "error-codes": ["invalid-input-response"] };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(result));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`, seen }),
    ),
  );
}

describe("reCAPTCHA on sign-up and login", () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof fakeGoogle>>;

  beforeAll(async () => {
    google = await fakeGoogle();
    t = await createTestApp({
      RECAPTCHA_SITE_KEY: SITE_KEY,
      RECAPTCHA_SECRET: SECRET,
      RECAPTCHA_VERIFY_URL: google.url,
    });
  });
  afterAll(async () => {
    await t.close();
    google.server.close();
  });

  const signup = (userName: string, recaptchaToken?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/users.signup",
      payload: {
        userName,
        password: "Secret#123",
        phoneNumber: "0812345678",
        ...(recaptchaToken ? { recaptchaToken } : {}),
      },
    });

  it("refuses sign-up without a token, with a bad one, or one made for another action", async () => {
    for (const token of [undefined, "forged", "good-login"]) {
      const res = await signup("captchaone1", token);
      expect(res.statusCode, String(token)).toBe(400);
      expect(res.json()).toEqual({ code: "RECAPTCHA", message: "cannot confirm reCaptcha with Google" });
    }
    const ok = await signup("captchaone1", "good-signup");
    expect(ok.statusCode).toBe(201);
    expect(google.seen.at(-1)?.get("secret")).toBe(SECRET);
  });

  it("refuses a login whose token scores like a bot", async () => {
    const login = (recaptchaToken: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/users.login",
        payload: { userName: "captchaone1", password: "Secret#123", recaptchaToken },
      });
    expect((await login("bot")).json().code).toBe("RECAPTCHA");
    expect((await login("good-login")).statusCode).toBe(200);
  });

  it("tells the app the site key and lets Google's script through the CSP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/app-config" });
    expect(res.json()).toEqual({
      mode: "demo",
      recaptchaSiteKey: SITE_KEY,
      lineLogin: false,
      liveChat: null,
      push: "local",
    });
    expect(res.headers["content-security-policy"]).toContain(
      "script-src 'self' https://www.google.com https://www.gstatic.com",
    );
  });

  it("is off without configuration, and half a configuration is refused", () => {
    expect(loadConfig({}).recaptcha).toBeNull();
    expect(() => loadConfig({ RECAPTCHA_SECRET: SECRET })).toThrow(ConfigError);
  });
});
