/**
 * The Hub88 stand-in as a process (docs/hub88.md, "The stand-in"): for the end-to-end run and demo mode, which
 * start it as a child process. Listens on 127.0.0.1 only; prints one line when ready; stops on SIGTERM/SIGINT, and
 * when the parent that started it with an IPC channel is gone.
 */
import { readFileSync } from "node:fs";
import { buildHub88StandIn } from "./app.ts";

function fail(message: string): never {
  console.error(`hub88 stand-in: ${message}`);
  process.exit(1);
}

/** NAME, or the contents of the file named by NAME_FILE. */
function secret(name: string): string | undefined {
  const direct = process.env[name];
  if (direct) return direct.replace(/\\n/g, "\n");
  const file = process.env[`${name}_FILE`];
  if (file) return readFileSync(file, "utf8");
  return undefined;
}

function integer(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    fail(`${name} must be a whole number, not ${JSON.stringify(raw)}`);
  return value;
}

const port = integer("HUB88_STANDIN_PORT", 4330);
const walletUrl = process.env.HUB88_STANDIN_WALLET_URL ?? fail("HUB88_STANDIN_WALLET_URL is required");
const hub88PrivateKey =
  secret("HUB88_STANDIN_PRIVATE_KEY") ??
  fail("HUB88_STANDIN_PRIVATE_KEY or HUB88_STANDIN_PRIVATE_KEY_FILE is required");
const operatorPublicKey =
  secret("HUB88_STANDIN_OPERATOR_PUBLIC_KEY") ??
  fail("HUB88_STANDIN_OPERATOR_PUBLIC_KEY or HUB88_STANDIN_OPERATOR_PUBLIC_KEY_FILE is required");
const operatorId = integer("HUB88_STANDIN_OPERATOR_ID", 1);
const publicUrl = process.env.HUB88_STANDIN_PUBLIC_URL ?? `http://127.0.0.1:${port}`;

let app: ReturnType<typeof buildHub88StandIn>;
try {
  app = buildHub88StandIn({
    operatorId,
    walletUrl,
    hub88PrivateKey,
    operatorPublicKey,
    publicUrl,
    currency: process.env.HUB88_STANDIN_CURRENCY ?? "THB",
    walletTimeoutMs: integer("HUB88_STANDIN_WALLET_TIMEOUT_MS", 5_000),
  });
} catch (error) {
  fail(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
}

let closing = false;
async function stop(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  try {
    await app.close();
  } finally {
    console.log(`hub88 stand-in stopped (${signal})`);
    process.exit(0);
  }
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
// Started by a parent with an IPC channel (server/main.ts in demo mode): when the parent goes, whatever ended it
// (a SIGKILL included), the channel closes and the stand-in goes too.
if (process.send) process.on("disconnect", () => void stop("its parent is gone"));

try {
  await app.listen({ host: "127.0.0.1", port });
} catch (error) {
  fail(`cannot listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`);
}
console.log(`hub88 stand-in listening at ${publicUrl} (operator_id ${operatorId}, wallet ${walletUrl})`);
