import { createHmac, createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import * as v from "valibot";
import { GAME_PROVIDER_SLUGS, slugVariable } from "../src/domain/gamePlatform.ts";
import { DEMO_DRAW_SEED_KEY } from "./modules/lotto/drawSecrets.ts";
import { parseServiceAccount, type ServiceAccount } from "./providers/push.ts";

/**
 * Environment -> typed configuration. Every variable is documented in README.md ("Configuration").
 * Demo mode (the default, what `npm start` runs) may use the embedded database, default secrets and the
 * built-in demo providers. Production mode refuses each of those and names the setting that is wrong.
 */

export const DEMO_SESSION_SECRET = "demo-only-session-secret-do-not-use-in-production";

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
  // No default here: with DATABASE_URL set the operator must choose (loadConfig), so a production database is never
  // served in demo mode by a forgotten variable.
  APP_MODE: v.optional(v.picklist(["demo", "production"])),
  PORT: v.pipe(
    v.optional(v.string(), "8080"),
    v.regex(/^\d+$/, "must be a port number"),
    v.transform(Number),
    v.minValue(0),
    v.maxValue(65535),
  ),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1))),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL"))),
  DATABASE_MIGRATION_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  ),
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
  TRUST_PROXY: v.optional(v.string()),
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
  PUBLIC_READ_LIMIT_PER_IP: v.pipe(
    v.optional(v.string(), "600"),
    v.regex(/^\d+$/, "must be a whole number"),
    v.transform(Number),
    v.minValue(10, "must be at least 10"),
    v.maxValue(1_000_000, "must be at most 1000000"),
  ),
  RECAPTCHA_SITE_KEY: v.optional(v.pipe(v.string(), v.minLength(10))),
  RECAPTCHA_SECRET: v.optional(v.pipe(v.string(), v.minLength(10))),
  RECAPTCHA_VERIFY_URL: v.optional(v.pipe(v.string(), v.url("must be a URL"))),
  RESULTS_FEED: v.optional(v.picklist(["demo", "none"], "must be demo or none")),
  FOUR_EYES_THRESHOLD_BAHT: v.pipe(
    v.optional(v.string(), "5000"),
    v.regex(/^\d{1,9}$/, "must be a whole number of baht"),
    v.transform((baht) => BigInt(baht) * 100n),
  ),
  YEEKEE_SHOOTER_BONUS_FIRST: shooterBonusBaht,
  YEEKEE_SHOOTER_BONUS_SIXTEENTH: shooterBonusBaht,
  FIREBASE_SERVICE_ACCOUNT: v.optional(v.pipe(v.string(), v.minLength(1))),
  DRAW_SEED_KEY: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
  HUB88_API_URL: v.optional(v.pipe(v.string(), v.url("must be a URL"))),
  HUB88_OPERATOR_ID: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,9}$/, "must be the whole number Hub88 assigned"),
      v.transform(Number),
      v.maxValue(2_147_483_647, "must be the whole number Hub88 assigned"),
    ),
  ),
  HUB88_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  HUB88_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  GAME_FRAME_ORIGINS: v.optional(v.string()),
  GAME_IMAGE_ORIGINS: v.optional(v.string()),
  GAMES_DEMO_STANDIN: v.optional(v.picklist(["on", "off"], "must be on or off")),
  HUB88_STANDIN_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, "must be a port number"),
      v.transform(Number),
      v.minValue(1, "must be a port number"),
      v.maxValue(65535, "must be a port number"),
    ),
  ),
});

export type AppMode = "demo" | "production";

