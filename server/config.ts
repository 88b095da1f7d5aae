import * as v from "valibot";
import { parseServiceAccount, type ServiceAccount } from "./providers/push.ts";

/**
 * Environment -> typed configuration. Every variable is documented in README.md ("Configuration").
 * Demo mode (the default, what `npm start` runs) may use the embedded database, default secrets and the
 * built-in demo providers. Production mode refuses each of those and names the setting that is wrong.
 */

export const DEMO_SESSION_SECRET = "demo-only-session-secret-do-not-use-in-production";

const boolFromEnv = v.pipe(
  v.optional(v.picklist(["true", "false", "1", "0"]), "false"),
  v.transform((s) => s === "true" || s === "1"),
);

/** Whole baht a yeekee shooter bonus may be at most. */
export const SHOOTER_BONUS_MAX_BAHT = 10_000;
/** Whole baht, 0 (that place's bonus off) to SHOOTER_BONUS_MAX_BAHT. Satang for the ledger. */
const shooterBonusBaht = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, "must be a whole number of baht"),
    v.transform(Number),
    v.maxValue(SHOOTER_BONUS_MAX_BAHT, `must be at most ${SHOOTER_BONUS_MAX_BAHT} baht`),
    v.transform((baht) => BigInt(baht) * 100n),
  ),
);

const EnvSchema = v.object({
  APP_MODE: v.optional(v.picklist(["demo", "production"]), "demo"),
  PORT: v.pipe(
    v.optional(v.string(), "8080"),
    v.regex(/^\d+$/, "must be a port number"),
    v.transform(Number),
    v.minValue(0),
    v.maxValue(65535),
  ),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1))),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL"))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), "./data"),
  STATIC_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), "./dist"),
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\//, "must be a redis:// URL"))),
  REDIS_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[\w:.-]{1,60}$/, "must be 1-60 letters, digits or :._-")),
    "lottoup",
  ),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
  ALLOWED_HOSTS: v.optional(v.string()),
  LOG_LEVEL: v.optional(v.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  TRUST_PROXY: boolFromEnv,
  SMS_PROVIDER: v.optional(v.picklist(["outbox", "http"]), "outbox"),
  SMS_HTTP_URL: v.optional(v.pipe(v.string(), v.url("must be a URL"))),
  SMS_HTTP_TOKEN: v.optional(v.pipe(v.string(), v.minLength(8))),
  LINE_CHANNEL_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  LINE_CHANNEL_SECRET: v.optional(v.pipe(v.string(), v.minLength(8))),
  LINE_REDIRECT_URI: v.optional(v.pipe(v.string(), v.url("must be a URL"))),
  LINE_AUTHORIZE_URL: v.optional(
    v.pipe(v.string(), v.url("must be a URL")),
    "https://access.line.me/oauth2/v2.1/authorize",
  ),
  LINE_TOKEN_URL: v.optional(
    v.pipe(v.string(), v.url("must be a URL")),
    "https://api.line.me/oauth2/v2.1/token",
  ),
  LINE_ISSUER: v.optional(v.pipe(v.string(), v.url("must be a URL")), "https://access.line.me"),
  LIVECHAT_SCRIPT_URL: v.optional(
    v.pipe(v.string(), v.url("must be a URL"), v.startsWith("https://", "must be an https URL")),
  ),
  LIVECHAT_READY_GLOBAL: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z_$][\w$]*$/, "must be a JavaScript identifier")),
    "LiveChatWidget",
  ),
  BANK_FEED_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
  SIGNUP_LIMIT_PER_IP: v.pipe(
    v.optional(v.string(), "30"),
    v.regex(/^\d+$/, "must be a whole number"),
    v.transform(Number),
    v.minValue(1, "must be at least 1"),
    v.maxValue(100_000, "must be at most 100000"),
  ),
  RECAPTCHA_SITE_KEY: v.optional(v.pipe(v.string(), v.minLength(10))),
  RECAPTCHA_SECRET: v.optional(v.pipe(v.string(), v.minLength(10))),
  RECAPTCHA_VERIFY_URL: v.optional(v.pipe(v.string(), v.url("must be a URL"))),
  RESULTS_FEED: v.optional(v.picklist(["demo", "none"], "must be demo or none")),
  YEEKEE_SHOOTER_BONUS_FIRST: shooterBonusBaht,
  YEEKEE_SHOOTER_BONUS_SIXTEENTH: shooterBonusBaht,
  FIREBASE_SERVICE_ACCOUNT: v.optional(v.pipe(v.string(), v.minLength(1))),
});

