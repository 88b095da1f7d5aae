/**
 * Bundle-size budgets: loads each top route of the production build, served by the real server, in Chromium
 * (service worker blocked, so precaching does not count) and sums the gzip size of every JavaScript file the
 * page fetched before it showed. Fails above a budget. Run after `npm run build`: `npm run size`.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { describeChromium, launchOptions } from "../e2e/browser.ts";
import { startProductServer } from "./product-server.ts";

// 130 KB until the games half: its addresses joined the route table every first visit downloads (docs/decisions.md
// "Budgets after the games half").
const BUDGET_BYTES = 132 * 1000;
const DIST = "dist";

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

if (!existsSync(join(DIST, "index.html"))) {
  console.error("size: no build in dist/; run `npm run build` first");
  process.exit(1);
}

/**
 * Initial JavaScript per top route: what a first visit to the route downloads before its page shows (gzip),
 * with the landing route held to the tightest budget. Member routes are measured logged in.
 */
const ROUTES: { path: string; member: boolean; budget: number }[] = [
  { path: "/", member: false, budget: BUDGET_BYTES },
  { path: "/download", member: false, budget: 155 * 1000 },
  { path: "/games", member: false, budget: 170 * 1000 },
  { path: "/how-to", member: false, budget: 145 * 1000 },
  { path: "/results", member: false, budget: 180 * 1000 },
  { path: "/main", member: true, budget: 180 * 1000 },
  { path: "/lotto", member: true, budget: 190 * 1000 },
  { path: "/poy", member: true, budget: 195 * 1000 },
];

console.log(describeChromium());
const over: string[] = [];
let landing: { total: number; rows: { path: string; size: number }[] } | null = null;
// Stopped in the finally on success and failure alike (scripts/server-process.ts covers signals and crashes):
// a server left on the port would be measured, old build and all, by the next run.
const server = await startProductServer(4392);
let browser: Browser | undefined;
try {
  browser = await chromium.launch(launchOptions());
  const memberCookies = await server.signUp();
  for (const route of ROUTES) {
    const context = await browser.newContext({ serviceWorkers: "block" });
    await context.addInitScript(() => localStorage.setItem("locale", "th"));
    if (route.member) {
      await context.addCookies(memberCookies);
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === server.base && url.pathname.endsWith(".js")) scripts.add(url.pathname);
    });
    await page.goto(`${server.base}${route.path}`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    if (new URL(page.url()).pathname !== route.path) {
      throw new Error(`size: ${route.path} ended at ${page.url()}; it must show its own page`);
    }
    await context.close();
    let total = 0;
    const rows = [...scripts].map((path) => {
      const size = gz(join(DIST, path));
      total += size;
      return { path, size };
    });
    if (route.path === "/") landing = { total, rows };
    console.log(
      `${route.path.padEnd(10)} ${kb(total).padStart(9)} gzip in ${String(rows.length).padStart(2)} files (budget ${kb(route.budget)})`,
    );
    if (total > route.budget) over.push(`${route.path} ${kb(total)} is over its ${kb(route.budget)} budget`);
  }
} finally {
  try {
    await browser?.close();
  } finally {
    await server.stop();
  }
}

if (landing) {
  console.log("landing route files:");
  for (const { path, size } of landing.rows.sort((a, b) => b.size - a.size))
    console.log(`${kb(size).padStart(9)}  ${path}`);
}

const swSize = gz(join(DIST, "sw.js"));
console.log(`service worker: ${kb(swSize)} gzip`);
const swSource = readFileSync(join(DIST, "sw.js"), "utf8");
const precached = [...swSource.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] as string);
const precacheBytes = precached.reduce((sum, url) => {
  const file = join(DIST, url);
  return sum + (existsSync(file) ? statSync(file).size : 0);
}, 0);
console.log(`precache: ${precached.length} files, ${kb(precacheBytes)} on disk`);

if (over.length > 0) {
  for (const line of over) console.error(`size: ${line}`);
  process.exit(1);
}
