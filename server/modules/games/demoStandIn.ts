import { type ChildProcess, spawn } from "node:child_process";
import { generateKeyPair } from "node:crypto";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { HUB88_PROVIDER } from "../../../src/domain/gamePlatform.ts";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/schema.ts";
import { isAllowedHost } from "../../http/security.ts";
import { syncGameLists } from "./jobs.ts";
import { providerRegistry } from "./providers.ts";

/**
 * The demo's third-party provider (docs/games.md "The demo's stand-in provider"): in demo mode, unless HUB88_*
 * connect a real Hub88 or GAMES_DEMO_STANDIN=off, server/main.ts starts the Hub88 stand-in
 * (server/standins/hub88/main.ts) as a child process on 127.0.0.1:HUB88_STANDIN_PORT and connects the hub88
 * provider to it, so a newcomer plays a provider over the real Hub88 dialect with no account anywhere.
 *
 * - Keys: two RSA 2048 pairs made at each start (the stand-in's, which signs its wallet calls; ours, which signs
 *   our Games API calls). They live in this process's memory and the child's environment (about 2 KB, far below
 *   any limit, so no file is ever written), never in the repository or the database.
 * - The child gets only the variables it needs (no SESSION_SECRET, no DATABASE_URL), an IPC channel whose
 *   closing tells it that the server is gone (it then stops, even after a SIGKILL of the server), and its output
 *   is logged line by line.
 * - It is stopped on every exit path of the server (main.ts); if it dies on its own, that is logged, the hub88
 *   provider is marked not available, and the server runs on.
 */

/** The operator_id the stand-in is started with (any value: the stand-in checks our calls carry it). */
export const STANDIN_OPERATOR_ID = 1;
/** How long the stand-in may take to say it listens. */
const READY_TIMEOUT_MS = 30_000;
/** SIGTERM, then SIGKILL after this. */
const STOP_GRACE_MS = 5_000;
const STANDIN_MAIN = fileURLToPath(new URL("../../standins/hub88/main.ts", import.meta.url));

export interface PemPair {
  publicKey: string;
  privateKey: string;
}

export interface StandInKeys {
  /** The stand-in's pair: it signs wallet calls with the private half; our wallet verifies with the public. */
  hub88: PemPair;
  /** Ours: we sign Games API calls with the private half; the stand-in verifies with the public. */
  operator: PemPair;
}

function rsaPair(): Promise<PemPair> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      "rsa",
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      },
      (err, publicKey, privateKey) => (err ? reject(err) : resolve({ publicKey, privateKey })),
    );
  });
}

export async function freshStandInKeys(): Promise<StandInKeys> {
  const [hub88, operator] = await Promise.all([rsaPair(), rsaPair()]);
  return { hub88, operator };
}

export const standInOrigin = (port: number) => `http://127.0.0.1:${port}`;

/**
 * The configuration with the hub88 provider connected to the stand-in, set in-process (nothing is written to the
 * environment or to disk): its API on 127.0.0.1, our wallet trusting its key, the lobby labelling it a stand-in,
 * and its origin added to the CSP's frame-src (its game page) and img-src (its thumbnails).
 */
export function withDemoStandIn(config: Config, keys: StandInKeys, port: number): Config {
  const origin = standInOrigin(port);
  return {
    ...config,
    games: {
      ...config.games,
      hub88: {
        apiUrl: origin,
        operatorId: STANDIN_OPERATOR_ID,
        publicKey: keys.hub88.publicKey,
        privateKey: keys.operator.privateKey,
        standIn: true,
      },
      frameOrigins: [...new Set([...config.games.frameOrigins, origin])],
      imageOrigins: [...new Set([...config.games.imageOrigins, origin])],
    },
  };
}

/** Whether nothing listens on 127.0.0.1:port (we can listen there ourselves, then let go). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** The host the stand-in reaches our wallet by (its calls carry it as Host): where the server listens. */
export function walletHostFor(listenHost: string): string {
  if (listenHost === "0.0.0.0" || listenHost === "") return "127.0.0.1";
  if (listenHost === "::") return "[::1]";
  return listenHost.includes(":") ? `[${listenHost}]` : listenHost;
}

export type StandInPlan =
  | { start: true; config: Config; keys: StandInKeys; port: number }
  | { start: false; reason: string };

/**
 * Whether the stand-in can start (it is configured, its port is free, and the host allow-list lets its wallet
 * calls in), and the configuration connecting it. Called before the app is built: the hub88 callbacks exist only
 * when Hub88 is configured.
 */
export async function planDemoStandIn(config: Config): Promise<StandInPlan | null> {
  const wanted = config.games.demoStandIn;
  if (wanted === null || config.mode !== "demo") return null;
  const walletHost = walletHostFor(config.host);
  if (!isAllowedHost(config.allowedHosts, walletHost)) {
    return {
      start: false,
      reason: `ALLOWED_HOSTS does not include ${walletHost}, the host the stand-in would call the wallet by`,
    };
  }
  if (!(await portIsFree(wanted.port))) {
    return {
      start: false,
      reason: `port ${wanted.port} on 127.0.0.1 is taken (set HUB88_STANDIN_PORT to another, or GAMES_DEMO_STANDIN=off)`,
    };
  }
  const keys = await freshStandInKeys();
  return { start: true, config: withDemoStandIn(config, keys, wanted.port), keys, port: wanted.port };
}

