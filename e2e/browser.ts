import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/** Debian's Chromium when present (these machines cannot download Playwright's), else Playwright's own. */
export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchOptions(): LaunchOptions {
  return {
    headless: true,
    args: CHROMIUM_ARGS,
    ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  };
}
