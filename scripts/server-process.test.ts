import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * A script that starts the server (npm run size, the benches) leaves its port free however it ends: a server left
 * behind was measured, old build and all, by the next run. Each case runs a small script as `npm run size` would,
 * lets it start a server, then ends it one way and checks the port. The failure midway (the reported case) runs the
 * real server/main.ts; the other endings run a stand-in that answers /api/health and stops on SIGTERM as main.ts
 * does, since a cold start of the real one takes from 5 s (quiet machine) to a minute (loaded one).
 */

const HELPER = join(import.meta.dirname, "server-process.ts");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

type Ending = "success" | "throw" | "process.exit" | "signal";

/** The body of the script after its server is healthy, for each way of ending. */
const ENDINGS: Record<Ending, string> = {
  success: "await server.stop();",
  // A failure midway that nothing catches: as when `npm run size` could not launch a browser.
  throw: 'throw new Error("midway");',
  "process.exit": "process.exit(3);",
  // Nothing ends it but the signal the test sends.
  signal: "setInterval(() => {}, 1000);",
};

/** server/main.ts's part in this: listen, answer the health check, close and exit on SIGTERM or SIGINT. */
const STAND_IN = `
  const server = (await import("node:http")).createServer((req, res) => res.end("ok"));
  server.listen(Number(process.env.PORT), "127.0.0.1");
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
`;

const dataDirs: string[] = [];
const servers: { pid: number; port: number }[] = [];
afterEach(async () => {
  // A failed case must not leave its server behind either (only one still on its port: a pid may be reused).
  for (const { pid, port } of servers.splice(0)) {
    if (await accepts(port)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function runScript(
  ending: Ending,
  port: number,
  { signal, realServer = false }: { signal?: NodeJS.Signals; realServer?: boolean } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), "lottoup-server-process-"));
  dataDirs.push(dataDir);
  const { DATABASE_URL: _d, APP_MODE: _m, REDIS_URL: _r, ...env } = process.env;
  const source = `
    const { startServer } = await import(${JSON.stringify(HELPER)});
    const server = await startServer({
      port: ${port},
      env: ${JSON.stringify({ ...env, DATA_DIR: dataDir, LOG_LEVEL: "warn", STATIC_DIR: "./.no-static-in-tests" })},
      ${realServer ? "" : `nodeArgs: ["--input-type=module", "-e", ${JSON.stringify(STAND_IN)}],`}
    });
    console.log("healthy " + server.pid);
    ${ENDINGS[ending]}
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const healthy = /healthy (\d+)/.exec(output);
      if (healthy) {
        servers.push({ pid: Number(healthy[1]), port });
        resolve();
      }
    });
    void exited.then(() => reject(new Error(`the script ended before its server was healthy:\n${output}`)));
  });
  // "healthy" is printed once the script's health check passed, so the server was up; a script that waits for a
  // signal still has it up.
  if (signal) {
    expect(await accepts(port)).toBe(true);
    child.kill(signal);
  }
  return { ...(await exited), output: () => output };
}

/** The port once nothing listens on it any more (bounded: a server that stays fails the test). */
async function untilFree(port: number): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!(await accepts(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe("a script that starts the server", { timeout: 240_000 }, () => {
  it("stops it when it ends normally", async () => {
    const port = await freePort();
    const run = await runScript("success", port);
    expect(run.code).toBe(0);
    expect(await accepts(port)).toBe(false);
  });

  it("stops it, then fails, when an error nobody catches ends it midway (the real server)", async () => {
    const port = await freePort();
    const run = await runScript("throw", port, { realServer: true });
    expect(run.code).toBe(1);
    expect(run.output()).toContain("Error: midway");
    // Stopped before the script exited: free at once.
    expect(await accepts(port)).toBe(false);
  });

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("stops it, then exits %s's status, when it gets %s", async (signal, status) => {
    const port = await freePort();
    const run = await runScript("signal", port, { signal });
    expect(run.code).toBe(status);
    expect(await accepts(port)).toBe(false);
  });

  it("tells it to stop when the script calls process.exit", async () => {
    const port = await freePort();
    const run = await runScript("process.exit", port);
    expect(run.code).toBe(3);
    // process.exit cannot wait: the server got SIGTERM on the way out and shuts down by itself.
    expect(await untilFree(port)).toBe(true);
  });

  it("refuses a port something already listens on, instead of measuring what is there", async () => {
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const { port } = squatter.address() as AddressInfo;
    try {
      const { startServer } = await import("./server-process.ts");
      await expect(startServer({ port, env: process.env })).rejects.toThrow(`port ${port} is already in use`);
      expect(await accepts(port)).toBe(true);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