export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for the private ranges, accepted in a TRUST_PROXY list like addresses. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/false/0 = trust no proxy; a whole number = that many proxy hops; else a comma-separated list
 * of proxy addresses or CIDR ranges. `true` trusts every peer (so anyone can forge X-Forwarded-For and slip past
 * each per-address limit): demo only, refused in production by assertProductionReady.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const text = (raw ?? "").trim();
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") return true;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || bad.length > 0) {
    throw new ConfigError([
      `TRUST_PROXY: must be false, a hop count (1-99) or a comma-separated list of proxy addresses/CIDR ranges${
        bad.length > 0 ? ` (not an address or range: ${bad.join(", ")})` : ""
      }`,
    ]);
  }
  return entries;
}

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
  /**
   * Which peers may set X-Forwarded-For/-Proto (Fastify's trustProxy): false = none; a hop count; or the proxies'
   * addresses and CIDR ranges. `true` (any peer) only in demo: anyone could then forge their address.
   */
  trustProxy: TrustProxy;
  /** PostgreSQL URL migrations run with (a role that owns the schema); the app itself runs as databaseUrl. */
  databaseMigrationUrl: string | undefined;
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
  /**
   * Four eyes on money (docs/security.md "Money under four eyes"), in satang: a staff deposit approval, transfer
   * pairing or withdrawal payment above it waits for a second staff member; 0 sends every one of them there.
   */
  fourEyesThreshold: bigint;
  /** Sign-ups allowed per client address per hour (many players share a carrier's address: CGNAT). */
  signupLimitPerIp: number;
  /** Public reads (round lists, rates, results, the yeekee board) per client address per minute, per process. */
  publicReadLimitPerIp: number;
  /** Where gov, stock and 4-digit results come from besides staff: the demo feed (random, demo mode) or none. */
  resultsFeed: "demo" | "none";
  /**
   * The yeekee shooter bonus (docs/rules.md "Yeekee shooting"), in satang: paid with each drawn round to the
   * shooters at places #1 and #16 who have a slip in it; 0 turns that place's bonus off.
   */
  yeekeeShooterBonus: ShooterBonus;
  /**
   * The key ping-pong seeds are derived from and open yeekee shots are sealed with (server/modules/lotto/
   * drawSecrets.ts): never in the database. Demo mode uses a public, labelled value; production requires one.
   */
  drawSeedKey: string;
  /**
   * Push notifications: Firebase Cloud Messaging when a service account is set; otherwise the outbox is the
   * record (and in demo mode the app registers local stand-in tokens, so the whole flow runs without Firebase).
   */
  push: { provider: "firebase"; serviceAccount: ServiceAccount } | { provider: "local" | "none" };
  /** The games platform (docs/games.md "Configuration"): Hub88 and the SPEC slugs served through it. */
  games: GamesConfig;
}

/** Hub88's Operator API (docs/hub88.md): all four variables, or none (Hub88 off). */
export interface Hub88Config {
  apiUrl: string;
  operatorId: number;
  /** PEM (SPKI): Hub88's key, verifies its wallet callbacks. */
  publicKey: string;
  /** PEM (PKCS#8): ours, signs our Games API calls. */
  privateKey: string;
  /**
   * The demo's Hub88 stand-in (server/standins/hub88, started by server/main.ts), not Hub88: the lobby labels it
   * so. Never set from the environment.
   */
  standIn?: boolean;
}

/** Where server/main.ts starts the Hub88 stand-in in demo mode (docs/games.md "The demo's stand-in provider"). */
export interface DemoStandInConfig {
  /** 127.0.0.1:<port> (HUB88_STANDIN_PORT, default 4330). */
  port: number;
}

export const DEFAULT_HUB88_STANDIN_PORT = 4330;

