import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_SESSION_SECRET, loadConfig } from "./config.ts";
import { fastifyTrustProxy } from "./http/security.ts";

const productionEnv = {
  APP_MODE: "production",
  DATABASE_URL: "postgres://lottoup@db.internal:5432/lottoup",
  SESSION_SECRET: "x".repeat(48),
  ALLOWED_HOSTS: "lottoup.example, www.lottoup.example",
  SMS_PROVIDER: "http",
  SMS_HTTP_URL: "https://sms-gateway.internal/send",
  SMS_HTTP_TOKEN: "gateway-token-123",
  DRAW_SEED_KEY: "d".repeat(48),
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
    // DATABASE_URL, SESSION_SECRET, ALLOWED_HOSTS, SMS_PROVIDER and (issue 12) DRAW_SEED_KEY.
    expect(problemsOf({ APP_MODE: "production" })).toHaveLength(5);
  });

  it("requires a draw key of at least 32 characters in production, and uses the labelled demo key in demo", () => {
    const { DRAW_SEED_KEY: _, ...env } = productionEnv;
    expect(problemsOf(env)).toEqual([expect.stringMatching(/^DRAW_SEED_KEY: required in production/)]);
    expect(problemsOf({ ...productionEnv, DRAW_SEED_KEY: "short" })).toEqual([
      expect.stringMatching(/^DRAW_SEED_KEY: must be at least 32 characters/),
    ]);
    expect(loadConfig(productionEnv).drawSeedKey).toBe("d".repeat(48));
    expect(loadConfig({}).drawSeedKey).toMatch(/^demo-only-/);
  });

  it("makes the operator choose the mode when DATABASE_URL is set", () => {
    const problems = problemsOf({ DATABASE_URL: "postgres://lottoup@db.internal/lottoup" });
    expect(problems).toEqual([expect.stringMatching(/^APP_MODE: .*APP_MODE=demo .*APP_MODE=production/)]);
    expect(
      loadConfig({ DATABASE_URL: "postgres://lottoup@db.internal/lottoup", APP_MODE: "demo" }).mode,
    ).toBe("demo");
    // Without a database server, the embedded demo is still what `npm start` runs.
    expect(loadConfig({}).mode).toBe("demo");
  });

  it("reads TRUST_PROXY as none, a hop count or a list of proxy addresses and ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,::1,fd00::/8, loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    for (const bad of ["yes", "10.0.0.0/33", "proxy.internal", "10.0.0.1/8/1", "::1/129", ","]) {
      expect(problemsOf({ TRUST_PROXY: bad })[0], bad).toMatch(/^TRUST_PROXY: /);
    }
  });

  it("refuses TRUST_PROXY=true in production, naming the variable", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(problemsOf({ ...productionEnv, TRUST_PROXY: "true" })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: 'true' lets any client forge its address/),
    ]);
    expect(loadConfig({ ...productionEnv, TRUST_PROXY: "10.0.0.2" }).trustProxy).toEqual(["10.0.0.2"]);
  });

  it("takes the client address from X-Forwarded-For only when the peer is a listed proxy or within the hops", async () => {
    async function ipSeen(trustProxy: string, forwardedFor: string): Promise<string> {
      const app = Fastify({
        trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy),
      });
      app.get("/ip", async (request) => request.ip);
      // inject's peer is 127.0.0.1.
      const res = await app.inject({ url: "/ip", headers: { "x-forwarded-for": forwardedFor } });
      await app.close();
      return res.body;
    }
    expect(await ipSeen("false", "203.0.113.9")).toBe("127.0.0.1");
    expect(await ipSeen("10.0.0.1", "203.0.113.9")).toBe("127.0.0.1");
    expect(await ipSeen("127.0.0.1", "203.0.113.9")).toBe("203.0.113.9");
    // One hop: the proxy's own view of its client, not what the client wrote further left.
    expect(await ipSeen("1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(await ipSeen("loopback", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
  });

  it("refuses http:// provider URLs in production, naming each", () => {
    expect(problemsOf({ ...productionEnv, SMS_HTTP_URL: "http://sms-gateway.internal/send" })).toEqual([
      expect.stringMatching(/^SMS_HTTP_URL: must be an https:\/\/ URL in production/),
    ]);
    const line = {
      LINE_CHANNEL_ID: "1650000000",
      LINE_CHANNEL_SECRET: "line-secret-123",
      LINE_REDIRECT_URI: "http://lottoup.example/login/line/auth",
      LINE_TOKEN_URL: "http://api.line.me/oauth2/v2.1/token",
      RECAPTCHA_SITE_KEY: "site-key-1234567",
      RECAPTCHA_SECRET: "secret-key-1234567",
      RECAPTCHA_VERIFY_URL: "http://www.google.com/recaptcha/api/siteverify",
    };
    expect(problemsOf({ ...productionEnv, ...line }).map((p) => p.split(":")[0])).toEqual([
      "LINE_REDIRECT_URI",
      "LINE_TOKEN_URL",
      "RECAPTCHA_VERIFY_URL",
    ]);
    // The demo may talk to stand-ins on this machine.
    expect(loadConfig(line).line?.tokenUrl).toBe("http://api.line.me/oauth2/v2.1/token");
  });

  it("takes a separate migration role only next to DATABASE_URL", () => {
    const config = loadConfig({
      ...productionEnv,
      DATABASE_MIGRATION_URL: "postgres://lottoup_owner@db.internal:5432/lottoup",
    });
    expect(config.databaseMigrationUrl).toBe("postgres://lottoup_owner@db.internal:5432/lottoup");
    expect(loadConfig(productionEnv).databaseMigrationUrl).toBeUndefined();
    expect(problemsOf({ DATABASE_MIGRATION_URL: "postgres://owner@db/x" })[0]).toMatch(
      /^DATABASE_MIGRATION_URL: set DATABASE_URL too/,
    );
  });
});

describe("FOUR_EYES_THRESHOLD_BAHT", () => {
  it("defaults to 5,000 baht in both modes and takes only whole baht", () => {
    expect(loadConfig({}).fourEyesThreshold).toBe(500_000n);
    expect(loadConfig(productionEnv).fourEyesThreshold).toBe(500_000n);
    expect(loadConfig({ FOUR_EYES_THRESHOLD_BAHT: "0" }).fourEyesThreshold).toBe(0n);
    expect(loadConfig({ FOUR_EYES_THRESHOLD_BAHT: "20000" }).fourEyesThreshold).toBe(2_000_000n);
    for (const bad of ["5000.5", "-1", "5,000", "lots"]) {
      expect(problemsOf({ FOUR_EYES_THRESHOLD_BAHT: bad }).join("\n")).toMatch(/FOUR_EYES_THRESHOLD_BAHT/);
    }
  });
});
