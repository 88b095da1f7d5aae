import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/harness.ts";

/** The demo's stand-ins (SMS inbox, demo bank, demo chain) exist in demo mode only. */
describe("demo routes by mode", () => {
  let demo: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
    production = await createTestApp({
      APP_MODE: "production",
      DATABASE_URL: "postgres://unused@127.0.0.1/unused",
      SESSION_SECRET: "p".repeat(40),
      DRAW_SEED_KEY: "d".repeat(40),
      ALLOWED_HOSTS: "localhost",
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: "https://127.0.0.1:9/unused",
      SMS_HTTP_TOKEN: "unused-token",
    });
  }, 180_000);
  afterAll(async () => {
    await demo?.close();
    await production?.close();
  });

  const routes = [
    ["GET", "/api/demo/sms-outbox?phoneNumber=0812345678"],
    ["POST", "/api/demo-bank/transfer"],
    ["POST", "/api/demo-chain/confirm"],
  ] as const;

  it("has no demo SMS inbox, demo bank or demo chain in production", async () => {
    for (const [method, url] of routes) {
      const res = await production.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: "NOT_FOUND", message: "Not Found" });
    }
  });

  it("has them in demo mode", async () => {
    for (const [method, url] of routes) {
      const res = await demo.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
      expect(res.statusCode, url).not.toBe(404);
    }
  });
});