export interface GamesConfig {
  hub88: Hub88Config | null;
  /** SPEC slug → the Hub88 product it shows (`GAME_PROVIDER_<SLUG>=hub88:<product>`); absent slugs are not connected. */
  slugProducts: Readonly<Record<string, string>>;
  /**
   * HMAC key of the lottoup dialect's signatures for LOTTOUP Originals (in the same process): derived from
   * SESSION_SECRET, so it needs no variable of its own and is never the same as any other key.
   */
  originalsSecret: string;
  /**
   * Origins (`https://games.example.com`, `https://*.example.com`) whose game pages the app may frame: the CSP's
   * frame-src beside 'self' (GAME_FRAME_ORIGINS; docs/security.md "Game providers"). A launch URL elsewhere is
   * answered with `frame: false` (the app opens it as a page of its own).
   */
  frameOrigins: readonly string[];
  /** Origins the lobby may show providers' thumbnails from: the CSP's img-src (GAME_IMAGE_ORIGINS). */
  imageOrigins: readonly string[];
  /**
   * Demo mode only: server/main.ts starts the Hub88 stand-in as a child process and connects the hub88 provider
   * to it. Null in production, when HUB88_* connect a real Hub88, or with GAMES_DEMO_STANDIN=off.
   */
  demoStandIn: DemoStandInConfig | null;
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
  if (!e.APP_MODE && e.DATABASE_URL) {
    throw new ConfigError([
      "APP_MODE: DATABASE_URL is set, so choose the mode: APP_MODE=demo (try the product; public demo logins and demo providers) or APP_MODE=production",
    ]);
  }
  if (e.DATABASE_MIGRATION_URL && !e.DATABASE_URL) {
    throw new ConfigError(["DATABASE_MIGRATION_URL: set DATABASE_URL too (the role the app runs as)"]);
  }
  const mode = e.APP_MODE ?? "demo";
  const config: Config = {
    mode,
    port: e.PORT,
    host: e.HOST ?? (mode === "production" ? "0.0.0.0" : "127.0.0.1"),
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
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
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
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
    fourEyesThreshold: e.FOUR_EYES_THRESHOLD_BAHT,
    signupLimitPerIp: e.SIGNUP_LIMIT_PER_IP,
    publicReadLimitPerIp: e.PUBLIC_READ_LIMIT_PER_IP,
    resultsFeed: e.RESULTS_FEED ?? (mode === "demo" ? "demo" : "none"),
    yeekeeShooterBonus: {
      first:
        e.YEEKEE_SHOOTER_BONUS_FIRST ?? (mode === "demo" ? DEFAULT_SHOOTER_BONUS : NO_SHOOTER_BONUS).first,
      sixteenth:
        e.YEEKEE_SHOOTER_BONUS_SIXTEENTH ??
        (mode === "demo" ? DEFAULT_SHOOTER_BONUS : NO_SHOOTER_BONUS).sixteenth,
    },
    push: pushConfig(e.FIREBASE_SERVICE_ACCOUNT, mode),
    drawSeedKey: e.DRAW_SEED_KEY ?? DEMO_DRAW_SEED_KEY,
    games: gamesConfig(e, env, e.SESSION_SECRET ?? DEMO_SESSION_SECRET, mode),
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

/** A PEM given inline, or the path of a file holding it (keys are multi-line; some platforms cannot set that). */
function pemOf(name: string, value: string, kind: "public" | "private"): string {
  let pem = value.replaceAll("\\n", "\n");
  if (!pem.includes("-----BEGIN")) {
    try {
      pem = readFileSync(value, "utf8");
    } catch {
      throw new ConfigError([`${name}: neither a PEM key nor the path of a readable file holding one`]);
    }
  }
  try {
    if (kind === "public") createPublicKey(pem);
    else createPrivateKey(pem);
  } catch {
    throw new ConfigError([`${name}: not a valid ${kind} key (PEM)`]);
  }
  return pem;
}

/**
 * A CSP origin source: `scheme://host[:port]`, the host optionally `*.`-prefixed (any subdomain), no path, no
 * quotes or spaces, so nothing but an origin can reach the header.
 */
const ORIGIN_SOURCE =
  /^(https?):\/\/(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(:\d{1,5})?$/;

/** GAME_FRAME_ORIGINS / GAME_IMAGE_ORIGINS: comma- or space-separated origins; https only in production. */
export function parseOrigins(name: string, raw: string | undefined, mode: AppMode): string[] {
  const entries = (raw ?? "")
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase().replace(/\/$/, ""))
    .filter(Boolean);
  const problems: string[] = [];
  for (const entry of entries) {
    if (!ORIGIN_SOURCE.test(entry) || Number(/:(\d+)$/.exec(entry)?.[1] ?? 0) > 65535) {
      problems.push(
        `${name}: ${JSON.stringify(entry.slice(0, 80))} is not an origin (scheme://host[:port], host may start with *.; no path)`,
      );
    } else if (mode === "production" && !entry.startsWith("https://")) {
      problems.push(`${name}: ${entry} must be https:// in production (game pages and images travel on it)`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return [...new Set(entries)];
}

/**
 * Whether `url` is on one of `origins` (entries of parseOrigins): same scheme, same port (the scheme's default when
 * absent), and the same host, or a subdomain of a `*.` entry's host (as CSP matches them).
 */
export function urlMatchesOrigins(url: string, origins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const defaultPort = (protocol: string) =>
    protocol === "https:" ? "443" : protocol === "http:" ? "80" : "";
  const port = parsed.port || defaultPort(parsed.protocol);
  return origins.some((origin) => {
    const source = new URL(origin.replace("://*.", "://wildcard."));
    if (source.protocol !== parsed.protocol || (source.port || defaultPort(source.protocol)) !== port)
      return false;
    if (!origin.includes("://*.")) return source.hostname === parsed.hostname;
    const suffix = source.hostname.slice("wildcard".length);
    return parsed.hostname.endsWith(suffix) && parsed.hostname.length > suffix.length;
  });
}

function gamesConfig(
  e: v.InferOutput<typeof EnvSchema>,
  env: Record<string, string | undefined>,
  sessionSecret: string,
  mode: AppMode,
): GamesConfig {
  const hub88Settings = [e.HUB88_API_URL, e.HUB88_OPERATOR_ID, e.HUB88_PUBLIC_KEY, e.HUB88_PRIVATE_KEY];
  const set = hub88Settings.filter((s) => s !== undefined).length;
  if (set !== 0 && set !== hub88Settings.length) {
    throw new ConfigError([
      "HUB88_API_URL / HUB88_OPERATOR_ID / HUB88_PUBLIC_KEY / HUB88_PRIVATE_KEY: set all four to connect Hub88, or none",
    ]);
  }
  const hub88: Hub88Config | null =
    e.HUB88_API_URL && e.HUB88_OPERATOR_ID && e.HUB88_PUBLIC_KEY && e.HUB88_PRIVATE_KEY
      ? {
          apiUrl: e.HUB88_API_URL.replace(/\/+$/, ""),
          operatorId: e.HUB88_OPERATOR_ID,
          publicKey: pemOf("HUB88_PUBLIC_KEY", e.HUB88_PUBLIC_KEY, "public"),
          privateKey: pemOf("HUB88_PRIVATE_KEY", e.HUB88_PRIVATE_KEY, "private"),
        }
      : null;
  const problems: string[] = [];
  const known = new Map(GAME_PROVIDER_SLUGS.map((s) => [slugVariable(s.code), s.code]));
  const slugProducts: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith("GAME_PROVIDER_") || value === undefined) continue;
    const slug = known.get(name);
    if (!slug) {
      problems.push(`${name}: not a provider of the site; the variables are ${[...known.keys()].join(", ")}`);
      continue;
    }
    const match = /^hub88:([\x21-\x7e][\x20-\x7e]{0,99})$/.exec(value);
    if (!match?.[1]) {
      problems.push(`${name}: must be hub88:<product> (the Hub88 product this provider's page shows)`);
    } else if (!hub88) {
      problems.push(`${name}: names a Hub88 product, so set HUB88_API_URL, HUB88_OPERATOR_ID and both keys`);
    } else {
      slugProducts[slug] = match[1].trim();
    }
  }
  if (mode === "production" && e.GAMES_DEMO_STANDIN === "on") {
    problems.push("GAMES_DEMO_STANDIN: the Hub88 stand-in is for the demo only; production never starts it");
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    hub88,
    slugProducts,
    originalsSecret: createHmac("sha256", sessionSecret).update("originals-wallet-v1").digest("hex"),
    frameOrigins: parseOrigins("GAME_FRAME_ORIGINS", e.GAME_FRAME_ORIGINS, mode),
    imageOrigins: parseOrigins("GAME_IMAGE_ORIGINS", e.GAME_IMAGE_ORIGINS, mode),
    // A real Hub88 wins over the stand-in; production never starts it (assertProductionReady refuses it too).
    demoStandIn:
      mode === "demo" && hub88 === null && e.GAMES_DEMO_STANDIN !== "off"
        ? { port: e.HUB88_STANDIN_PORT ?? DEFAULT_HUB88_STANDIN_PORT }
        : null,
  };
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
  if (config.drawSeedKey === DEMO_DRAW_SEED_KEY) {
    problems.push("DRAW_SEED_KEY: required in production (at least 32 characters); the demo value is public");
  }
  if (config.resultsFeed === "demo") {
    problems.push("RESULTS_FEED: 'demo' draws random results (demo only); use none (staff enter results)");
  }
  if (config.trustProxy === true) {
    problems.push(
      "TRUST_PROXY: 'true' lets any client forge its address (X-Forwarded-For); list the proxies' addresses/CIDR ranges or give the hop count",
    );
  }
  for (const [name, url] of outboundUrls(config)) {
    if (!url.startsWith("https://")) {
      problems.push(`${name}: must be an https:// URL in production (secrets and codes travel on it)`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

/** Every configured address the server talks to or sends players to, by the variable that sets it. */
function outboundUrls(config: Config): [name: string, url: string][] {
  const urls: [string, string | undefined][] = [
    ["SMS_HTTP_URL", config.sms.provider === "http" ? config.sms.url : undefined],
    ["LINE_REDIRECT_URI", config.line?.redirectUri],
    ["LINE_AUTHORIZE_URL", config.line?.authorizeUrl],
    ["LINE_TOKEN_URL", config.line?.tokenUrl],
    ["LINE_ISSUER", config.line?.issuer],
    ["RECAPTCHA_VERIFY_URL", config.recaptcha?.verifyUrl],
    ["LIVECHAT_SCRIPT_URL", config.liveChat?.scriptUrl],
    ["HUB88_API_URL", config.games.hub88?.apiUrl],
    [
      "FIREBASE_SERVICE_ACCOUNT (token_uri)",
      config.push.provider === "firebase" ? config.push.serviceAccount.tokenUri : undefined,
    ],
  ];
  return urls.filter((entry): entry is [string, string] => typeof entry[1] === "string");
}
