import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_SESSION_SECRET, loadConfig } from "./config.ts";

const productionEnv = {
  APP_MODE: "production",
  DATABASE_URL: "postgres://lottoup@db.internal:5432/lottoup",
  SESSION_SECRET: "x".repeat(48),
  ALLOWED_HOSTS: "lottoup.example, www.lottoup.example",
  SMS_PROVIDER: "http",
  SMS_HTTP_URL: "https://sms-gateway.internal/send",
  SMS_HTTP_TOKEN: "gateway-token-123",
};

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe("loadConfig", () => {
  it("defaults to the embedded demo on port 8080 with data in ./data", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: "demo",
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: undefined,
      dataDir: "./data",
      allowedHosts: ["*"],
      sessionSecret: DEMO_SESSION_SECRET,
    });
  });

  it("reads PORT and lists of hosts", () => {
    const config = loadConfig({ PORT: "9090", ALLOWED_HOSTS: "A.example, b.example" });
    expect(config.port).toBe(9090);
    expect(config.allowedHosts).toEqual(["a.example", "b.example"]);
  });

  it("reads the sign-up limit per address, 30 an hour unless set", () => {
    expect(loadConfig({}).signupLimitPerIp).toBe(30);
    expect(loadConfig({ SIGNUP_LIMIT_PER_IP: "500" }).signupLimitPerIp).toBe(500);
    expect(problemsOf({ SIGNUP_LIMIT_PER_IP: "0" }).join()).toMatch(/SIGNUP_LIMIT_PER_IP/);
    expect(problemsOf({ SIGNUP_LIMIT_PER_IP: "lots" }).join()).toMatch(/SIGNUP_LIMIT_PER_IP/);
  });

  it("reads the yeekee shooter bonuses in whole baht: 50 each in demo and off in production unless set, 0 to turn one off", () => {
    expect(loadConfig({}).yeekeeShooterBonus).toEqual({ first: 5_000n, sixteenth: 5_000n });
    expect(loadConfig(productionEnv).yeekeeShooterBonus).toEqual({ first: 0n, sixteenth: 0n });
    expect(
      loadConfig({ ...productionEnv, YEEKEE_SHOOTER_BONUS_FIRST: "20", YEEKEE_SHOOTER_BONUS_SIXTEENTH: "30" })
        .yeekeeShooterBonus,
    ).toEqual({ first: 2_000n, sixteenth: 3_000n });
    expect(
      loadConfig({ YEEKEE_SHOOTER_BONUS_FIRST: "100", YEEKEE_SHOOTER_BONUS_SIXTEENTH: "0" })
        .yeekeeShooterBonus,
    ).toEqual({ first: 10_000n, sixteenth: 0n });
    expect(loadConfig({ YEEKEE_SHOOTER_BONUS_FIRST: "10000" }).yeekeeShooterBonus.first).toBe(1_000_000n);
    for (const bad of ["-1", "12.50", "50 baht", "", "10001", "99999999999"]) {
      expect(problemsOf({ YEEKEE_SHOOTER_BONUS_FIRST: bad })[0], bad).toMatch(
        /^YEEKEE_SHOOTER_BONUS_FIRST: /,
      );
      expect(problemsOf({ YEEKEE_SHOOTER_BONUS_SIXTEENTH: bad })[0], bad).toMatch(
        /^YEEKEE_SHOOTER_BONUS_SIXTEENTH: /,
      );
    }
    expect(problemsOf({ YEEKEE_SHOOTER_BONUS_FIRST: "10001" })[0]).toMatch(/at most 10000 baht/);
  });

  it("names the variable that is malformed", () => {
    expect(problemsOf({ PORT: "eighty" })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ DATABASE_URL: "mysql://x" })[0]).toMatch(/^DATABASE_URL: must be a postgres/);
    expect(problemsOf({ APP_MODE: "staging" })[0]).toMatch(/^APP_MODE: /);
    expect(problemsOf({ SESSION_SECRET: "short" })[0]).toMatch(/^SESSION_SECRET: must be at least 32/);
  });

  it("accepts a complete production configuration and binds to all interfaces", () => {
    const config = loadConfig(productionEnv);
    expect(config.mode).toBe("production");
    expect(config.host).toBe("0.0.0.0");
    expect(config.allowedHosts).toEqual(["lottoup.example", "www.lottoup.example"]);
  });

  it("refuses the embedded database in production", () => {
    const { DATABASE_URL: _, ...env } = productionEnv;
    expect(problemsOf(env)).toEqual([expect.stringMatching(/^DATABASE_URL: required in production/)]);
  });

  it("refuses the demo session secret in production", () => {
    const { SESSION_SECRET: _, ...env } = productionEnv;
    expect(problemsOf(env)).toEqual([expect.stringMatching(/^SESSION_SECRET: required in production/)]);
  });

  it("refuses a missing or wildcard host list in production", () => {
    const { ALLOWED_HOSTS: _, ...env } = productionEnv;
    expect(problemsOf(env)).toEqual([expect.stringMatching(/^ALLOWED_HOSTS: required/)]);
    expect(problemsOf({ ...productionEnv, ALLOWED_HOSTS: "*" })).toEqual([
      expect.stringMatching(/^ALLOWED_HOSTS: '\*' is for the demo only/),
    ]);
  });

  it("refuses the demo SMS outbox in production and needs the gateway's address and token", () => {
    const { SMS_PROVIDER: _, ...env } = productionEnv;
    expect(problemsOf(env)).toEqual([expect.stringMatching(/^SMS_PROVIDER: 'outbox' only records messages/)]);
    expect(problemsOf({ ...productionEnv, SMS_HTTP_TOKEN: "" })[0]).toMatch(/^SMS_HTTP_TOKEN: /);
    const { SMS_HTTP_URL: __, ...noUrl } = productionEnv;
    expect(problemsOf(noUrl)).toEqual([expect.stringMatching(/^SMS_HTTP_URL \/ SMS_HTTP_TOKEN: required/)]);
  });

  it("lists every wrong setting at once", () => {
    expect(problemsOf({ APP_MODE: "production" })).toHaveLength(4);
  });
});
