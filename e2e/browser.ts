/**
 * The one place that picks the Chromium every browser run uses: the end-to-end suite (playwright.config.ts and
 * the specs that launch their own persistent profile), `npm run size` and the Lighthouse bench.
 *
 * - Debian's Chromium at /usr/bin/chromium when it is installed (`.ci/run` installs it; it starts fastest).
 * - Otherwise the Chromium that `npm ci` brings: the devDependency @sparticuz/chromium ships a Linux x64 headless
 *   Chromium inside its npm tarball, brotli-compressed (no download at install time: these machines reach only the
 *   npm registry and Debian's mirror, never Playwright's browser download). On first use it is decompressed into
 *   node_modules/.cache/lottoup-chromium/<version>/, with the NSS and expat libraries it was built with, so it
 *   needs nothing from the system beyond glibc.
 *
 * LOTTOUP_CHROMIUM overrides the choice: `system` (Debian's, or fail), `bundled` (the package's, even where Debian's
 * is installed: how the suite is checked for a machine without it), or an absolute path to a Chromium binary.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import type { LaunchOptions } from "@playwright/test";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const BUNDLED_PACKAGE = "@sparticuz/chromium";
const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));
const CACHE_ROOT = join(PROJECT_ROOT, "node_modules", ".cache", "lottoup-chromium");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface ChromiumBinary {
  /** Where it came from, for the line each run prints. */
  source: "system" | "bundled" | "path" | "playwright";
  /** Undefined: Playwright's own download (only where the bundled build cannot run, e.g. a Mac). */
  executablePath: string | undefined;
  /** Variables the browser process needs on top of the caller's environment. */
  env: Record<string, string>;
}

let chosen: ChromiumBinary | undefined;

/** The Chromium to launch, decided once per process (decompressing the bundled one the first time ever). */
export function chromiumBinary(): ChromiumBinary {
  chosen ??= choose(process.env.LOTTOUP_CHROMIUM ?? "");
  return chosen;
}

function choose(override: string): ChromiumBinary {
  if (override === "system" || (override === "" && existsSync(SYSTEM_CHROMIUM))) {
    if (!existsSync(SYSTEM_CHROMIUM)) {
      throw new Error(
        `LOTTOUP_CHROMIUM=system, but there is no ${SYSTEM_CHROMIUM} (apt-get install chromium)`,
      );
    }
    return { source: "system", executablePath: SYSTEM_CHROMIUM, env: {} };
  }
  if (override === "" || override === "bundled") return bundledChromium();
  if (isAbsolute(override) && existsSync(override))
    return { source: "path", executablePath: override, env: {} };
  throw new Error(
    `LOTTOUP_CHROMIUM=${override}: expected "system", "bundled" or the absolute path of a Chromium that exists`,
  );
}

function bundledChromium(): ChromiumBinary {
  // The package holds a Linux x64 build only; elsewhere Playwright's own browser (`npx playwright install`).
  if (process.platform !== "linux" || process.arch !== "x64") {
    return { source: "playwright", executablePath: undefined, env: {} };
  }
  let packageRoot: string;
  try {
    // Its exports name only its entry (build/index.js); the package's root is one folder up.
    const entry = createRequire(join(PROJECT_ROOT, "package.json")).resolve(BUNDLED_PACKAGE);
    packageRoot = join(dirname(entry), "..");
  } catch {
    throw new Error(
      `No ${SYSTEM_CHROMIUM} and no ${BUNDLED_PACKAGE} in node_modules: run \`npm ci\` (or apt-get install chromium)`,
    );
  }
  const { version } = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
    version: string;
  };
  const bin = join(packageRoot, "bin");
  const dir = join(CACHE_ROOT, version);
  const executablePath = join(dir, "chromium");
  const libDir = join(dir, "lib");
  if (!existsSync(libDir)) unpackLibraries(join(bin, "al2023.tar.br"), dir, libDir);
  if (!existsSync(executablePath)) unpackBinary(join(bin, "chromium.br"), executablePath);
  return {
    source: "bundled",
    executablePath,
    env: { LD_LIBRARY_PATH: [libDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(":") },
  };
}

// Each unpack writes beside its target and renames into place, so a run that is stopped halfway, or two runs
// (Playwright's workers, `npm run size`) unpacking at once, never leave a truncated binary that a later run trusts.

function unpackBinary(compressed: string, target: string): void {
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  try {
    writeFileSync(partial, brotliDecompressSync(readFileSync(compressed)), { mode: 0o755 });
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}

function unpackLibraries(compressed: string, dir: string, target: string): void {
  const partial = join(dir, `unpack.${process.pid}.partial`);
  mkdirSync(partial, { recursive: true });
  try {
    // The archive holds lib/*.so*: Debian's tar is always there, so no archive library is needed for it.
    const untar = spawnSync("tar", ["-x", "-C", partial], {
      input: brotliDecompressSync(readFileSync(compressed)),
    });
    if (untar.status !== 0) throw new Error(`tar could not unpack ${compressed}: ${untar.stderr}`);
    try {
      renameSync(join(partial, "lib"), target);
    } catch (err) {
      // Another run got there first: its copy is as good.
      if (!existsSync(target)) throw err;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * What the bundled build cannot do, for the tests that need it to skip and say why. It is chrome-headless-shell
 * (Chromium's content layer without the browser UI layer), which has no notification service and no web-app
 * installer: Notification.permission is always "denied" and showNotification always fails, even with the
 * permission granted; Page.getInstallabilityErrors answers [] for any page, even one without a manifest, so an
 * installability test there would pass without checking anything. Debian's Chromium does both (`.ci/run`).
 */
export function missingFeature(feature: "notifications" | "installability"): string | undefined {
  if (chromiumBinary().source !== "bundled") return undefined;
  return feature === "notifications"
    ? "the bundled Chromium (headless shell) has no notifications: permission is always denied; install Debian's chromium to run this"
    : "the bundled Chromium (headless shell) does not check installability (it reports no errors for any page); install Debian's chromium to run this";
}

/** One line for a run's log: which Chromium this run uses. */
export function describeChromium(): string {
  const { source, executablePath } = chromiumBinary();
  return `Chromium: ${source}${executablePath ? ` (${executablePath})` : ""}`;
}

export function launchOptions(): LaunchOptions {
  const { executablePath, env } = chromiumBinary();
  return {
    headless: true,
    args: CHROMIUM_ARGS,
    ...(executablePath ? { executablePath } : {}),
    ...(Object.keys(env).length > 0 ? { env: { ...stringEnv(process.env), ...env } } : {}),
  };
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