export type AppMode = "demo" | "production";

export interface Config {
  mode: AppMode;
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  staticDir: string;
  redisUrl: string | undefined;
  /** Prefix of the Redis channels; every process serving one site uses the same one. */
  redisKey: string;
  sessionSecret: string;
  /** Host names (without port) the site answers for; "*" accepts any host. */
  allowedHosts: readonly string[];
  logLevel: string;
  trustProxy: boolean;
  /** outbox: messages stay in the sms_outbox table (demo); http: POSTed to an SMS gateway. */
  sms: { provider: "outbox" } | { provider: "http"; url: string; token: string };
  /** LINE login (OpenID Connect code flow with PKCE); null hides the LINE button. */
  line: {
    channelId: string;
    channelSecret: string;
    redirectUri: string;
    authorizeUrl: string;
    tokenUrl: string;
    issuer: string;
  } | null;
  /** A third-party live-chat widget: its script and the global it defines when ready; null = no widget. */
  liveChat: { scriptUrl: string; readyGlobal: string } | null;
  /** reCAPTCHA v3 on sign-up and login: both keys set, or neither. */
  recaptcha: { siteKey: string; secret: string; verifyUrl: string | undefined } | null;
  /** HMAC key of the bank statement webhook; null turns the webhook off (404). */
  bankFeedSecret: string | null;
  /** Sign-ups allowed per client address per hour (many players share a carrier's address: CGNAT). */
  signupLimitPerIp: number;
  /** Where gov, stock and 4-digit results come from besides staff: the demo feed (random, demo mode) or none. */
  resultsFeed: "demo" | "none";
  /**
   * The yeekee shooter bonus (DOMAIN.md "Yeekee shooting (ying)"), in satang: paid with each drawn round to the
   * shooters at places #1 and #16 who have a slip in it; 0 turns that place's bonus off.
   */
  yeekeeShooterBonus: ShooterBonus;
  /**
   * Push notifications: Firebase Cloud Messaging when a service account is set; otherwise the outbox is the
   * record (and in demo mode the app registers local stand-in tokens, so the whole flow runs without Firebase).
   */
  push: { provider: "firebase"; serviceAccount: ServiceAccount } | { provider: "local" | "none" };
}

/** Satang per bonus place (server/modules/lotto/draws.ts); 0n = no bonus for that place. */
export interface ShooterBonus {
  first: bigint;
  sixteenth: bigint;
}

/** What YEEKEE_SHOOTER_BONUS_FIRST / _SIXTEENTH default to in demo mode: 50 baht each. */
export const DEFAULT_SHOOTER_BONUS: Readonly<ShooterBonus> = { first: 5_000n, sixteenth: 5_000n };
/**
 * In production the bonus is off unless the operator sets it: it pays the house's money, so it starts only as an
 * explicit decision, with its terms published.
 */