/** The environment of the child: what server/standins/hub88/main.ts reads, and nothing of the server's own. */
export function standInEnvironment(options: {
  port: number;
  walletUrl: string;
  keys: StandInKeys;
}): NodeJS.ProcessEnv {
  return {
    ...(process.env.PATH ? { PATH: process.env.PATH } : {}),
    HUB88_STANDIN_PORT: String(options.port),
    HUB88_STANDIN_WALLET_URL: options.walletUrl,
    HUB88_STANDIN_PRIVATE_KEY: options.keys.hub88.privateKey,
    HUB88_STANDIN_OPERATOR_PUBLIC_KEY: options.keys.operator.publicKey,
    HUB88_STANDIN_OPERATOR_ID: String(STANDIN_OPERATOR_ID),
    HUB88_STANDIN_CURRENCY: "THB",
  };
}

type Log = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

export interface RunningStandIn {
  pid: number | undefined;
  origin: string;
  /** SIGTERM, SIGKILL after 5 s; resolves once it has exited. Safe to call more than once. */
  stop(): Promise<void>;
  /** Synchronous best effort for the process's `exit` event (which cannot wait). */
  kill(): void;
}

export interface StartStandInOptions {
  port: number;
  /** Our Wallet API base, e.g. http://127.0.0.1:8080/api/providers/hub88. */
  walletUrl: string;
  keys: StandInKeys;
  log: Log;
  /** Called when it exits without being asked to (not during stop()). */
  onDeath?: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void;
  /** Node's arguments (tests stand in for the stand-in). */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}

/**
 * Starts the stand-in and waits until it says it listens. Rejects (the child stopped) when it exits first or
 * stays silent past the timeout.
 */
export async function startDemoStandIn(options: StartStandInOptions): Promise<RunningStandIn> {
  const child: ChildProcess = spawn(process.execPath, options.nodeArgs ?? [STANDIN_MAIN], {
    env: standInEnvironment(options),
    // The IPC channel is how the child learns the server is gone (its `disconnect`), whatever killed the server.
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    // Its own process group: a Ctrl-C in the terminal reaches the server, which stops the child itself (in order,
    // after which nothing reports it as having died by itself).
    detached: true,
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let stopping: Promise<void> | undefined;
  let ready = false;
  const lastLines: string[] = [];
  const forward = (stream: NodeJS.ReadableStream | null, level: "info" | "warn") => {
    let pending = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines.filter(Boolean)) {
        lastLines.push(line);
        if (lastLines.length > 20) lastLines.shift();
        options.log[level]({ standIn: line.slice(0, 2_000) }, "hub88 stand-in");
      }
    });
  };
  forward(child.stdout, "info");
  forward(child.stderr, "warn");
  // The IPC channel is only a lifeline: nothing is sent on it, and an error on it must not become an uncaught one.
  child.on("error", (err) => options.log.error({ err }, "hub88 stand-in: process error"));

  const running: RunningStandIn = {
    pid: child.pid,
    origin: standInOrigin(options.port),
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
        await exited;
        clearTimeout(killer);
      })();
      return stopping;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    },
  };

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      void running.stop();
      reject(new Error(`it did not say it listens within ${options.readyTimeoutMs ?? READY_TIMEOUT_MS} ms`));
    }, options.readyTimeoutMs ?? READY_TIMEOUT_MS);
    child.stdout?.on("data", () => {
      if (!ready && lastLines.some((line) => line.includes("hub88 stand-in listening at"))) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      if (!ready)
        reject(new Error(`it exited (${signal ?? `status ${code}`}): ${lastLines.slice(-3).join(" | ")}`));
    });
  });

  void exited.then((exit) => {
    if (stopping) return;
    options.log.error(
      { code: exit.code, signal: exit.signal, lastLines },
      "the Hub88 stand-in stopped by itself; the server runs on without it (its provider shows as not available)",
    );
    options.onDeath?.(exit);
  });
  return running;
}

/**
 * After the stand-in stopped by itself: its provider is listed as not available (launches answer 409
 * PROVIDER_UNAVAILABLE rather than 502), until the next start writes the providers again.
 */
export async function markStandInUnavailable(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable("game_providers")
    .set({ enabled: false, updated_at: new Date() })
    .where("code", "=", HUB88_PROVIDER)
    .execute();
}

/** The stand-in's game list into the lobby, once it answers (the start-up sync ran before it listened). */
export async function syncStandInGames(db: Kysely<DB>, config: Config, log: Log): Promise<number> {
  await syncGameLists(db, providerRegistry(config), log);
  const row = await db
    .selectFrom("provider_games as g")
    .innerJoin("game_providers as p", "p.id", "g.provider_id")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("p.code", "=", HUB88_PROVIDER)
    .where("g.enabled", "=", true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
