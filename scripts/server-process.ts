/**
 * Starts the real server (server/main.ts) from a script (size budgets, Lighthouse, the cold-start bench) so that
 * it never outlives the script. A server left behind keeps its port, and the next run's health check would find it
 * and measure the old build; so:
 * - the port must be free before the start: a server already there is reported, never measured;
 * - `stop()` ends it (SIGTERM, its graceful shutdown; SIGKILL if that takes over 10 s) and waits until it is gone;
 * - whatever ends the script ends the servers it started first: SIGINT (Ctrl-C), SIGTERM and SIGHUP stop them and
 *   exit with the usual 128 + signal status, an uncaught exception (a failed top-level await included) stops them
 *   and exits with 1, and any other exit (process.exit, the script's end) sends them SIGTERM on the way out.
 * Only SIGKILL of the script itself cannot be caught: then the server is orphaned, but the next run's port check
 * says so instead of measuring it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { constants } from "node:os";

export interface ServerProcess {
  base: string;
  pid: number | undefined;
  /** Milliseconds from the spawn to the first healthy answer. */
  msToHealthy: number;
  /** Ends the server and waits until it has exited (so its port is free); safe to call more than once. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  port: number;
  /** The server's whole environment (PORT is set from `port`). */
  env: NodeJS.ProcessEnv;
  /** Run once the server has exited, on every path (e.g. removing its temporary data directory). */
  afterStop?: () => void;
  /** Node's arguments; the real server unless a test stands in for it. */
  nodeArgs?: string[];
  /** A cold start on an empty database takes 5 s on a quiet 2-core machine and has taken 60 s on a loaded one. */
  healthTimeoutMs?: number;
}

const STOP_GRACE_MS = 10_000;
const running = new Set<ServerProcess>();
let exitsGuarded = false;

function guardExits(): void {
  if (exitsGuarded) return;
  exitsGuarded = true;
  const stopAllThenExit = async (status: number) => {
    await Promise.allSettled([...running].map((server) => server.stop()));
    process.exit(status);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => void stopAllThenExit(128 + constants.signals[signal]));
  }
  // With a listener Node no longer prints the error or fails the run by itself: do both, after the stop.
  process.once("uncaughtException", (err) => {
    console.error(err);
    void stopAllThenExit(1);
  });
  // process.exit() and the end of the script skip any pending stop(); the exit event can only signal, not wait.
  process.on("exit", () => {
    for (const server of running) void server.stop();
  });
}

/** Whether anything accepts connections on 127.0.0.1:port. */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const { port } = options;
  if (await portInUse(port)) {
    throw new Error(
      `port ${port} is already in use (a server left by an earlier run?): stop it first, e.g. \`fuser -k ${port}/tcp\``,
    );
  }
  guardExits();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, options.nodeArgs ?? ["server/main.ts"], {
    env: { ...options.env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = once(child, "exit");
  let stopping: Promise<void> | undefined;
  const server: ServerProcess = {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    msToHealthy: Number.NaN,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill("SIGTERM");
          const killer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
          await exited;
          clearTimeout(killer);
        }
        running.delete(server);
        options.afterStop?.();
      })();
      return stopping;
    },
  };
  running.add(server);

  const deadline = started + (options.healthTimeoutMs ?? 180_000);
  for (;;) {
    try {
      if ((await fetch(`${server.base}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null || child.signalCode !== null || performance.now() > deadline) {
      await server.stop();
      throw new Error(`the server on port ${port} did not become healthy (see its output above)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  server.msToHealthy = performance.now() - started;
  return server;
}