const NO_SHOOTER_BONUS: Readonly<ShooterBonus> = { first: 0n, sixteenth: 0n };

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = v.safeParse(EnvSchema, env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.issues.map((issue) => {
        const key = issue.path?.map((p) => String(p.key)).join(".") ?? "environment";
        return `${key}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.output;
  const mode = e.APP_MODE;
  const config: Config = {
    mode,
    port: e.PORT,
    host: e.HOST ?? (mode === "production" ? "0.0.0.0" : "127.0.0.1"),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    staticDir: e.STATIC_DIR,
    redisUrl: e.REDIS_URL,
    redisKey: e.REDIS_KEY,
    sessionSecret: e.SESSION_SECRET ?? DEMO_SESSION_SECRET,
    allowedHosts: (e.ALLOWED_HOSTS ?? (mode === "demo" ? "*" : ""))
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sms:
      e.SMS_PROVIDER === "http"
        ? { provider: "http", url: e.SMS_HTTP_URL ?? "", token: e.SMS_HTTP_TOKEN ?? "" }
        : { provider: "outbox" },
    line:
      e.LINE_CHANNEL_ID && e.LINE_CHANNEL_SECRET && e.LINE_REDIRECT_URI
        ? {
            channelId: e.LINE_CHANNEL_ID,
            channelSecret: e.LINE_CHANNEL_SECRET,
            redirectUri: e.LINE_REDIRECT_URI,
            authorizeUrl: e.LINE_AUTHORIZE_URL,
            tokenUrl: e.LINE_TOKEN_URL,
            issuer: e.LINE_ISSUER,
          }
        : null,
    liveChat: e.LIVECHAT_SCRIPT_URL
      ? { scriptUrl: e.LIVECHAT_SCRIPT_URL, readyGlobal: e.LIVECHAT_READY_GLOBAL }
      : null,
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET
        ? { siteKey: e.RECAPTCHA_SITE_KEY, secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL }
        : null,
    bankFeedSecret: e.BANK_FEED_SECRET ?? null,
    signupLimitPerIp: e.SIGNUP_LIMIT_PER_IP,
    resultsFeed: e.RESULTS_FEED ?? (mode === "demo" ? "demo" : "none"),
    yeekeeShooterBonus: {
      first:
        e.YEEKEE_SHOOTER_BONUS_FIRST ?? (mode === "demo" ? DEFAULT_SHOOTER_BONUS : NO_SHOOTER_BONUS).first,
      sixteenth:
        e.YEEKEE_SHOOTER_BONUS_SIXTEENTH ??
        (mode === "demo" ? DEFAULT_SHOOTER_BONUS : NO_SHOOTER_BONUS).sixteenth,
    },
    push: pushConfig(e.FIREBASE_SERVICE_ACCOUNT, mode),
  };
  if (e.SMS_PROVIDER === "http" && (!e.SMS_HTTP_URL || !e.SMS_HTTP_TOKEN)) {
    throw new ConfigError(["SMS_HTTP_URL / SMS_HTTP_TOKEN: required when SMS_PROVIDER is http"]);
  }
  const lineSettings = [e.LINE_CHANNEL_ID, e.LINE_CHANNEL_SECRET, e.LINE_REDIRECT_URI].filter(Boolean).length;
  if (lineSettings !== 0 && lineSettings !== 3) {
    throw new ConfigError([
      "LINE_CHANNEL_ID / LINE_CHANNEL_SECRET / LINE_REDIRECT_URI: set all three for LINE login, or none",
    ]);
  }
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET)) {
    throw new ConfigError([
      "RECAPTCHA_SITE_KEY / RECAPTCHA_SECRET: set both to turn reCAPTCHA on, or neither",
    ]);
  }
  if (mode === "production") assertProductionReady(config);
  return config;
}

function pushConfig(serviceAccount: string | undefined, mode: AppMode): Config["push"] {
  if (!serviceAccount) return { provider: mode === "demo" ? "local" : "none" };
  try {
    return { provider: "firebase", serviceAccount: parseServiceAccount(serviceAccount) };
  } catch (err) {
    throw new ConfigError([`FIREBASE_SERVICE_ACCOUNT: ${(err as Error).message}`]);
  }
}

/** Production refuses anything that only makes sense for the local demo, naming each wrong setting. */
function assertProductionReady(config: Config): void {
  const problems: string[] = [];
  if (!config.databaseUrl) {
    problems.push("DATABASE_URL: required in production (the embedded database is for the demo only)");
  }
  if (config.sessionSecret === DEMO_SESSION_SECRET) {
    problems.push("SESSION_SECRET: required in production; the demo default is public");
  }
  if (config.allowedHosts.length === 0) {
    problems.push("ALLOWED_HOSTS: required in production (comma-separated host names the site answers for)");
  } else if (config.allowedHosts.includes("*")) {
    problems.push("ALLOWED_HOSTS: '*' is for the demo only; list the real host names");
  }
  if (config.sms.provider === "outbox") {
    problems.push(
      "SMS_PROVIDER: 'outbox' only records messages (demo); set http with SMS_HTTP_URL and SMS_HTTP_TOKEN",
    );
  }
  if (config.resultsFeed === "demo") {
    problems.push("RESULTS_FEED: 'demo' draws random results (demo only); use none (staff enter results)");
  }
  if (problems.length > 0) throw new ConfigError(problems);
}
