import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * socket.io fan-out across server processes through Redis (REDIS_URL). Loaded only when REDIS_URL is set
 * (`attachRealtime` imports this module dynamically), so a single process never loads a Redis client.
 */

export type RealtimeLog = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/** The prefix of the Redis pub/sub channels; processes that should reach each other's sockets share it. */
export const DEFAULT_REDIS_KEY = "lottoup";

/** Redis was unreachable at start. Its stack is just the message: the fix is in the environment, not the code. */
export class RedisUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RedisUnavailableError";
    this.stack = `${this.name}: ${message}`;
  }
}

export interface RedisFanOut {
  /** For socket.io's `adapter` option. */
  adapter: ReturnType<typeof createAdapter>;
  /** Closes both Redis connections (after `io.close()`, which unsubscribes the adapter). */
  close(): Promise<void>;
}

/** The URL without its password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable REDIS_URL)";
  }
}

/**
 * ioredis returns a promise from every command; the adapter calls publish, (p)subscribe and (p)unsubscribe
 * without waiting for it, so while Redis is away each failure would be an unhandled rejection, which ends a
 * Node process. Here every such promise gets a handler; the failure is reported and otherwise ignored.
 */
function absorbRejections(client: Redis, methods: readonly string[], onFailure: (err: unknown) => void) {
  const target = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of methods) {
    const original = target[method];
    if (typeof original !== "function") continue;
    target[method] = (...args: unknown[]) => {
      const result = original.apply(client, args);
      if (result instanceof Promise) {
        return result.catch((err: unknown) => {
          onFailure(err);
          return 0;
        });
      }
      return result;
    };
  }
}

/**
 * Connects the publishing and the subscribing Redis clients and returns the socket.io adapter over them.
 * Redis unreachable now: rejects with RedisUnavailableError naming REDIS_URL (the server must not start
 * half-connected). Redis lost later: ioredis reconnects on its own with backoff; the loss and the return are
 * logged once each, and meanwhile each process still reaches its own sockets.
 */
export async function connectRedisFanOut(
  url: string,
  options: { key?: string | undefined; log: RealtimeLog },
): Promise<RedisFanOut> {
  const { log } = options;
  const where = redactRedisUrl(url);
  let closing = false;
  let starting = true;

  const make = (role: "pub" | "sub") => {
    const client = new Redis(url, {
      lazyConnect: true,
      connectionName: `lottoup-socketio-${role}`,
      // A publish while Redis is away fails at once rather than queueing: a late money-update would show an
      // old balance. The subscriber keeps the queue so its (re)subscriptions go out when the link is back.
      enableOfflineQueue: role === "sub",
    });
    let down = false;
    const lost = (err?: Error) => {
      if (closing || starting || down) return;
      down = true;
      log.error(
        { redis: where, role, err },
        "Redis (REDIS_URL) connection lost; reconnecting. Until then money-update and logout reach only the sockets of this process.",
      );
    };
    // An error listener must exist, or ioredis prints every failed reconnect to stderr.
    client.on("error", (err: Error) => lost(err));
    client.on("close", () => lost());
    client.on("ready", () => {
      if (!down) return;
      down = false;
      log.info({ redis: where, role }, "Redis (REDIS_URL) connection restored");
    });
    return client;
  };

  const pub = make("pub");
  const sub = make("sub");
  let failedPublishes = 0;
  absorbRejections(pub, ["publish"], (err) => {
    // Not one line per message: the first failure, then every thousandth.
    if (failedPublishes++ % 1000 === 0) {
      log.warn(
        { redis: where, err, failedPublishes },
        "socket.io message not published to Redis (REDIS_URL)",
      );
    }
  });
  absorbRejections(sub, ["subscribe", "psubscribe", "unsubscribe", "punsubscribe"], (err) => {
    if (!closing) log.warn({ redis: where, err }, "Redis (REDIS_URL) subscription command failed");
  });

  try {
    await Promise.all([connectOrExplain(pub, where), connectOrExplain(sub, where)]);
  } catch (err) {
    closing = true;
    pub.disconnect();
    sub.disconnect();
    throw err;
  }
  starting = false;
  failedPublishes = 0;

  return {
    adapter: createAdapter(pub, sub, { key: options.key ?? DEFAULT_REDIS_KEY }),
    close: async () => {
      closing = true;
      await Promise.all([quit(pub), quit(sub)]);
    },
  };
}

async function connectOrExplain(client: Redis, where: string): Promise<void> {
  let cause: unknown;
  const remember = (err: unknown) => {
    cause = err;
  };
  client.on("error", remember);
  try {
    await client.connect();
  } catch (err) {
    const reason = cause ?? err;
    throw new RedisUnavailableError(
      `REDIS_URL: cannot connect to Redis at ${where} (${reason instanceof Error ? reason.message : String(reason)}). ` +
        "Start Redis, correct REDIS_URL, or unset REDIS_URL to run a single server process without Redis.",
    );
  } finally {
    client.off("error", remember);
  }
}

/** QUIT when connected (sends what is pending first), bounded; otherwise just drop the connection. */
async function quit(client: Redis): Promise<void> {
  if (client.status !== "ready") {
    client.disconnect();
    return;
  }
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
  await Promise.race([client.quit().catch(() => {}), timeout]);
  // Harmless after QUIT; closes the connection if Redis did not answer in time.
  client.disconnect();
}
