/**
 * The product as `npm start` serves it (the production build in dist/ by server/main.ts), on a new embedded
 * database in a temporary directory, for scripts that measure it in a browser (size budgets, Lighthouse).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ProductServer {
  base: string;
  /** A new member's access token (the app keeps it in the `accessToken` cookie). */
  signUp(): Promise<string>;
  stop(): Promise<void>;
}

export async function startProductServer(port: number): Promise<ProductServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "lottoup-measure-"));
  // The embedded database, whatever the caller's environment points at.
  const { DATABASE_URL: _ignored, REDIS_URL: _alsoIgnored, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null || Date.now() - started > 60_000) {
      await stop();
      throw new Error("the server did not start (see its output above)");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  let counter = 0;
  return {
    base,
    stop,
    async signUp() {
      counter += 1;
      const res = await fetch(`${base}/api/users.signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          userName: `measure${Date.now().toString(36)}${counter}`.slice(0, 20),
          password: "Secret#123",
          phoneNumber: "0812345678",
        }),
      });
      const token = res.headers.get("auth");
      if (res.status !== 201 || !token) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      return token;
    },
  };
}
